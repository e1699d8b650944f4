import { Inject, Module, OnApplicationBootstrap } from '@nestjs/common';
import { ROAD_ROUTER, roadRouterProvider } from './road-router.provider';
import type { RoadRouter } from './road/road-router';
import { RoutePlanner } from './route-planner.service';

/**
 * Routing for the worker and the preview: the route planner and the road router it is given (built from
 * configuration). A road network file is read once as the process starts (a country's extract takes seconds to
 * a minute, logged as "Road network loaded"), not by the first leg; a file that cannot be read is logged and
 * tried again by the next road leg, which fails ROAD_ROUTE_ERROR meanwhile.
 */
@Module({
  providers: [roadRouterProvider, RoutePlanner],
  exports: [RoutePlanner],
})
export class RoutingModule implements OnApplicationBootstrap {
  constructor(@Inject(ROAD_ROUTER) private readonly roadRouter: RoadRouter) {}

  onApplicationBootstrap(): void {
    // Once the app is up. The reading runs on a thread of its own (seconds to a minute for a country's extract), so
    // this process answers its probes and renews its queue locks meanwhile.
    void this.roadRouter.preload?.().catch(() => undefined);
  }
}
