import type { LngLat } from '../route-plan';
import { roadFailure, RoadRoute, RoadRouter } from './road-router';

/** What the failure says, so whoever runs the service sees which settings enable road legs. */
const NO_ROAD_ROUTER_MESSAGE =
  'no road router is configured (set ROAD_ROUTER_URL to an OSRM server, or ROAD_NETWORK_FILE to a GeoJSON or OSM road network file)';

/** The road router when none is configured: every road leg fails with ROAD_ROUTE_ERROR. */
export class NoRoadRouter implements RoadRouter {
  async route(_from: LngLat, _to: LngLat): Promise<RoadRoute> {
    throw roadFailure(NO_ROAD_ROUTER_MESSAGE);
  }
}
