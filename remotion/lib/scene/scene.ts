/**
 * Everything about a video that does not change from frame to frame, computed once per props by its
 * mode (remotion/modes/<mode>/scene.ts): geometry, timeline, camera track, raster plan and the mode's
 * drawing. Cached, so each frame only looks up.
 */
import type { LayoutCover, LayoutMarker, LayoutRoute, MapAnimationProps } from '../../../src/modules/contract';
import type { Rect } from '../layout/labels';
import type { CameraState, Viewport } from '../camera/camera';
import type { PlaneSurface } from './frame-drawing';
import type { GlobeOpening } from '../globe/globe-camera';
import { type Detail, planRasters, type RasterPlan } from '../map/raster-plan';
import { type Box, type RouteGeometry, unionBoxes } from '../geo/route-geometry';
import { safeInsets } from '../layout/safe-area';
import type { Palette } from '../map/styles';
import type { TextLabel } from '../layout/text-label';
import type { Timeline } from '../time/timeline';

/**
 * What a mode shows on the map that nothing over the map may cover (contract §22) on one frame: its
 * routes as far as they are drawn and its markers showing, in screen pixels.
 */
export interface MapMarks {
  routes: LayoutRoute[];
  markers: LayoutMarker[];
}

/** A mode's screen-space layout of one frame: its marks, the labels placed round them, its panels (a legend). */
export interface LayerLayout extends MapMarks {
  labels: TextLabel[];
  panels: LayoutCover[];
  /** Labels of markers in the safe area that found no room on this frame for what is over the map (HUD, overlays, panels), which would have had room without it. */
  omitted: string[];
}

/**
 * What a render mode draws on top of the shared map. The map raster, camera track, title card, text
 * overlays and watermark are shared; the mode supplies its scene (camera, timeline, world box), its
 * screen-space layout and these two drawing steps. What drawOverlay draws is `layout`'s answer, so a
 * frame's layout can be read without drawing it (lib/scene/frame-layout.ts).
 */
export interface ModeLayer {
  /** On the map plane, after the raster or globe: world-space things (lines, region fills, choropleth), through `surface`. */
  drawPlane(ctx: CanvasRenderingContext2D, frame: number, surface: PlaneSurface): void;
  /** The routes drawn so far and the markers showing on a frame (pure: nothing is measured), which the HUD and text overlays keep off. */
  marks(frame: number): MapMarks;
  /** Where the labels (and the mode's panels) sit on a frame, clear of `obstacles` (browser-only: text is measured). */
  layout(frame: number, obstacles: Rect[]): LayerLayout;
  /** In screen space, upright even on a tilted map: markers, labels, legend, as `layout` placed them. */
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
  /** The mode's drawing. */
  layer: ModeLayer;
  /** global_corridor_reveal's globe opening (lib/globe/globe-camera.ts); unset otherwise. */
  globeOpening?: GlobeOpening;
}

/** A scene from everything but its layer, and the mode's layer made for that very scene (layers keep it to draw). */
export function sceneWithLayer(base: Omit<Scene, 'layer'>, layerFor: (scene: Scene) => ModeLayer): Scene {
  // The layer is set before the scene is returned: nothing reads it meanwhile.
  const scene = base as Scene;
  scene.layer = layerFor(scene);
  return scene;
}

/** Line widths are given for 720p; scale with the frame so 1080p and 4k look the same. */
export function lineScale(props: Pick<MapAnimationProps, 'width' | 'height'>): number {
  return Math.min(props.width, props.height) / 720;
}

/** The look of a route line: the style's, with the request's overrides. */
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
