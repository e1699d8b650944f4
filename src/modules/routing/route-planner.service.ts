import { Inject, Injectable } from '@nestjs/common';
import type { RoutePlan } from './route-plan';
import { planRoute, PlanRouteInput, refuseRoadLegsWithoutRouter } from './plan-route';
import { ROAD_ROUTER } from './road-router.provider';
import type { RoadRouter } from './road/road-router';

/**
 * Plans a render's route with the configured road router: final leg geometry (within the
 * per-leg point budget, longitudes continuous). A normalised render request is a valid input:
 * route_animation's waypoints are chained, multi_route's destinations fan out from its origin,
 * and the modes without a route get an empty plan. Throws RoutingError for a leg it cannot route.
 */
@Injectable()
export class RoutePlanner {
  constructor(@Inject(ROAD_ROUTER) private readonly roadRouter: RoadRouter) {}

  plan(input: PlanRouteInput): Promise<RoutePlan> {
    return planRoute(input, { roadRouter: this.roadRouter });
  }

  /**
   * Throws ROAD_ROUTE_ERROR, naming the first road leg and the settings that enable road legs, when the
   * input has a road leg and no road router is configured: what intake refuses at once (contract §24).
   */
  refuseUnroutableRoads(input: PlanRouteInput): void {
    refuseRoadLegsWithoutRouter(input, { roadRouter: this.roadRouter });
  }
}
