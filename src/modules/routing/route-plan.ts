/**
 * Routing's vocabulary: plain types and constants, no imports. The render contract
 * (src/modules/contract) re-exports the types for the compositions; the API's DTOs
 * validate against the constants.
 */

export const TRANSPORTS = ['plane', 'ship', 'car', 'truck', 'train', 'walk', 'none'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const ROUTE_MODES = ['manual', 'sea', 'road'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

export const CHOKEPOINTS = ['suez', 'panama', 'bosporus', 'malacca', 'gibraltar', 'hormuz', 'bab-el-mandeb', 'cape-horn'] as const;
export type Chokepoint = (typeof CHOKEPOINTS)[number];

/** The routing a transport uses when the request does not set `route.mode`. */
export const DEFAULT_ROUTE_MODE: Record<Transport, RouteMode> = {
  plane: 'manual',
  ship: 'sea',
  car: 'road',
  truck: 'road',
  train: 'manual',
  walk: 'manual',
  none: 'manual',
};

/** [longitude, latitude] in degrees, GeoJSON order. */
export type LngLat = [number, number];

/** A waypoint as routing needs it (a normalised render waypoint has these and more). */
export interface RouteWaypoint {
  lat: number;
  lng: number;
  label?: string;
  place?: string;
  /** Mode of the leg that leaves this waypoint (ignored on the last waypoint). */
  transport: Transport;
}

/** How a leg was routed: great-circle arc, maritime network, or road network. */
export type LegRouting = 'great-circle' | 'sea' | 'road';

export interface RouteLeg {
  /** 0-based index of the leg; leg i goes from waypoint i to waypoint i+1 (multi_route: from the origin to routes[i]). */
  leg: number;
  /** multi_route only: the index in `multi_route.routes` of the destination this leg reaches. */
  route?: number;
  /** Label (or place, or formatted coordinates) of the start and end waypoints. */
  from: string;
  to: string;
  transport: Transport;
  mode: LegRouting;
  distance_km: number;
  /**
   * The path, final as drawn: from waypoint `leg` to waypoint `leg + 1`, within MAX_POINTS_PER_LEG
   * points. Longitudes are continuous (unwrapped): a leg that crosses the antimeridian goes
   * e.g. 179 → 181 rather than jumping to -179, and each leg starts exactly where the previous
   * one ended, so the route can be drawn without a seam. multi_route's legs each start exactly
   * at the origin instead.
   */
  coordinates: LngLat[];
}

/**
 * Where a route passes a chokepoint (contract §19): within PASSAGE_DISTANCE_KM of one of the
 * `route.avoid` passages, or on a waypoint marked `emphasis: "chokepoint"`.
 */
export interface ChokepointPassage {
  /** The passage's id in `route.avoid`'s vocabulary; null for a waypoint marked as a chokepoint. */
  chokepoint: Chokepoint | null;
  /** How a sentence names it ("the Suez Canal", or the waypoint's label). */
  name: string;
  /** The leg that passes it, and where along that leg (0–1 of its length) it is closest. */
  leg: number;
  fraction: number;
  /** The route's point closest to it. */
  lng: number;
  lat: number;
}

/** The route `route.avoid` turned away from (planned for the reroute story, contract §19). */
export interface AvoidedRoute {
  legs: RouteLeg[];
  distance_km: number;
  /** How the route taken goes round instead ("the Cape"), when routing can name it. */
  via: string | null;
  /** The avoided passages the shorter route would have taken ("the Suez Canal"). */
  avoiding: string[];
}

export interface RoutePlan {
  legs: RouteLeg[];
  distance_km: number;
  /** long_reroute_burden only: the shorter route that was avoided. */
  avoided?: AvoidedRoute;
  /** The chokepoints the route passes, in the order travelled. Missing on plans stored before contract §19. */
  passages?: ChokepointPassage[];
}
