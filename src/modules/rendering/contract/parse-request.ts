/**
 * A validated render body → the request a job stores and renders from, in one pass: every check that
 * needs more than the body's shape (places, countries, times held against the duration) records its
 * issue in the ParseContext while the defaults are filled in, and each mode parses its own settings
 * (`./modes`). The caller refuses the request when the context holds any issue.
 */
import { MAX_PAUSE_SHARE } from './limits';
import { modeDefinition, type ParseContext } from './modes';
import type { RenderBodyInput } from './render-body';
import type { NormalizedWaypoint } from './render-request';
import type { NormalizedRenderRequest } from './stored-request';
import type { RenderMode } from './render-modes';

const round2 = (seconds: number) => Math.round(seconds * 100) / 100;
const s = (seconds: number) => `${round2(seconds)} s`;

/** `ctx.duration` is the video's length (requested, or the tier's default); sandbox renders are capped at 720p (contract §7). */
export function parseRenderRequest(body: RenderBodyInput, ctx: ParseContext, options: { sandbox: boolean }): NormalizedRenderRequest {
  const mode: RenderMode = body.mode ?? 'route_animation';
  const transport = body.transport ?? 'plane';
  const duration = ctx.duration.seconds;

  const waypoints = (body.waypoints ?? []).map((wp, i): NormalizedWaypoint => ({
    ...ctx.point(wp, `waypoints[${i}].place`),
    transport: wp.transport ?? transport,
    dwell: wp.dwell ?? 0,
    emphasis: wp.emphasis ?? 'standard',
    ...(wp.camera_zoom_override !== undefined ? { camera_zoom_override: wp.camera_zoom_override } : {}),
    camera_hold_seconds: wp.camera_hold_seconds ?? 0,
  }));
  const pauses = waypoints.reduce((sum, wp) => sum + wp.dwell + (wp.camera_hold_seconds ?? 0), 0);
  if (pauses > duration * MAX_PAUSE_SHARE) {
    ctx.issue(
      'waypoints',
      'not_enough_time',
      `The waypoints' dwell and camera_hold_seconds add up to ${s(pauses)}, more than half of the video ` +
        `(${s(duration * MAX_PAUSE_SHARE)} of ${s(duration)}): the route needs the rest to travel.`,
    );
  }
  (body.text_overlays ?? []).forEach((overlay, i) => {
    if (overlay.end > duration) {
      ctx.issue(`text_overlays[${i}].end`, 'exceeds_duration', `end (${s(overlay.end)}) must not be later than ${ctx.videoEnd}.`);
    }
  });

  // The body carries the mode's settings object under the mode's name.
  const input = (body as Partial<Record<RenderMode, unknown>>)[mode];
  const settings =
    input === undefined
      ? undefined
      : modeDefinition(mode).parseSettings({ settings: input, transport, routeColor: body.route_style?.color, ctx });

  return {
    mode,
    waypoints,
    transport,
    route: { ...(body.route?.mode ? { mode: body.route.mode } : {}), avoid: body.route?.avoid ?? [] },
    duration,
    resolution: options.sandbox ? '720p' : (body.resolution ?? '720p'),
    aspect_ratio: body.aspect_ratio ?? '16:9',
    fps: body.fps ?? 30,
    style: body.style ?? 'standard',
    route_style: { ...(body.route_style ?? {}) },
    camera: {
      preset: body.camera?.preset ?? 'auto',
      ...(body.camera?.start_zoom !== undefined ? { start_zoom: body.camera.start_zoom } : {}),
      ...(body.camera?.tilt !== undefined ? { tilt: body.camera.tilt } : {}),
      intensity: body.camera?.intensity ?? 'balanced',
    },
    hud: body.hud
      ? { distance: body.hud.distance ?? true, progress_bar: body.hud.progress_bar ?? true, position: body.hud.position ?? 'bottom-left' }
      : false,
    ...(body.title
      ? { title: { text: body.title.text, ...(body.title.subtitle !== undefined ? { subtitle: body.title.subtitle } : {}) } }
      : {}),
    units: body.units ?? 'km',
    text_overlays: (body.text_overlays ?? []).map((o) => ({
      text: o.text,
      start: o.start,
      end: o.end,
      position: o.position ?? 'bottom',
      style: o.style ?? 'caption',
    })),
    ...(settings !== undefined ? { [mode]: settings } : {}),
    ...(body.webhook_url ? { webhook_url: body.webhook_url } : {}),
    ...(body.template_id ? { template_id: body.template_id } : {}),
  } as NormalizedRenderRequest;
}
