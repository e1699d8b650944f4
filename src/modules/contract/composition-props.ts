/**
 * Props of the `MapAnimation` Remotion composition: plain JSON, everything a frame needs, every default
 * resolved here on the server (the camera's tilt included). Built by the worker (and the preview) from the
 * stored request and the routed plan; read by `remotion/`. A discriminated union on `mode`: each mode's
 * settings are present in its own props and absent from the others' (types from the registry, `./modes`).
 * Keep this file free of Node-only imports (it is bundled into the browser).
 */
import {
  type CompositionHud,
  type CompositionLeg,
  type CompositionTextOverlay,
  type CompositionWaypoint,
  cleanLabel,
} from './composition-parts';
import {
  AUTO_LONG_ROUTE_STORY,
  type CompositionCamera,
  DEFAULT_CAMERA_EASE,
  holdsStill,
  presetPunchIn,
  rerouteLabel,
  showsAvoidedRoute,
  storyChokepoints,
  storyPlays,
} from './camera';
import type { CompositionImageryTiles } from './imagery-tiles';
import { DEFAULT_PROJECTION, type Projection } from './projection';
import { normalizeTerrain, type Terrain } from './terrain';
import { GLOBE_REVEAL_MIN_ROUTE_KM, MAX_CAMERA_TILT_DEGREES, MAX_FOCUS_HOLD_SECONDS, MAX_WAYPOINT_PAUSE_SECONDS } from './limits';
import { defaultTilt, modeDefinition, type ModeSlot, type NamedAfterMode } from './modes';
import {
  type ChokepointPassage,
  type FrameRate,
  frameSize,
  type LngLat,
  type RouteLineKind,
  type RoutePlan,
  type Units,
} from './render-request';
import type { RenderMode } from './render-modes';
import { modeOf, type NormalizedRenderRequest } from './stored-request';

export const MAP_ANIMATION_COMPOSITION_ID = 'MapAnimation';

/** The props every mode has. A type alias (not an interface), so that the props satisfy Remotion's Record<string, unknown>. */
export type SharedCompositionProps = {
  width: number;
  height: number;
  fps: FrameRate;
  durationInFrames: number;
  /** Style id from `STYLES`; unknown ids fall back to `standard` in the composition. */
  style: string;
  /** The map's projection as requested (contract §20); `auto` is resolved per shot by the composition. */
  projection: Projection;
  /** Relief shading under the style's land (contract §21), defaults filled in: off, exaggeration 1. */
  terrain: Terrain;
  /** Unset fields take the style's defaults. */
  route_style: { color: string | null; width: number | null; opacity: number | null; line: RouteLineKind | null };
  /** Every value resolved; `preset` is the one played (a chokepoint story on a route that passes none plays `auto`). */
  camera: CompositionCamera;
  hud: CompositionHud | false;
  title: { text: string; subtitle: string | null } | null;
  units: Units;
  /** route_animation's waypoints; empty in the other modes. */
  waypoints: CompositionWaypoint[];
  /** The routed plan's legs (multi_route: leg i reaches routes[i]); empty in the modes without a route. */
  legs: CompositionLeg[];
  total_distance_km: number;
  text_overlays: CompositionTextOverlay[];
  /** Sandbox jobs carry a visible "SANDBOX" watermark. */
  sandbox: boolean;
  /**
   * The operator's imagery tiles (contract §21), attached by the renderer where IMAGERY_TILE_URL is set and the style
   * draws true-colour imagery; absent from previews (a browser elsewhere cannot reach the renderer's tile cache).
   */
  imagery_tiles?: CompositionImageryTiles | null;
};

export type MapAnimationProps = {
  [M in RenderMode]: SharedCompositionProps & { mode: M } & NamedAfterMode<M, ModeSlot<M>>;
}[RenderMode];

/** The props of one mode's videos. */
export type PropsOf<M extends RenderMode> = Extract<MapAnimationProps, { mode: M }>;

/**
 * Whether the camera stays flat for the whole video. Then the map canvas also carries the markers and
 * labels (MapAnimation), and the page can render the video (the in-page renderer draws a tilt too slowly).
 */
export function neverTilts(props: Pick<SharedCompositionProps, 'camera'>): boolean {
  return props.camera.tilt === 0;
}

/**
 * Largest frame rendered in the page: 4k's pixels (the largest resolution the API offers), measured 1.8× the
 * screenshot path there (ADR 0015). A frame's RGBA and YUV copies and the whole MP4 live in the page's memory.
 */
export const IN_PAGE_MAX_PIXELS = 3840 * 2160;

/** Whether the in-page renderer makes this whole video: a mode it draws, a camera that never tilts, a frame up to 4k. */
export function rendersInPage(props: MapAnimationProps): boolean {
  return modeDefinition(props.mode).rendersInPage && neverTilts(props) && props.width * props.height <= IN_PAGE_MAX_PIXELS;
}

/**
 * Pure: the composition's props for a job, mapped from the request and its route plan. The
 * plan's legs are drawn as routed (routing has simplified them and made their longitudes
 * continuous from leg to leg); each waypoint takes the longitude of the leg end it sits on, so
 * markers and line agree on antimeridian routes. Sandbox jobs are capped at 720p (contract §7).
 */
export function buildCompositionProps(request: NormalizedRenderRequest, plan: RoutePlan, options: { sandbox: boolean }): MapAnimationProps {
  const mode = modeOf(request);
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
      dwell: Math.max(0, Math.min(MAX_WAYPOINT_PAUSE_SECONDS, wp.dwell ?? 0)),
      zoom_override: wp.camera_zoom_override ?? null,
      hold: Math.max(0, Math.min(MAX_WAYPOINT_PAUSE_SECONDS, wp.camera_hold_seconds ?? 0)),
    };
  });

  const shared: SharedCompositionProps = {
    width,
    height,
    fps: request.fps,
    durationInFrames: Math.max(1, Math.round(request.duration * request.fps)),
    style: request.style,
    projection: request.projection ?? DEFAULT_PROJECTION,
    terrain: normalizeTerrain(request.terrain),
    route_style: {
      color: request.route_style.color ?? null,
      width: request.route_style.width ?? null,
      opacity: request.route_style.opacity ?? null,
      line: request.route_style.line ?? null,
    },
    camera: compositionCamera(request, mode, plan),
    hud: request.hud ? { distance: request.hud.distance, progress_bar: request.hud.progress_bar, position: request.hud.position } : false,
    title: request.title ? { text: request.title.text, subtitle: request.title.subtitle ?? null } : null,
    units: request.units,
    waypoints,
    legs,
    total_distance_km: plan.distance_km,
    text_overlays: (request.text_overlays ?? []).map((o) => ({
      text: o.text,
      start: o.start,
      end: o.end,
      position: o.position,
      style: o.style,
    })),
    sandbox: options.sandbox,
  };
  return { mode, ...shared, ...modeSlot(mode, request, legs) } as MapAnimationProps;
}

/**
 * The chokepoints a route passes (contract §19), in the order travelled: the `route.avoid` passages
 * routing found on the planned legs, and the waypoints marked `emphasis: "chokepoint"` (where the
 * leg leaving them starts, or the last leg ends).
 */
export function routePassages(request: Pick<NormalizedRenderRequest, 'waypoints'>, plan: RoutePlan): ChokepointPassage[] {
  const legCount = plan.legs.length;
  const marked = request.waypoints.flatMap((wp, i): ChokepointPassage[] => {
    if (wp.emphasis !== 'chokepoint' || legCount === 0) return [];
    const leg = Math.min(i, legCount - 1);
    const fraction = i < legCount ? 0 : 1;
    const point = i < legCount ? plan.legs[leg].coordinates[0] : plan.legs[leg].coordinates.at(-1);
    return [{ chokepoint: null, name: wp.label ?? wp.place ?? `waypoint ${i}`, leg, fraction, lng: point?.[0] ?? wp.lng, lat: wp.lat }];
  });
  return [...(plan.passages ?? []), ...marked].sort((a, b) => a.leg - b.leg || a.fraction - b.fraction);
}

/** The camera resolved: the request's fields, the preset's defaults, and the chokepoints its story plays on. */
function compositionCamera(request: NormalizedRenderRequest, mode: RenderMode, plan: RoutePlan): CompositionCamera {
  const camera = request.camera;
  const passages = routePassages(request, plan);
  const chokepoints = storyChokepoints(camera.preset, passages);
  // A story with nothing to play on plays like auto (the job record's camera_notes say so).
  const played = storyPlays(camera.preset, passages, plan) ? camera.preset : 'auto';
  // auto on a long route opens on the globe (contract §19), unless the request keeps the map flat,
  // the camera still, or sets an opening of its own (explicit fields win over a preset).
  const ownOpening =
    camera.mode === 'static' ||
    camera.start_zoom !== undefined ||
    camera.start_focus_waypoint !== undefined ||
    camera.focus_hold_seconds !== undefined ||
    camera.opening_zoom_boost !== undefined;
  const revealsOnGlobe =
    played === 'auto' &&
    modeDefinition(mode).revealsLongRoutesOnGlobe &&
    plan.distance_km > GLOBE_REVEAL_MIN_ROUTE_KM &&
    (request.projection ?? DEFAULT_PROJECTION) !== 'flat' &&
    !ownOpening;
  const preset = revealsOnGlobe ? AUTO_LONG_ROUTE_STORY : played;
  const storyPunchIn = presetPunchIn(preset);
  return {
    preset,
    start_zoom: camera.start_zoom ?? null,
    tilt: Math.max(0, Math.min(MAX_CAMERA_TILT_DEGREES, camera.tilt ?? defaultTilt(mode, preset))),
    intensity: camera.intensity ?? 'balanced',
    // A story that holds still is the static camera by definition.
    mode: holdsStill(preset) ? 'static' : (camera.mode ?? 'follow'),
    waypoint_zoom: camera.waypoint_zoom ?? null,
    ease: camera.ease ?? DEFAULT_CAMERA_EASE,
    start_focus_waypoint: camera.start_focus_waypoint ?? null,
    focus_hold_seconds: Math.max(0, Math.min(MAX_FOCUS_HOLD_SECONDS, camera.focus_hold_seconds ?? 0)),
    opening_zoom_boost: camera.opening_zoom_boost ?? 1,
    chokepoint_punch_in: camera.chokepoint_punch_in ?? storyPunchIn,
    chokepoints,
    reroute:
      showsAvoidedRoute(preset) && plan.avoided
        ? {
            legs: plan.avoided.legs.map((leg) => leg.coordinates.map(([lng, lat]): LngLat => [lng, lat])),
            extra_km: Math.max(0, plan.distance_km - plan.avoided.distance_km),
            label: rerouteLabel(plan.avoided, plan.distance_km, request.units),
          }
        : null,
  };
}

/** The mode's settings as drawn, under the mode's name (nothing for a mode without settings). */
function modeSlot(mode: RenderMode, request: NormalizedRenderRequest, legs: CompositionLeg[]): object {
  // The stored request keeps the mode's settings under the mode's name.
  const slot = modeDefinition(mode).settingsToProps((request as Partial<Record<RenderMode, unknown>>)[mode], legs);
  return slot === undefined ? {} : { [mode]: slot };
}
