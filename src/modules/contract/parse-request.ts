/**
 * A validated render body → the request a job stores and renders from, in one pass: every check that
 * needs more than the body's shape (places, countries, times held against the duration) records its
 * issue in the ParseContext while the defaults are filled in, and each mode parses its own settings
 * (`./modes`). The caller refuses the request when the context holds any issue.
 */
import { BASE_CAMERA_PRESETS } from './camera';
import { CAMERA_SCHEMA, type CameraInput, type NormalizedCamera, ROUTE_ONLY_CAMERA_FIELDS } from './camera-schema';
import { MAX_PAUSE_SHARE } from './limits';
import { DEFAULT_PROJECTION } from './projection';
import { normalizeTerrain } from './terrain';
import { TITLE_SCHEMA } from './title';
import { DEFAULT_HUD } from './hud';
import { modeDefinition, type ParseContext } from './modes';
import type { RenderBodyInput } from './render-body';
import type { NormalizedWaypoint } from './render-request';
import type { NormalizedRenderRequest } from './stored-request';
import { DEFAULT_RENDER_MODE, type RenderMode } from './render-modes';

const round2 = (seconds: number) => Math.round(seconds * 100) / 100;
const s = (seconds: number) => `${round2(seconds)} s`;

/** `ctx.duration` is the video's length (requested, or the tier's default); sandbox renders are capped at 720p (contract §7). */
export function parseRenderRequest(body: RenderBodyInput, ctx: ParseContext, options: { sandbox: boolean }): NormalizedRenderRequest {
  const mode: RenderMode = body.mode ?? DEFAULT_RENDER_MODE;
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
    projection: body.projection ?? DEFAULT_PROJECTION,
    terrain: normalizeTerrain(body.terrain),
    route_style: { ...(body.route_style ?? {}) },
    camera: parseCamera(body.camera ?? {}, mode, waypoints, ctx),
    hud: body.hud
      ? {
          distance: body.hud.distance ?? DEFAULT_HUD.distance,
          progress_bar: body.hud.progress_bar ?? DEFAULT_HUD.progress_bar,
          position: body.hud.position ?? DEFAULT_HUD.position,
        }
      : false,
    // The schema strips the texts (the render DTO validated the title against it before the parse).
    ...(body.title ? { title: TITLE_SCHEMA.parse(body.title) } : {}),
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

/**
 * The camera with its defaults (contract §3, §14, §19). `start_focus_waypoint` (a label or an index)
 * becomes the index of a waypoint of the request, or records its issue. Fields left unset stay unset
 * where the preset decides them (start zoom, tilt, punch-in: `buildCompositionProps`).
 */
function parseCamera(camera: CameraInput, mode: RenderMode, waypoints: NormalizedWaypoint[], ctx: ParseContext): NormalizedCamera {
  if (!modeDefinition(mode).takes.waypoints) refuseRouteCamera(camera, mode, ctx);
  // The schema fills the defaults (the render DTO validated the camera against it before the parse).
  const { start_focus_waypoint: wanted, ...withDefaults } = CAMERA_SCHEMA.parse(camera);
  const focus = wanted === undefined ? undefined : focusWaypoint(wanted, waypoints, ctx);
  return { ...withDefaults, ...(focus !== undefined ? { start_focus_waypoint: focus } : {}) };
}

/**
 * The story presets and the custom fields of contract §19 play on a route's waypoints and
 * chokepoints: the modes without waypoints keep their own camera (fly-ins, fits) and refuse them.
 */
function refuseRouteCamera(camera: CameraInput, mode: RenderMode, ctx: ParseContext): void {
  const refuse = (field: string, what: string) =>
    ctx.issue(
      `camera.${field}`,
      'not_allowed_in_mode',
      `${what} plays on a route's waypoints: only route_animation takes it, not ${mode}.`,
    );
  if (camera.preset !== undefined && !(BASE_CAMERA_PRESETS as readonly string[]).includes(camera.preset)) {
    refuse('preset', `The story preset ${camera.preset}`);
  }
  // start_focus_waypoint says so in its own words (focusWaypoint).
  for (const field of ROUTE_ONLY_CAMERA_FIELDS) if (camera[field] !== undefined) refuse(field, field);
}

/** A waypoint named by its 0-based index, or by its label or place (letter case aside). */
function focusWaypoint(wanted: string | number, waypoints: NormalizedWaypoint[], ctx: ParseContext): number | undefined {
  const field = 'camera.start_focus_waypoint';
  if (waypoints.length === 0) {
    ctx.issue(field, 'not_allowed_in_mode', 'start_focus_waypoint names one of the waypoints; only route_animation has waypoints.');
    return undefined;
  }
  if (typeof wanted === 'number') {
    if (wanted < waypoints.length) return wanted;
    ctx.issue(field, 'unknown_waypoint', `There is no waypoint ${wanted}: the indexes run from 0 to ${waypoints.length - 1}.`);
    return undefined;
  }
  const key = wanted.trim().toLowerCase();
  const index = waypoints.findIndex((wp) => [wp.label, wp.place].some((name) => name?.trim().toLowerCase() === key));
  if (index >= 0) return index;
  const names = waypoints.map((wp, i) => wp.label ?? wp.place ?? String(i)).join(', ');
  ctx.issue(field, 'unknown_waypoint', `No waypoint is labelled "${wanted}" (the waypoints: ${names}).`);
  return undefined;
}
