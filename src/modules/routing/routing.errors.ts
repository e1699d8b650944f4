import { DomainError } from '../../common/errors';

/** Codes of the legs routing cannot draw (contract §3): decided before any frame is rendered. */
export type RouteFailureCode = 'MARITIME_ROUTE_ERROR' | 'ROAD_ROUTE_ERROR';

/** Every code routing throws: a leg it cannot draw, or a preview's route past its budget (ROUTE_TOO_COMPLEX). */
export type RoutingErrorCode = RouteFailureCode | RouteBudgetErrorCode;

/**
 * A leg that cannot be routed: no sea route or a sea waypoint on land, no road between two
 * waypoints or no road network covering them. The message is meant for the job record (no
 * paths or internals); the render processor records it with its code.
 */
export class RoutingError extends DomainError<RouteFailureCode> {
  constructor(code: RouteFailureCode, message: string) {
    super(code, message);
  }
}

/** A preview's route that took longer to plan than the preview's routing budget allows (contract §27): answered 422. */
export type RouteBudgetErrorCode = 'ROUTE_TOO_COMPLEX';

export const RouteBudgetErrors = {
  routeTooComplex: (budgetMs: number) =>
    new DomainError<RouteBudgetErrorCode>(
      'ROUTE_TOO_COMPLEX',
      `Planning this route took longer than ${formatBudget(budgetMs)}, the time a preview may take to route; ` +
        'a route with fewer sea or road legs, or fewer avoided passages, plans faster.',
    ),
};

function formatBudget(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
