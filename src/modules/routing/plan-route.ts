import {
  AvoidedRoute,
  Chokepoint,
  DEFAULT_ROUTE_MODE,
  LegRouting,
  LngLat,
  RouteWaypoint,
  RouteLeg,
  RouteMode,
  RoutePlan,
  Transport,
} from './route-plan';
import { RoutingError } from './routing.errors';
import { formatCoordinates, roundKm } from './format';
import { greatCircleArc, haversineKm, nearestEquivalentLng, unwrapLongitudes } from './great-circle';
import type { RoadProfileId, RoadRouter } from './road/road-router';
import { CHOKEPOINT_AREAS } from './sea/chokepoints';
import { detoursRounded, findPassages } from './sea/passages';
import { routeBySea } from './sea/sea-router';
import { simplifyToAtMost } from './simplify';

/** Points per leg the renderer is given at most; plenty for a smooth line at 4K. */
export const MAX_POINTS_PER_LEG = 2000;
/** Great circles get a point every 50 km: smooth on a world map, a few hundred points at most. */
const GREAT_CIRCLE_STEP_KM = 50;

const ROUTING_OF_MODE: Record<RouteMode, LegRouting> = { manual: 'great-circle', sea: 'sea', road: 'road' };

/** A point to route from or to: coordinates, and the names a message or a plan calls it by. */
export type RoutePoint = Pick<RouteWaypoint, 'lat' | 'lng' | 'label' | 'place'>;

/** multi_route (contract §13): one origin fanning out to destinations, each reached by its own transport. */
export interface FanOutRoutes {
  origin: RoutePoint;
  routes: Array<RoutePoint & { transport: Transport }>;
}

/**
 * What to route. The request's shape says which plan it gets: `multi_route` set → one leg from
 * the origin to each destination; otherwise the waypoints chained leg after leg, and no
 * waypoints at all (region_focus, country_data) → an empty plan.
 */
export interface PlanRouteInput {
  waypoints: RouteWaypoint[];
  transport: Transport;
  route: { mode?: RouteMode; avoid: Chokepoint[] };
  multi_route?: FanOutRoutes;
  /**
   * Plan the route as it would run without `route.avoid` too (RoutePlan.avoided), for a camera story that shows it
   * (contract §19; the render contract's CAMERA_STORIES says which). Routing knows no camera presets.
   */
  showAvoidedRoute?: boolean;
}

export interface PlanRouteDeps {
  /** Routes road legs; NoRoadRouter when none is configured (road legs then fail with ROAD_ROUTE_ERROR). */
  roadRouter: RoadRouter;
  /** Called before each leg is routed; throws to stop the plan there (the routing thread's budget, `routing-thread.ts`). */
  checkpoint?: () => void;
}

/**
 * Plans a render's route (see PlanRouteInput for which kind). The plan's legs are final geometry:
 * within MAX_POINTS_PER_LEG points, longitudes continuous (a line past 180° keeps going).
 */
export async function planRoute(input: PlanRouteInput, deps: PlanRouteDeps): Promise<RoutePlan> {
  if (input.multi_route) return planFanOut(input.multi_route, input, deps);
  if (input.waypoints.length === 0) return { legs: [], distance_km: 0 };
  const plan = await planChain(input, deps);
  if (!input.showAvoidedRoute || input.route.avoid.length === 0) return plan;
  const avoided = await avoidedRoute(input, plan, deps);
  return avoided ? { ...plan, avoided } : plan;
}

/**
 * The route as it would run without `route.avoid`, when it is shorter than the one taken, and how the
 * taken one goes round (`via`: a cape it rounds that the other does not). None when the avoided route
 * cannot be routed or is no shorter (the avoided passages were not on the way).
 */
async function avoidedRoute(input: PlanRouteInput, taken: RoutePlan, deps: PlanRouteDeps): Promise<AvoidedRoute | undefined> {
  let shorter: RoutePlan;
  try {
    shorter = await planChain({ ...input, route: { ...input.route, avoid: [] }, showAvoidedRoute: false }, deps);
  } catch (error) {
    if (error instanceof RoutingError) return undefined;
    throw error;
  }
  if (shorter.distance_km >= taken.distance_km - 1) return undefined;
  const avoidedNames = new Set((shorter.passages ?? []).map((p) => p.name));
  const rounded = detoursRounded(taken.legs).filter((name) => !detoursRounded(shorter.legs).includes(name));
  const newPassages = (taken.passages ?? []).map((p) => p.name).filter((name) => !avoidedNames.has(name));
  return {
    legs: shorter.legs,
    distance_km: shorter.distance_km,
    via: rounded[0] ?? newPassages[0] ?? null,
    avoiding: input.route.avoid.map((id) => CHOKEPOINT_AREAS[id].name).filter((name) => avoidedNames.has(name)),
  };
}

/**
 * Routes every leg of a route: leg i runs from waypoint i to waypoint i+1 with that waypoint's
 * transport, routed by `route.mode` when set, else by the transport's default (great circle,
 * sea network or road router). The legs join end to end with continuous longitudes, so the
 * whole route draws as one line. A leg that cannot be routed throws RoutingError naming the leg,
 * e.g. "Leg 2 (Rotterdam → Denver): Denver is 1,420 km from navigable water".
 */
async function planChain(input: PlanRouteInput, deps: PlanRouteDeps): Promise<RoutePlan> {
  const { waypoints } = input;
  if (waypoints.length < 2) throw new Error(`a route needs at least 2 waypoints, got ${waypoints.length}`);

  const legs: RouteLeg[] = [];
  let previousEnd: LngLat | undefined;
  for (let i = 0; i < waypoints.length - 1; i++) {
    const start = waypoints[i];
    const end = waypoints[i + 1];
    const from = waypointName(start);
    const to = waypointName(end);
    const leg = await planLeg(i, start, end, start.transport, previousEnd, input, deps, `Leg ${i + 1} (${from} → ${to})`);
    previousEnd = leg.coordinates[leg.coordinates.length - 1];
    legs.push(leg);
  }
  return withTotal(legs);
}

/**
 * multi_route: leg i runs from the origin to destination i, by that destination's transport and
 * routed exactly like a leg of a route. Every leg starts exactly at the origin (legs are not
 * chained), its longitudes continuous from there. A route that cannot be routed throws
 * RoutingError naming it, e.g. "routes[3] (Santos): Santos is 400 km from navigable water".
 */
async function planFanOut(fanOut: FanOutRoutes, input: PlanRouteInput, deps: PlanRouteDeps): Promise<RoutePlan> {
  const originPosition: LngLat = [fanOut.origin.lng, fanOut.origin.lat];
  const legs: RouteLeg[] = [];
  for (let i = 0; i < fanOut.routes.length; i++) {
    const destination = fanOut.routes[i];
    const leg = await planLeg(
      i,
      fanOut.origin,
      destination,
      destination.transport,
      originPosition,
      input,
      deps,
      `routes[${i}] (${waypointName(destination)})`,
    );
    legs.push({ ...leg, route: i });
  }
  return withTotal(legs);
}

/** One leg, from `start` to `end`, its line continuing from `continueAt` when given; failures prefixed with `name`. */
async function planLeg(
  index: number,
  start: RoutePoint,
  end: RoutePoint,
  transport: Transport,
  continueAt: LngLat | undefined,
  input: PlanRouteInput,
  deps: PlanRouteDeps,
  name: string,
): Promise<RouteLeg> {
  deps.checkpoint?.();
  const mode = input.route.mode ?? DEFAULT_ROUTE_MODE[transport];
  const from = waypointName(start);
  const to = waypointName(end);
  let routed: { coordinates: LngLat[]; distanceKm: number };
  try {
    routed = await routeLeg(
      mode,
      { position: [start.lng, start.lat], name: from },
      { position: [end.lng, end.lat], name: to },
      transport,
      input,
      deps,
    );
  } catch (error) {
    if (error instanceof RoutingError) throw new RoutingError(error.code, `${name}: ${error.message}`);
    throw error;
  }
  const coordinates = continueFrom(continueAt, simplifyToAtMost(routed.coordinates, MAX_POINTS_PER_LEG));
  return { leg: index, from, to, transport, mode: ROUTING_OF_MODE[mode], distance_km: roundKm(routed.distanceKm), coordinates };
}

/** The total is the sum of the legs as shown, so a HUD adding them up agrees with it. */
function withTotal(legs: RouteLeg[]): RoutePlan {
  return { legs, distance_km: roundKm(legs.reduce((sum, leg) => sum + leg.distance_km, 0)), passages: findPassages(legs) };
}

interface Endpoint {
  position: LngLat;
  name: string;
}

async function routeLeg(
  mode: RouteMode,
  from: Endpoint,
  to: Endpoint,
  transport: Transport,
  input: PlanRouteInput,
  deps: PlanRouteDeps,
): Promise<{ coordinates: LngLat[]; distanceKm: number }> {
  // A leg that goes nowhere (a waypoint repeated for a pause) is a point, whatever the mode.
  if (haversineKm(from.position, to.position) === 0) return { coordinates: [from.position, to.position], distanceKm: 0 };
  switch (mode) {
    case 'manual':
      return {
        coordinates: greatCircleArc(from.position, to.position, GREAT_CIRCLE_STEP_KM),
        distanceKm: haversineKm(from.position, to.position),
      };
    case 'sea':
      return routeBySea(from, to, input.route.avoid);
    case 'road': {
      try {
        const road = await deps.roadRouter.route(from.position, to.position, roadProfileOf(transport));
        return { coordinates: road.coordinates, distanceKm: road.distance_km };
      } catch (error) {
        throw error instanceof RoutingError ? new RoutingError(error.code, namingWaypoints(error.message, from, to)) : error;
      }
    }
  }
}

/**
 * A road router names points by coordinates; the message names the waypoints too ("no road network covers
 * Atlantic (38.50°N 10.00°W)"), where they have a name of their own.
 */
function namingWaypoints(message: string, ...endpoints: [Endpoint, Endpoint]): string {
  // Two points within a rounding of each other: the message could not tell which it names.
  if (formatCoordinates(endpoints[0].position) === formatCoordinates(endpoints[1].position)) return message;
  return endpoints.reduce((text, { position, name }) => {
    const coordinates = formatCoordinates(position);
    return name === coordinates ? text : text.replace(coordinates, `${name} (${coordinates})`);
  }, message);
}

/** Trucks drive as trucks; every other leg routed by road (a car, or `route.mode: "road"`) as a car. */
function roadProfileOf(transport: Transport): RoadProfileId {
  return transport === 'truck' ? 'truck' : 'car';
}

/**
 * Whether the plan has a leg by sea or by road (that goes somewhere): routed over a network, which can take a while
 * (the sea lanes' graph, a road network), where great circles take no time at all.
 */
export function routesOverNetworks(input: PlanRouteInput): boolean {
  const overNetwork = (transport: Transport) => (input.route.mode ?? DEFAULT_ROUTE_MODE[transport]) !== 'manual';
  const moves = (a: RoutePoint, b: RoutePoint) => haversineKm([a.lng, a.lat], [b.lng, b.lat]) > 0;
  if (input.multi_route) {
    const { origin, routes } = input.multi_route;
    return routes.some((destination) => overNetwork(destination.transport) && moves(origin, destination));
  }
  return input.waypoints.slice(0, -1).some((start, i) => overNetwork(start.transport) && moves(start, input.waypoints[i + 1]));
}

/**
 * The legs of a plan that go by road, by the names a failure gives them ("Leg 2 (Porto → Madrid)",
 * "routes[1] (Madrid)"), in plan order. A leg that goes nowhere (a waypoint repeated) is no road leg.
 */
export function roadLegNames(input: PlanRouteInput): string[] {
  const isRoad = (transport: Transport) => (input.route.mode ?? DEFAULT_ROUTE_MODE[transport]) === 'road';
  const moves = (a: RoutePoint, b: RoutePoint) => haversineKm([a.lng, a.lat], [b.lng, b.lat]) > 0;
  if (input.multi_route) {
    const { origin, routes } = input.multi_route;
    return routes.flatMap((destination, i) =>
      isRoad(destination.transport) && moves(origin, destination) ? [`routes[${i}] (${waypointName(destination)})`] : [],
    );
  }
  return input.waypoints.slice(0, -1).flatMap((start, i) => {
    const end = input.waypoints[i + 1];
    return isRoad(start.transport) && moves(start, end) ? [`Leg ${i + 1} (${waypointName(start)} → ${waypointName(end)})`] : [];
  });
}

/**
 * Throws the ROAD_ROUTE_ERROR a road leg would fail with when the road router can route nothing (none
 * is configured), naming the first road leg and the settings that enable road legs; nothing otherwise.
 * Intake calls it so that such a render is refused at once, before any job or quota.
 */
export function refuseRoadLegsWithoutRouter(input: PlanRouteInput, deps: PlanRouteDeps): void {
  const reason = deps.roadRouter.unavailable;
  if (!reason) return;
  const [first] = roadLegNames(input);
  if (first) throw new RoutingError('ROAD_ROUTE_ERROR', `${first}: ${reason}`);
}

/**
 * The leg's line with continuous longitudes, moved by whole turns so it starts exactly where
 * the previous leg ended, or at the origin it fans out from (a line drawn past 180° keeps
 * going from there).
 */
function continueFrom(previousEnd: LngLat | undefined, line: LngLat[]): LngLat[] {
  const unwrapped = unwrapLongitudes(line);
  if (!previousEnd) return unwrapped;
  const shift = nearestEquivalentLng(unwrapped[0][0], previousEnd[0]) - unwrapped[0][0];
  const shifted = unwrapped.map(([lng, lat]): LngLat => [lng + shift, lat]);
  shifted[0] = [previousEnd[0], previousEnd[1]]; // exactly, not to within rounding
  return shifted;
}

/** How plans and messages name a waypoint: its label, else its place, else its coordinates. */
export function waypointName(waypoint: RoutePoint): string {
  return waypoint.label || waypoint.place || formatCoordinates([waypoint.lng, waypoint.lat]);
}
