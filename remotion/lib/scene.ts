/**
 * Everything about a video that does not change from frame to frame, computed once per props:
 * route geometry, timeline, camera track and raster plan. Cached, so each frame only looks up.
 */
import type { MapAnimationProps } from '../../src/modules/rendering/contract';
import type { Rect } from './labels';
import { type CameraState, planCameraTrack, type Viewport } from './camera';
import { EARTH_CIRCUMFERENCE_KM } from './mercator';
import { type Detail, planRasters, type RasterPlan } from './raster-plan';
import { type Box, buildRouteGeometry, type RouteGeometry, unionBoxes } from './route-geometry';
import { safeInsets } from './safe-area';
import { paletteFor, type Palette } from './styles';
import { planTimeline, type Timeline } from './timeline';

/**
 * What a render mode other than route_animation draws on top of the shared map. The map raster,
 * camera track, title card, text overlays and watermark are shared; the mode supplies its scene
 * (camera, timeline, world box) and these two drawing steps.
 */
export interface ModeLayer {
  /** On the map plane, after the raster: world-space things (lines, region fills, choropleth). `toX`/`toY` map world units to canvas pixels. */
  drawPlane(ctx: CanvasRenderingContext2D, frame: number, toX: (x: number) => number, toY: (y: number) => number): void;
  /** In screen space, upright even on a tilted map: markers, labels, legend. */
  drawOverlay(ctx: CanvasRenderingContext2D, frame: number, obstacles: Rect[]): void;
  /**
   * Screen rectangles the mode keeps for itself all video long (its legend, say): text overlays
   * are laid out around them, and they are among the `obstacles` handed to drawOverlay.
   */
  obstacles?: Rect[];
  /**
   * Data the layer draws from besides the map's land (country polygons): the composition holds
   * the frame (delayRender) until `load` has resolved, as it does for the map. Omitted: none.
   */
  assets?: { ready(): boolean; load(): Promise<void> };
}

export interface Scene {
  props: MapAnimationProps;
  viewport: Viewport;
  geometry: RouteGeometry;
  timeline: Timeline;
  track: CameraState[];
  rasters: RasterPlan;
  palette: Palette;
  /** Per map detail: the world box all rasters of that detail cover (what must be projected). */
  regions: Partial<Record<Detail, Box>>;
  route: { color: string; width: number; opacity: number; line: MapAnimationProps['route_style']['line'] };
  /** The mode's drawing; null = route_animation (the route and vehicle of frame-drawing.ts). */
  layer: ModeLayer | null;
}

/** Line widths are given for 720p; scale with the frame so 1080p and 4k look the same. */
export function lineScale(props: Pick<MapAnimationProps, 'width' | 'height'>): number {
  return Math.min(props.width, props.height) / 720;
}

/** The route of route_animation (or a mode's default line look), with the request's overrides. */
export function routeLook(props: MapAnimationProps, palette: Palette): Scene['route'] {
  return {
    color: props.route_style.color ?? palette.route.color,
    width: (props.route_style.width ?? palette.route.width) * lineScale(props),
    opacity: props.route_style.opacity ?? palette.route.opacity,
    line: props.route_style.line ?? palette.route.line,
  };
}

/** Rasters for a camera track, and per map detail the world box they cover (what must be projected). */
export function rastersFor(track: CameraState[], viewport: Viewport): Pick<Scene, 'rasters' | 'regions'> {
  const rasters = planRasters(track, viewport);
  const regions: Partial<Record<Detail, Box>> = {};
  for (const detail of ['110m', '50m', '10m'] as const) {
    const boxes = rasters.rasters.filter((r) => r.detail === detail).map((r) => r.box);
    if (boxes.length) regions[detail] = unionBoxes(boxes);
  }
  return { rasters, regions };
}

export function viewportOf(props: Pick<MapAnimationProps, 'width' | 'height'>): Viewport {
  return { width: props.width, height: props.height, insets: safeInsets(props.width, props.height) };
}

/** route_animation: the route of `legs` drawing itself, the vehicle travelling it. */
export function buildRouteScene(props: MapAnimationProps): Scene {
  const viewport = viewportOf(props);
  const geometry = buildRouteGeometry(props);
  const timeline = planTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    legLengths: props.legs.map((l, i) => (l.distance_km > 0 ? l.distance_km : (geometry.legs[i]?.length ?? 0) * EARTH_CIRCUMFERENCE_KM)),
    dwellSeconds: props.waypoints.map((w) => w.dwell),
    holdSeconds: props.waypoints.map((w) => w.hold),
  });
  const track = planCameraTrack({ props, geometry, timeline, viewport });
  const palette = paletteFor(props.style);
  return {
    props,
    viewport,
    geometry,
    timeline,
    track,
    palette,
    route: routeLook(props, palette),
    ...rastersFor(track, viewport),
    layer: null,
  };
}
