import { Module } from '@nestjs/common';
import { roadRouterProvider } from './road-router.provider';
import { RoutePlanner } from './route-planner.service';

/** Routing for the worker: the route planner and the road router it is given (built from configuration). */
@Module({
  providers: [roadRouterProvider, RoutePlanner],
  exports: [RoutePlanner],
})
export class RoutingModule {}
