/**
 * The request a job stores (its `request`), by mode: the shared fields of `./render-request.ts` and the mode's
 * settings from the registry (`./modes`).
 */
import type { ModeSettings, NamedAfterMode } from './modes';
import type { SharedNormalizedRequest } from './render-request';
import type { RenderMode } from './render-modes';

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
  return request.mode ?? 'route_animation';
}
