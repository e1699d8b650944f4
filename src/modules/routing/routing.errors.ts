import { DomainError } from '../../common/errors';

/** Codes of the legs routing cannot draw (contract §3): decided before any frame is rendered. */
export type RoutingErrorCode = 'MARITIME_ROUTE_ERROR' | 'ROAD_ROUTE_ERROR';

/**
 * A leg that cannot be routed: no sea route or a sea waypoint on land, no road between two
 * waypoints or no road network covering them. The message is meant for the job record (no
 * paths or internals); the render processor records it with its code.
 */
export class RoutingError extends DomainError<RoutingErrorCode> {
  constructor(code: RoutingErrorCode, message: string) {
    super(code, message);
  }
}
