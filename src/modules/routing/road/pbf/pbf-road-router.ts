import { Logger } from '@nestjs/common';
import type { LngLat } from '../../route-plan';
import { formatCoordinates, formatKm } from '../../format';
import { pathLengthKm, withoutRepeatedPoints } from '../../great-circle';
import { ROAD_SNAP_LIMIT_KM, roadFailure, RoadProfileId, RoadRoute, RoadRouter } from '../road-router';
import type { RoadGraph, RoadSnap } from './road-graph';
import { loadPbfRoadGraphOffThread } from './road-graph-thread';

/**
 * Routes road legs over an OpenStreetMap PBF extract (`ROAD_NETWORK_FILE=portugal-latest.osm.pbf`): the file is
 * read once into a RoadGraph (at start, `preload`, or on the first leg), and each leg is the fastest way for its
 * profile (car or truck), one-way streets honoured. A waypoint farther than the snap limit from any road the
 * profile may drive fails the leg with ROAD_ROUTE_ERROR naming the point.
 */
export class PbfRoadRouter implements RoadRouter {
  private readonly logger = new Logger(PbfRoadRouter.name);
  private graph?: Promise<RoadGraph>;

  constructor(
    private readonly path: string,
    private readonly maxSnapKm = ROAD_SNAP_LIMIT_KM,
  ) {}

  /** Reads the network now (a worker calls it at start, so the first leg does not wait for a country's file). */
  async preload(): Promise<void> {
    await this.load();
  }

  async route(from: LngLat, to: LngLat, profile: RoadProfileId = 'car'): Promise<RoadRoute> {
    const graph = await this.load();
    const start = this.snap(graph, from, profile);
    const end = this.snap(graph, to, profile);
    const path = graph.route(start, end, profile);
    if (!path) {
      const by = profile === 'truck' ? ' for a truck' : '';
      throw roadFailure(`no road${by} connects ${formatCoordinates(from)} and ${formatCoordinates(to)}`);
    }
    const coordinates = withoutRepeatedPoints([from, ...path.coordinates, to]);
    return { coordinates, distance_km: pathLengthKm(coordinates) };
  }

  private load(): Promise<RoadGraph> {
    this.graph ??= this.readOffThread();
    return this.graph.catch((error: unknown) => {
      this.graph = undefined; // a corrected file is picked up by the next job
      this.logger.error({ err: error }, 'The road network file could not be loaded');
      // The job record is shown to clients: no file paths or parser internals in it.
      throw roadFailure('the road network could not be loaded');
    });
  }

  /** Reads the file on a thread of its own (on this one a country's file would hold the event loop as long) and logs what it holds. */
  private async readOffThread(): Promise<RoadGraph> {
    const started = Date.now();
    const graph = await loadPbfRoadGraphOffThread(this.path);
    const { nodes, junctions, chains, ways } = graph.size;
    this.logger.log(
      { nodes, junctions, chains, ways, load_ms: Date.now() - started, graph_mib: Math.round(graph.bytes / 2 ** 20) },
      'Road network loaded',
    );
    return graph;
  }

  private snap(graph: RoadGraph, point: LngLat, profile: RoadProfileId): RoadSnap {
    const snapped = graph.snap(point, profile, this.maxSnapKm);
    if (snapped) return snapped;
    const km = graph.nearestKm(point, profile);
    const what = profile === 'truck' ? 'road a truck may drive' : 'road';
    const distance =
      km === undefined ? ` (no ${what} within 200 km)` : ` (nearest ${what} ${km < 10 ? km.toFixed(1) : formatKm(km)} km away)`;
    throw roadFailure(`no road network covers ${formatCoordinates(point)}${distance}`);
  }
}
