import type { Chokepoint, LngLat } from '../route-plan';
import { RoutingError } from '../routing.errors';
import { formatKm } from '../format';
import { greatCircleArc, unwrapLongitudes, withoutRepeatedPoints } from '../great-circle';
import type { Snap } from '../network/network-graph';
import { CHOKEPOINT_AREAS } from './chokepoints';
import { maritimeNetwork } from './maritime-network';

/**
 * How far a sea waypoint may lie from the nearest shipping lane. Measured from city-centre
 * coordinates: most ports are within 60 km of a lane (Rotterdam 23, Shanghai 58, Lima 64,
 * Jeddah 70, Tokyo 84 km), while cities that are no ports at all are far beyond (Denver and
 * Ulaanbaatar over 1,300 km, Chicago over 400 km as the Great Lakes are not in the network).
 * 200 km leaves room for ports up estuaries the network stops short of, and refuses inland
 * cities instead of dragging them to the nearest coast as `searoute-js` does.
 */
export const SEA_SNAP_LIMIT_KM = 200;

export interface SeaEndpoint {
  position: LngLat;
  /** How the waypoint is named in error messages. */
  name: string;
}

export interface SeaRoute {
  /** From `from.position` to `to.position`, continuous longitudes starting at `from`'s. */
  coordinates: LngLat[];
  distanceKm: number;
}

/**
 * Shortest sea route between two points over the maritime network, optionally avoiding
 * chokepoints. Throws RoutingError('MARITIME_ROUTE_ERROR') when a point is too far from the
 * network, the points lie on separate waters, or the avoided passages leave no way through.
 */
export function routeBySea(from: SeaEndpoint, to: SeaEndpoint, avoid: readonly Chokepoint[] = []): SeaRoute {
  const network = maritimeNetwork();
  const excluded = network.excludedSegments(avoid);
  const fromSnaps = nearestPerComponent(from, avoid, excluded);
  const toSnaps = nearestPerComponent(to, avoid, excluded);

  let best: [Snap, Snap] | undefined;
  for (const [component, a] of fromSnaps) {
    const b = toSnaps.get(component);
    if (b && (!best || a.distanceKm + b.distanceKm < best[0].distanceKm + best[1].distanceKm)) best = [a, b];
  }
  if (!best) throw failure(`${from.name} and ${to.name} lie on separate waters with no sea route between them`);

  const path = network.graph.shortestPath(best[0], best[1], excluded);
  if (!path) {
    const closed = avoid.map((c) => CHOKEPOINT_AREAS[c].name);
    throw failure(
      closed.length
        ? `no sea route from ${from.name} to ${to.name} avoids ${joinWithAnd(closed)}`
        : `no sea route from ${from.name} to ${to.name}`,
    );
  }
  // Short connectors between each waypoint and the lane it joins (a port is rarely on the lane itself).
  const coordinates = unwrapLongitudes([
    ...greatCircleArc(from.position, best[0].point).slice(0, -1),
    ...path.coordinates,
    ...greatCircleArc(best[1].point, to.position).slice(1),
  ]);
  const distanceKm = best[0].distanceKm + path.lengthKm + best[1].distanceKm;
  return { coordinates: withoutRepeatedPoints(coordinates), distanceKm };
}

/** The nearest usable lane of every separate body of water within reach of the point. */
function nearestPerComponent(endpoint: SeaEndpoint, avoid: readonly Chokepoint[], excluded?: Uint8Array): Map<number, Snap> {
  const { graph } = maritimeNetwork();
  const nearest = new Map<number, Snap>();
  for (const snap of graph.snapCandidates(endpoint.position, SEA_SNAP_LIMIT_KM, excluded)) {
    if (!nearest.has(snap.component)) nearest.set(snap.component, snap);
  }
  if (nearest.size > 0) return nearest;

  if (excluded && graph.snapCandidates(endpoint.position, SEA_SNAP_LIMIT_KM).length > 0) {
    const closed = avoid.map((c) => CHOKEPOINT_AREAS[c].name);
    throw failure(`${endpoint.name} is only reachable through ${joinWithAnd(closed)}, which the route avoids`);
  }
  const anywhere = graph.nearestAnywhere(endpoint.position, excluded);
  throw failure(`${endpoint.name} is ${anywhere ? formatKm(anywhere.distanceKm) : 'too far'} km from navigable water`);
}

function failure(message: string): RoutingError {
  return new RoutingError('MARITIME_ROUTE_ERROR', message);
}

function joinWithAnd(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
