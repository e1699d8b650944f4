/**
 * Props of the `MapAnimation` Remotion composition: plain JSON, everything a frame needs.
 * Built by the worker from the normalised request and the routed plan; read by `remotion/`.
 * Keep this file free of Node-only imports (it is bundled into the browser).
 */
import {
  CameraPreset,
  Emphasis,
  FrameRate,
  frameSize,
  HudPosition,
  LngLat,
  NormalizedRenderRequest,
  RouteLineKind,
  RoutePlan,
  Transport,
  Units,
} from './render-request';

export const MAP_ANIMATION_COMPOSITION_ID = 'MapAnimation';
/** Same size as `MapAnimation`, draws nothing: the benchmark's floor. */
export const BLANK_COMPOSITION_ID = 'Blank';

export interface CompositionWaypoint {
  /** Longitude of the leg end it sits on: unwrapped like the legs (may lie outside -180..180). */
  lng: number;
  lat: number;
  /** Text shown beside the marker once the vehicle reaches it; null = no label. */
  label: string | null;
  emphasis: Emphasis;
  /** Seconds the animation pauses on this waypoint after reaching it (0–5). */
  dwell: number;
}

export interface CompositionLeg {
  transport: Transport;
  distance_km: number;
  /** [lng, lat] path as routed: longitudes continuous with the previous leg (no ±360 jumps). */
  coordinates: LngLat[];
}

export interface CompositionHud {
  distance: boolean;
  progress_bar: boolean;
  position: HudPosition;
}

// A type alias (not an interface) so it satisfies Remotion's Record<string, unknown> props constraint.
export type MapAnimationProps = {
  width: number;
  height: number;
  fps: FrameRate;
  durationInFrames: number;
  /** Style id from `STYLES`; unknown ids fall back to `standard` in the composition. */
  style: string;
  /** Unset fields take the style's defaults. */
  route_style: { color: string | null; width: number | null; opacity: number | null; line: RouteLineKind | null };
  /** tilt null = the preset's default (cinematic tilts, the others stay flat). */
  camera: { preset: CameraPreset; start_zoom: number | null; tilt: number | null };
  hud: CompositionHud | false;
  title: { text: string; subtitle: string | null } | null;
  units: Units;
  waypoints: CompositionWaypoint[];
  legs: CompositionLeg[];
  total_distance_km: number;
  /** Sandbox jobs carry a visible "SANDBOX" watermark. */
  sandbox: boolean;
};

/**
 * Pure: the composition's props for a job, mapped from the request and its route plan. The
 * plan's legs are drawn as routed (routing has simplified them and made their longitudes
 * continuous from leg to leg); each waypoint takes the longitude of the leg end it sits on, so
 * markers and line agree on antimeridian routes. Sandbox jobs are capped at 720p (contract §7).
 */
export function buildCompositionProps(request: NormalizedRenderRequest, plan: RoutePlan, options: { sandbox: boolean }): MapAnimationProps {
  const resolution = options.sandbox ? '720p' : request.resolution;
  const { width, height } = frameSize(resolution, request.aspect_ratio);

  const legs = plan.legs.map((leg): CompositionLeg => ({
    transport: leg.transport,
    distance_km: leg.distance_km,
    coordinates: leg.coordinates.map(([lng, lat]): LngLat => [lng, lat]),
  }));
  const waypoints = request.waypoints.map((wp, i): CompositionWaypoint => {
    // Leg i starts on waypoint i; the last waypoint ends the last leg.
    const anchor = i < legs.length ? legs[i].coordinates[0] : legs[legs.length - 1]?.coordinates.at(-1);
    return {
      lng: anchor ? anchor[0] : wp.lng,
      lat: wp.lat,
      label: cleanLabel(wp.label ?? wp.place),
      emphasis: wp.emphasis,
      dwell: Math.max(0, Math.min(5, wp.dwell ?? 0)),
    };
  });

  const hud = request.hud
    ? { distance: request.hud.distance, progress_bar: request.hud.progress_bar, position: request.hud.position }
    : false;

  return {
    width,
    height,
    fps: request.fps,
    durationInFrames: Math.max(1, Math.round(request.duration * request.fps)),
    style: request.style,
    route_style: {
      color: request.route_style.color ?? null,
      width: request.route_style.width ?? null,
      opacity: request.route_style.opacity ?? null,
      line: request.route_style.line ?? null,
    },
    camera: {
      preset: request.camera.preset,
      start_zoom: request.camera.start_zoom ?? null,
      tilt: request.camera.tilt === undefined ? null : Math.max(0, Math.min(60, request.camera.tilt)),
    },
    hud,
    title: request.title ? { text: request.title.text, subtitle: request.title.subtitle ?? null } : null,
    units: request.units,
    waypoints,
    legs,
    total_distance_km: plan.distance_km,
    sandbox: options.sandbox,
  };
}

function cleanLabel(label: string | undefined): string | null {
  const text = label?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}
