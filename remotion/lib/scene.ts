/**
 * Everything about a video that does not change from frame to frame, computed once per props:
 * route geometry, timeline, camera track and raster plan. Cached, so each frame only looks up.
 */
import type { MapAnimationProps } from '../../src/modules/rendering/contract';
import { type CameraState, planCameraTrack, type Viewport } from './camera';
import { EARTH_CIRCUMFERENCE_KM } from './mercator';
import { type Detail, planRasters, type RasterPlan } from './raster-plan';
import { type Box, buildRouteGeometry, type RouteGeometry, unionBoxes } from './route-geometry';
import { safeInsets } from './safe-area';
import { paletteFor, type Palette } from './styles';
import { planTimeline, type Timeline } from './timeline';

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
}

export function buildScene(props: MapAnimationProps): Scene {
  const viewport: Viewport = { width: props.width, height: props.height, insets: safeInsets(props.width, props.height) };
  const geometry = buildRouteGeometry(props);
  const timeline = planTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    legLengths: props.legs.map((l, i) => (l.distance_km > 0 ? l.distance_km : (geometry.legs[i]?.length ?? 0) * EARTH_CIRCUMFERENCE_KM)),
    dwellSeconds: props.waypoints.map((w) => w.dwell),
  });
  const track = planCameraTrack({ props, geometry, timeline, viewport });
  const palette = paletteFor(props.style);
  // Line widths are given for 720p; scale with the frame so 1080p and 4k look the same.
  const scale = Math.min(props.width, props.height) / 720;
  const route = {
    color: props.route_style.color ?? palette.route.color,
    width: (props.route_style.width ?? palette.route.width) * scale,
    opacity: props.route_style.opacity ?? palette.route.opacity,
    line: props.route_style.line ?? palette.route.line,
  };
  const rasters = planRasters(track, viewport);
  const regions: Partial<Record<Detail, Box>> = {};
  for (const detail of ['110m', '50m', '10m'] as const) {
    const boxes = rasters.rasters.filter((r) => r.detail === detail).map((r) => r.box);
    if (boxes.length) regions[detail] = unionBoxes(boxes);
  }
  return { props, viewport, geometry, timeline, track, rasters, palette, route, regions };
}

const byObject = new WeakMap<MapAnimationProps, Scene>();
let lastByKey: { key: string; scene: Scene } | null = null;

export function sceneFor(props: MapAnimationProps): Scene {
  const cached = byObject.get(props);
  if (cached) return cached;
  const key = JSON.stringify(props);
  if (lastByKey?.key !== key) lastByKey = { key, scene: buildScene(props) };
  byObject.set(props, lastByKey.scene);
  return lastByKey.scene;
}
