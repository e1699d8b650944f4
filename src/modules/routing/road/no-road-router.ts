import type { LngLat } from '../route-plan';
import { roadFailure, RoadRoute, RoadRouter } from './road-router';

/** What the failure says, so whoever runs the service sees which settings enable road legs. */
export const NO_ROAD_ROUTER_MESSAGE =
  'no road router is configured (set ROAD_NETWORK_FILE to an OpenStreetMap extract (.osm.pbf), an OSM XML or a GeoJSON road network file, or ROAD_ROUTER_URL to an OSRM server)';

/** The road router when none is configured: every road leg fails with ROAD_ROUTE_ERROR. */
export class NoRoadRouter implements RoadRouter {
  readonly unavailable = NO_ROAD_ROUTER_MESSAGE;

  async route(_from: LngLat, _to: LngLat): Promise<RoadRoute> {
    throw roadFailure(NO_ROAD_ROUTER_MESSAGE);
  }
}
