import { FileRoadRouter } from './file-road-router';
import { OsrmRoadRouter } from './osrm-road-router';
import type { RoadRouter } from './road-router';

/**
 * The road router the configuration asks for: an OSRM server (`ROAD_ROUTER_URL`) when set,
 * else a road network file (`ROAD_NETWORK_FILE`), else none, and road legs then fail with
 * ROAD_ROUTE_ERROR "no road router is configured".
 */
export function createRoadRouter(options: { routerUrl?: string; networkFile?: string }): RoadRouter | null {
  if (options.routerUrl) return new OsrmRoadRouter(options.routerUrl);
  if (options.networkFile) return new FileRoadRouter(options.networkFile);
  return null;
}
