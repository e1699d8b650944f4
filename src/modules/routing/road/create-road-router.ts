import { FileRoadRouter } from './file-road-router';
import { NoRoadRouter } from './no-road-router';
import { OsrmRoadRouter } from './osrm-road-router';
import { PbfRoadRouter } from './pbf/pbf-road-router';
import type { RoadRouter } from './road-router';

/**
 * The road router the configuration asks for: an OSRM server (`ROAD_ROUTER_URL`) when set,
 * else a road network file (`ROAD_NETWORK_FILE`: an OpenStreetMap extract `.osm.pbf`/`.pbf`, or GeoJSON or
 * OSM XML), else none: NoRoadRouter, whose road legs are refused with ROAD_ROUTE_ERROR.
 */
export function createRoadRouter(options: { routerUrl?: string; networkFile?: string }): RoadRouter {
  if (options.routerUrl) return new OsrmRoadRouter(options.routerUrl);
  if (options.networkFile) {
    return /\.pbf$/i.test(options.networkFile) ? new PbfRoadRouter(options.networkFile) : new FileRoadRouter(options.networkFile);
  }
  return new NoRoadRouter();
}
