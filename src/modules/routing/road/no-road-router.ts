import type { LngLat } from '../../rendering/contract';
import { roadFailure, RoadRoute, RoadRouter } from './road-router';

/** The road router when none is configured: every road leg fails with ROAD_ROUTE_ERROR. */
export class NoRoadRouter implements RoadRouter {
  async route(_from: LngLat, _to: LngLat): Promise<RoadRoute> {
    throw roadFailure('no road router is configured');
  }
}
