import type { LngLat } from '../route-plan';
import { formatCoordinates, formatKm } from '../format';
import { withoutRepeatedPoints } from '../great-circle';
import type { NetworkGraph, Snap } from '../network/network-graph';
import { loadRoadNetwork } from './road-network-file';
import { ROAD_SNAP_LIMIT_KM, roadFailure, RoadRoute, RoadRouter } from './road-router';

/**
 * Routes over a road network file the operator supplies (GeoJSON or OSM XML), by shortest
 * length. The file is read once, on the first route, and kept in memory.
 */
export class FileRoadRouter implements RoadRouter {
  private network?: Promise<NetworkGraph>;

  constructor(
    private readonly path: string,
    private readonly maxSnapKm = ROAD_SNAP_LIMIT_KM,
  ) {}

  async route(from: LngLat, to: LngLat): Promise<RoadRoute> {
    const graph = await this.load();
    const start = this.snap(graph, from);
    const end = this.snap(graph, to);
    const path = graph.shortestPath(start, end);
    if (!path) throw roadFailure(`no road connects ${formatCoordinates(from)} and ${formatCoordinates(to)}`);
    const coordinates = withoutRepeatedPoints([from, ...path.coordinates, to]);
    return { coordinates, distance_km: start.distanceKm + path.lengthKm + end.distanceKm };
  }

  private async load(): Promise<NetworkGraph> {
    this.network ??= loadRoadNetwork(this.path);
    try {
      return await this.network;
    } catch {
      this.network = undefined; // a corrected file is picked up by the next job
      // The job record is shown to clients: no file paths or parser internals in it.
      throw roadFailure('the road network could not be loaded');
    }
  }

  private snap(graph: NetworkGraph, point: LngLat): Snap {
    const [nearest] = graph.snapCandidates(point, this.maxSnapKm);
    if (nearest) return nearest;
    const anywhere = graph.nearestAnywhere(point);
    const km = anywhere?.distanceKm;
    const distance = km === undefined ? '' : ` (nearest road ${km < 10 ? km.toFixed(1) : formatKm(km)} km away)`;
    throw roadFailure(`no road network covers ${formatCoordinates(point)}${distance}`);
  }
}
