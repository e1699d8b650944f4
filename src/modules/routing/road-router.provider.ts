import type { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { createRoadRouter } from './road/create-road-router';
import type { RoadRouter } from './road/road-router';

/** Injection token of the road router (a port: OSRM server, road network file, or none). */
export const ROAD_ROUTER = Symbol('ROAD_ROUTER');

/** `ROAD_ROUTER_URL` → OSRM, else `ROAD_NETWORK_FILE` → file router, else no road router. */
export const roadRouterProvider: Provider<RoadRouter> = {
  provide: ROAD_ROUTER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) =>
    createRoadRouter({ routerUrl: config.rendering.roadRouterUrl, networkFile: config.rendering.roadNetworkFile }),
};
