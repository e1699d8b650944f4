import type { RoutePlan } from './route-plan';
import { planRoute, PlanRouteInput, refuseRoadLegsWithoutRouter, routesOverNetworks } from './plan-route';
import type { RoadRouter } from './road/road-router';
import type { RoutingThread } from './routing-thread';

/** A process that serves the API routes over the sea lanes and road networks on the routing thread (ADR 0036). */
export interface OffThreadRouting {
  thread: RoutingThread;
  /** How long a preview's route may take (PREVIEW_ROUTING_BUDGET_MS); past it, ROUTE_TOO_COMPLEX. */
  previewBudgetMs: number;
}

/**
 * Plans a render's route with the configured road router: final leg geometry (within the
 * per-leg point budget, longitudes continuous). A normalised render request is a valid input:
 * route_animation's waypoints are chained, multi_route's destinations fan out from its origin,
 * and the modes without a route get an empty plan. Throws RoutingError for a leg it cannot route.
 *
 * With `offThread` (a process that serves the API: `api`, `all`), a route with a leg by sea or by road is planned on
 * the routing thread (`routing-thread.ts`), so that the event loop keeps answering (contract §27), a job's as well as a
 * preview's; great circles take no time and are planned here. Without it (a worker process, unit tests) every route
 * is planned here.
 */
export class RoutePlanner {
  constructor(
    private readonly roadRouter: RoadRouter,
    private readonly offThread?: OffThreadRouting,
  ) {}

  /** A job's route (the worker's render path): no time limit. */
  plan(input: PlanRouteInput): Promise<RoutePlan> {
    if (this.offThread && routesOverNetworks(input)) return this.offThread.thread.plan(input, { budgetMs: null });
    return planRoute(input, { roadRouter: this.roadRouter });
  }

  /** A preview's route: within the preview's routing budget, past which it is refused with ROUTE_TOO_COMPLEX (422). */
  planPreview(input: PlanRouteInput): Promise<RoutePlan> {
    if (this.offThread && routesOverNetworks(input)) {
      return this.offThread.thread.plan(input, { budgetMs: this.offThread.previewBudgetMs });
    }
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
