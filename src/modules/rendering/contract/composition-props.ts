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
  /** Longitude unwrapped to match the legs (may lie outside -180..180 on antimeridian routes). */
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
  /** [lng, lat] path, longitudes continuous with the previous leg (no ±360 jumps). */
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

/** Longest path a leg hands to the browser; longer routed paths are simplified first. */
export const MAX_POINTS_PER_LEG = 1500;

/**
 * Pure: the composition's props for a job. Sandbox jobs are capped at 720p (contract §7).
 * Longitudes are made continuous from leg to leg and re-centred so the route's middle lies
 * within -180..180; long paths are simplified to at most MAX_POINTS_PER_LEG points.
 */
export function buildCompositionProps(
  request: NormalizedRenderRequest,
  plan: RoutePlan,
  options: { sandbox: boolean },
): MapAnimationProps {
  const resolution = options.sandbox ? '720p' : request.resolution;
  const { width, height } = frameSize(resolution, request.aspect_ratio);

  const legs = continuousLegs(plan);
  const waypoints = request.waypoints.map((wp, i): CompositionWaypoint => {
    const anchor = i < legs.length ? legs[i].coordinates[0] : legs[legs.length - 1]?.coordinates.at(-1);
    return {
      lng: anchor ? nearestWrap(wp.lng, anchor[0]) : wp.lng,
      lat: wp.lat,
      label: cleanLabel(wp.label ?? wp.place),
      emphasis: wp.emphasis,
      dwell: Math.max(0, Math.min(5, wp.dwell ?? 0)),
    };
  });

  // Re-centre so the middle of the longitude span lies in -180..180.
  const lngs = [...legs.flatMap((l) => l.coordinates.map((c) => c[0])), ...waypoints.map((w) => w.lng)];
  const mid = lngs.length ? (Math.min(...lngs) + Math.max(...lngs)) / 2 : 0;
  const shift = -360 * Math.round(mid / 360);
  if (shift !== 0) {
    for (const leg of legs) leg.coordinates = leg.coordinates.map(([lng, lat]) => [lng + shift, lat] as LngLat);
    for (const wp of waypoints) wp.lng += shift;
  }

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

/** `lng` shifted by a multiple of 360 to lie closest to `reference`. */
function nearestWrap(lng: number, reference: number): number {
  return lng + 360 * Math.round((reference - lng) / 360);
}

/** Copies of the plan's legs, each shifted by ±360° so it starts where the previous one ended. */
function continuousLegs(plan: RoutePlan): CompositionLeg[] {
  const legs: CompositionLeg[] = [];
  let previousEnd: number | null = null;
  for (const leg of [...plan.legs].sort((a, b) => a.leg - b.leg)) {
    let coordinates = simplifyPath(leg.coordinates.filter(isFiniteLngLat), MAX_POINTS_PER_LEG);
    if (previousEnd !== null && coordinates.length) {
      const shift = nearestWrap(coordinates[0][0], previousEnd) - coordinates[0][0];
      if (shift !== 0) coordinates = coordinates.map(([lng, lat]) => [lng + shift, lat] as LngLat);
    }
    if (coordinates.length) previousEnd = coordinates[coordinates.length - 1][0];
    legs.push({ transport: leg.transport, distance_km: leg.distance_km, coordinates });
  }
  return legs;
}

function isFiniteLngLat(c: LngLat): boolean {
  return Array.isArray(c) && Number.isFinite(c[0]) && Number.isFinite(c[1]);
}

/**
 * Ramer–Douglas–Peucker with a tolerance that grows until the path fits `maxPoints`.
 * Endpoints are always kept, so legs still meet at their waypoints.
 */
export function simplifyPath(path: LngLat[], maxPoints: number): LngLat[] {
  if (path.length <= maxPoints) return path.map((c) => [c[0], c[1]] as LngLat);
  let tolerance = 1e-4;
  for (;;) {
    const kept = rdp(path, tolerance);
    if (kept.length <= maxPoints) return kept;
    tolerance *= 2;
  }
}

function rdp(path: LngLat[], tolerance: number): LngLat[] {
  const keep = new Uint8Array(path.length);
  keep[0] = keep[path.length - 1] = 1;
  const stack: Array<[number, number]> = [[0, path.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let worst = -1;
    let worstDistance = tolerance;
    for (let i = a + 1; i < b; i++) {
      const d = segmentDistance(path[i], path[a], path[b]);
      if (d > worstDistance) {
        worstDistance = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return path.filter((_, i) => keep[i]).map((c) => [c[0], c[1]] as LngLat);
}

function segmentDistance(p: LngLat, a: LngLat, b: LngLat): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}
