import { Chokepoint, DEFAULT_ROUTE_MODE, LegRouting, LngLat, RouteWaypoint, RouteLeg, RouteMode, RoutePlan, Transport } from './route-plan';
import { RoutingError } from './routing.errors';
import { formatCoordinates, roundKm } from './format';
import { greatCircleArc, haversineKm, nearestEquivalentLng, unwrapLongitudes } from './great-circle';
import type { RoadRouter } from './road/road-router';
import { routeBySea } from './sea/sea-router';
import { simplifyToAtMost } from './simplify';

/** Points per leg the renderer is given at most; plenty for a smooth line at 4K. */
export const MAX_POINTS_PER_LEG = 2000;
/** Great circles get a point every 50 km: smooth on a world map, a few hundred points at most. */
const GREAT_CIRCLE_STEP_KM = 50;

const ROUTING_OF_MODE: Record<RouteMode, LegRouting> = { manual: 'great-circle', sea: 'sea', road: 'road' };

export interface PlanRouteInput {
  waypoints: RouteWaypoint[];
  transport: Transport;
  route: { mode?: RouteMode; avoid: Chokepoint[] };
}

export interface PlanRouteDeps {
  /** Routes road legs; NoRoadRouter when none is configured (road legs then fail with ROAD_ROUTE_ERROR). */
  roadRouter: RoadRouter;
}

/**
 * Routes every leg of a render: leg i runs from waypoint i to waypoint i+1 with that waypoint's
 * transport, routed by `route.mode` when set, else by the transport's default (great circle,
 * sea network or road router). The legs join end to end with continuous longitudes, so the
 * whole route draws as one line. A leg that cannot be routed throws RoutingError naming the leg,
 * e.g. "Leg 2 (Rotterdam → Denver): Denver is 1,420 km from navigable water".
 */
export async function planRoute(input: PlanRouteInput, deps: PlanRouteDeps): Promise<RoutePlan> {
  const { waypoints } = input;
  if (waypoints.length < 2) throw new Error(`a route needs at least 2 waypoints, got ${waypoints.length}`);

  const legs: RouteLeg[] = [];
  let previousEnd: LngLat | undefined;
  for (let i = 0; i < waypoints.length - 1; i++) {
    const start = waypoints[i];
    const end = waypoints[i + 1];
    const transport = start.transport;
    const mode = input.route.mode ?? DEFAULT_ROUTE_MODE[transport];
    const from = waypointName(start);
    const to = waypointName(end);

    let routed: { coordinates: LngLat[]; distanceKm: number };
    try {
      routed = await routeLeg(
        mode,
        { position: [start.lng, start.lat], name: from },
        { position: [end.lng, end.lat], name: to },
        input,
        deps,
      );
    } catch (error) {
      if (error instanceof RoutingError) throw new RoutingError(error.code, `Leg ${i + 1} (${from} → ${to}): ${error.message}`);
      throw error;
    }

    const coordinates = continueFrom(previousEnd, simplifyToAtMost(routed.coordinates, MAX_POINTS_PER_LEG));
    previousEnd = coordinates[coordinates.length - 1];
    legs.push({ leg: i, from, to, transport, mode: ROUTING_OF_MODE[mode], distance_km: roundKm(routed.distanceKm), coordinates });
  }
  // The total is the sum of the legs as shown, so a HUD adding them up agrees with it.
  return { legs, distance_km: roundKm(legs.reduce((sum, leg) => sum + leg.distance_km, 0)) };
}

interface Endpoint {
  position: LngLat;
  name: string;
}

async function routeLeg(
  mode: RouteMode,
  from: Endpoint,
  to: Endpoint,
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
      const road = await deps.roadRouter.route(from.position, to.position);
      return { coordinates: road.coordinates, distanceKm: road.distance_km };
    }
  }
}

/**
 * The leg's line with continuous longitudes, moved by whole turns so it starts exactly where
 * the previous leg ended (a route drawn past 180° keeps going from there).
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
export function waypointName(waypoint: Pick<RouteWaypoint, 'label' | 'place' | 'lat' | 'lng'>): string {
  return waypoint.label || waypoint.place || formatCoordinates([waypoint.lng, waypoint.lat]);
}
