import { Injectable } from '@nestjs/common';
import type { Principal } from '../../auth';
import { RoutePlanner, routePlanToFeatureCollection } from '../../routing';
import { ValidationFailed } from '../../../common/errors';
import { RenderAdmission, type RenderRefusal } from '../admission/render-admission';
import { buildCompositionProps, MAP_ANIMATION_COMPOSITION_ID, routeInputOf } from '../../contract';
import type { RenderPreviewDto, RenderRefusalDto } from '../dto/render-preview.dto';
import { RenderBodyParser } from '../templates/render-body.parser';

/** A refusal as `render_refusals` lists it: a validation error by its one issue (field, code, message). */
export function presentRefusal(refusal: RenderRefusal): RenderRefusalDto {
  const issue = refusal.error instanceof ValidationFailed ? refusal.error.issues[0] : undefined;
  return {
    error_code: refusal.error.code as RenderRefusalDto['error_code'],
    message: issue?.message ?? refusal.error.message,
    ...(refusal.field !== undefined ? { field: refusal.field } : {}),
    ...(issue ? { issue_code: issue.code } : {}),
    lifted_by: refusal.liftedBy,
  } satisfies RenderRefusalDto;
}

/**
 * `POST /v1/render/preview` (contract §15): exactly the input a worker would render for this body.
 * The body goes through the steps of `POST /v1/render` up to the quota (template merge, validation,
 * normalisation), then the worker's own steps before the first frame: the same RoutePlanner and the
 * same `buildCompositionProps`, so preview and video cannot differ. Durations and resolutions up to
 * the largest tier's are previewed; what the render would refuse that a plan, a verified e-mail or the
 * next period lifts is answered as `render_allowed: false` with `render_refusals` (RenderAdmission's
 * one list). No quota, no job; a route that cannot be planned is the RoutingError's 422, one that takes longer to plan
 * than the preview's routing budget 422 ROUTE_TOO_COMPLEX (contract §27). The
 * answer also names the places the service resolved by name, so a person can see which one it took.
 */
@Injectable()
export class RenderPreviewService {
  constructor(
    private readonly parser: RenderBodyParser,
    private readonly admission: RenderAdmission,
    private readonly routePlanner: RoutePlanner,
  ) {}

  async preview(principal: Principal, body: unknown): Promise<RenderPreviewDto> {
    const dto = await this.parser.render(principal, body);
    const {
      requests: [request],
      resolvedPlaces: [resolvedPlaces],
      refusals,
    } = await this.admission.check(principal, { bodies: [dto], batch: false, webhookUrl: dto.webhook_url }, { for: 'preview' });
    // Sea and road legs are planned on the routing thread within the preview's budget (ROUTE_TOO_COMPLEX past it).
    const plan = await this.routePlanner.planPreview(routeInputOf(request));
    const props = buildCompositionProps(request, plan, { sandbox: principal.sandbox });
    return {
      composition: {
        id: MAP_ANIMATION_COMPOSITION_ID,
        width: props.width,
        height: props.height,
        fps: props.fps,
        duration_in_frames: props.durationInFrames,
      },
      props,
      route: routePlanToFeatureCollection(plan),
      render_allowed: refusals.length === 0,
      render_refusals: refusals.map(presentRefusal),
      resolved_places: resolvedPlaces.map(({ field, query, place }) => ({
        field,
        waypoint_index: waypointIndex(field),
        query,
        name: place.name,
        admin1: place.admin1,
        country: place.country,
        country_name: place.country_name,
        display_name: place.display_name,
        lat: place.lat,
        lng: place.lng,
      })),
    } satisfies RenderPreviewDto;
  }
}

/** `waypoints[3].place` → 3; a mode's field → null. */
function waypointIndex(field: string): number | null {
  const match = /^waypoints\[(\d+)\]\./.exec(field);
  return match ? Number(match[1]) : null;
}
