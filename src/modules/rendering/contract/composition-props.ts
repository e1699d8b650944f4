/**
 * Props of the `MapAnimation` Remotion composition: plain JSON, everything a frame needs.
 * Built by the worker from the normalised request and the routed plan; read by `remotion/`.
 * Keep this file free of Node-only imports (it is bundled into the browser).
 */
import {
  CameraIntensity,
  CameraPreset,
  ChoroplethPalette,
  ChoroplethReveal,
  Emphasis,
  FrameRate,
  frameSize,
  HudPosition,
  LabelCollisionMode,
  LngLat,
  NormalizedPoint,
  NormalizedRegion,
  NormalizedRenderRequest,
  RegionFocusStart,
  RenderMode,
  RouteLineKind,
  TextOverlayPosition,
  TextOverlayStyle,
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
  /** Zoom (1–20, 1 = whole world) while the vehicle passes this waypoint; null = the camera's own. */
  zoom_override: number | null;
  /** Seconds the camera holds still on this waypoint (0–5), after its dwell. */
  hold: number;
}

/** A marker with an optional label (multi_route's origin, region_focus's markers). */
export interface CompositionPoint {
  /** Unwrapped like the legs where it sits on one (may lie outside -180..180). */
  lng: number;
  lat: number;
  label: string | null;
}

export interface CompositionTextOverlay {
  /** Inert text, drawn as given (never markup). */
  text: string;
  /** Seconds from the start of the video; end > start. */
  start: number;
  end: number;
  position: TextOverlayPosition;
  style: TextOverlayStyle;
}

export interface CompositionMultiRouteDestination extends CompositionPoint {
  data_label: string | null;
  /** `#rrggbb`, or null for the palette's colour of this route. */
  color: string | null;
  transport: Transport;
  /** Label position relative to the marker, pixels at 1080p; null = placed automatically. */
  label_offset: { x: number; y: number } | null;
  distance_km: number;
}

/** multi_route: route i's line is `legs[i]` (origin → routes[i]); `waypoints` is empty. */
export interface CompositionMultiRoute {
  origin: CompositionPoint;
  routes: CompositionMultiRouteDestination[];
  show_all_routes_at_start: boolean;
  animate_labels: boolean;
  /** Seconds: the first route starts drawing at `routes_start_at`, the last one ends at `routes_start_at + routes_duration`. */
  routes_start_at: number;
  routes_duration: number;
  stagger: number;
  label_collision: LabelCollisionMode;
  start_zoom: number | null;
  end_zoom: number | null;
}

/** A country (by the ISO numeric id world-atlas gives its polygons) or a box [west, south, east, north]. */
export type CompositionRegion =
  { kind: 'country'; iso_numeric: string; name: string } | { kind: 'bbox'; bbox: [number, number, number, number] };

export interface CompositionRegionFocus {
  region: CompositionRegion;
  label: string | null;
  highlight_color: string | null;
  from: RegionFocusStart;
  markers: CompositionPoint[];
}

export interface CompositionCountryData {
  values: Array<{ iso_numeric: string; name: string; value: number }>;
  legend: { title: string | null; unit: string | null };
  palette: ChoroplethPalette;
  reveal: ChoroplethReveal;
  /** null = the whole world. */
  region: CompositionRegion | null;
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
  /** What the video shows; the matching settings object below is set, the other modes' are null. */
  mode: RenderMode;
  width: number;
  height: number;
  fps: FrameRate;
  durationInFrames: number;
  /** Style id from `STYLES`; unknown ids fall back to `standard` in the composition. */
  style: string;
  /** Unset fields take the style's defaults. */
  route_style: { color: string | null; width: number | null; opacity: number | null; line: RouteLineKind | null };
  /** tilt null = the preset's default (cinematic tilts, the others stay flat). */
  camera: { preset: CameraPreset; start_zoom: number | null; tilt: number | null; intensity: CameraIntensity };
  hud: CompositionHud | false;
  title: { text: string; subtitle: string | null } | null;
  units: Units;
  waypoints: CompositionWaypoint[];
  legs: CompositionLeg[];
  total_distance_km: number;
  text_overlays: CompositionTextOverlay[];
  multi_route: CompositionMultiRoute | null;
  region_focus: CompositionRegionFocus | null;
  country_data: CompositionCountryData | null;
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
      zoom_override: wp.camera_zoom_override ?? null,
      hold: Math.max(0, Math.min(5, wp.camera_hold_seconds ?? 0)),
    };
  });

  const hud = request.hud
    ? { distance: request.hud.distance, progress_bar: request.hud.progress_bar, position: request.hud.position }
    : false;

  const mode = request.mode ?? 'route_animation';
  return {
    mode,
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
      intensity: request.camera.intensity ?? 'balanced',
    },
    hud,
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
    multi_route: mode === 'multi_route' && request.multi_route ? multiRouteProps(request.multi_route, legs) : null,
    region_focus:
      mode === 'region_focus' && request.region_focus
        ? {
            region: regionProps(request.region_focus.region),
            label: cleanLabel(request.region_focus.label),
            highlight_color: request.region_focus.highlight_color ?? null,
            from: request.region_focus.from,
            markers: request.region_focus.markers.map((m) => pointProps(m)),
          }
        : null,
    country_data:
      mode === 'country_data' && request.country_data
        ? {
            values: request.country_data.values.map((v) => ({ iso_numeric: v.iso_numeric, name: v.name, value: v.value })),
            legend: { title: cleanLabel(request.country_data.legend?.title), unit: cleanLabel(request.country_data.legend?.unit) },
            palette: request.country_data.palette,
            reveal: request.country_data.reveal,
            region: request.country_data.region === 'world' ? null : regionProps(request.country_data.region),
          }
        : null,
    sandbox: options.sandbox,
  };
}

function pointProps(point: NormalizedPoint, lng = point.lng): CompositionPoint {
  return { lng, lat: point.lat, label: cleanLabel(point.label ?? point.place) };
}

function regionProps(region: NormalizedRegion): CompositionRegion {
  return region.kind === 'country'
    ? { kind: 'country', iso_numeric: region.iso_numeric, name: region.name }
    : { kind: 'bbox', bbox: [region.bbox[0], region.bbox[1], region.bbox[2], region.bbox[3]] };
}

/**
 * multi_route: leg i of the plan runs from the origin to destination i. Markers take the
 * longitudes of the leg ends they sit on, so they agree with the lines past the antimeridian.
 */
function multiRouteProps(settings: NonNullable<NormalizedRenderRequest['multi_route']>, legs: CompositionLeg[]): CompositionMultiRoute {
  return {
    origin: pointProps(settings.origin, legs[0]?.coordinates[0]?.[0] ?? settings.origin.lng),
    routes: settings.routes.map((route, i) => ({
      ...pointProps(route, legs[i]?.coordinates.at(-1)?.[0] ?? route.lng),
      data_label: cleanLabel(route.data_label),
      color: route.color ?? null,
      transport: route.transport,
      label_offset: route.label_offset ? { x: route.label_offset.x, y: route.label_offset.y } : null,
      distance_km: legs[i]?.distance_km ?? 0,
    })),
    show_all_routes_at_start: settings.show_all_routes_at_start,
    animate_labels: settings.animate_labels,
    routes_start_at: settings.routes_start_at,
    routes_duration: settings.routes_duration,
    stagger: settings.stagger,
    label_collision: settings.label_collision,
    start_zoom: settings.start_zoom ?? null,
    end_zoom: settings.end_zoom ?? null,
  };
}

function cleanLabel(label: string | undefined): string | null {
  const text = label?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}
