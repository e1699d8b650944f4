import type { LngLat } from '../route-plan';
import { RoutingError } from '../routing.errors';

export interface RoadRoute {
  /** From the start point to the end point, [lng, lat]. */
  coordinates: LngLat[];
  distance_km: number;
}

/**
 * The road-routing port. Implementations throw RoutingError('ROAD_ROUTE_ERROR', …) when no road
 * connects the points, when no road network covers one of them, or when the router cannot
 * answer. Messages name points by coordinates; the caller adds the leg and waypoint names.
 */
export interface RoadRouter {
  route(from: LngLat, to: LngLat, profile?: RoadProfileId): Promise<RoadRoute>;
  /**
   * Set when this router can route no leg at all (none is configured): why, naming the settings that
   * enable road legs. Intake refuses road legs with it at once instead of accepting a job that would fail.
   */
  readonly unavailable?: string;
  /** Reads what the router routes over now, if it reads anything (a road network file), so the first leg does not wait. */
  preload?(): Promise<void>;
}

/** The vehicle a road leg is driven by (contract §3): `truck` legs keep to roads a lorry may use, at lorry speeds. */
export type RoadProfileId = 'car' | 'truck';

/**
 * Farthest a waypoint may be from the nearest road. Town centres and addresses lie within a
 * few hundred metres of one; beyond 2 km the point is in a sea, a desert or outside the
 * network's coverage, and drawing a straight line to some distant road would mislead.
 */
export const ROAD_SNAP_LIMIT_KM = 2;

export function roadFailure(message: string): RoutingError {
  return new RoutingError('ROAD_ROUTE_ERROR', message);
}
