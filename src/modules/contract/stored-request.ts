/**
 * The request a job stores (its `request`), by mode: the shared fields of `./render-request.ts` and the mode's
 * settings from the registry (`./modes`).
 */
import type { PlanRouteInput } from '../routing';
import { showsAvoidedRoute } from './camera';
import type { ModeSettings, NamedAfterMode } from './modes';
import type { SharedNormalizedRequest } from './render-request';
import { DEFAULT_RENDER_MODE, type RenderMode } from './render-modes';

/**
 * The render parameters a job is rendered from, stored on the job as `request`: the shared fields,
 * `mode`, and that mode's settings object named after it (from the mode registry, `./modes`). Fields
 * added after the first release are optional: jobs stored before them read as their defaults (no
 * `mode`: route_animation; no overlays; `camera.intensity` balanced).
 */
export type NormalizedRenderRequest = {
  [M in RenderMode]: SharedNormalizedRequest &
    (M extends 'route_animation' ? { mode?: M } : { mode: M }) &
    NamedAfterMode<M, ModeSettings<M>>;
}[RenderMode];

/** The stored request of one mode. */
export type NormalizedRequestOf<M extends RenderMode> = Extract<
  NormalizedRenderRequest,
  M extends 'route_animation' ? { mode?: M } : { mode: M }
>;

/** A stored request's mode (requests stored before modes existed have none: route_animation). */
export function modeOf(request: { mode?: RenderMode }): RenderMode {
  return request.mode ?? DEFAULT_RENDER_MODE;
}

/**
 * What routing plans for a stored request: the request itself (its waypoints or fan-out, transport and `route`), and
 * whether its camera story shows the route that `route.avoid` turned away from (CAMERA_STORIES decides; routing
 * knows no camera presets).
 */
export function routeInputOf(request: NormalizedRenderRequest): PlanRouteInput {
  return { ...request, showAvoidedRoute: showsAvoidedRoute(request.camera?.preset) };
}
