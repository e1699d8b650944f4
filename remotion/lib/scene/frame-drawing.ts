/**
 * Per-frame drawing onto canvases (browser-only), shared by every mode: the map plane (the raster
 * copy, then the mode's world-space drawing) and the screen overlay (the mode's markers and labels).
 * Everything here is a function of the scene and the frame number; what a mode draws is its
 * `ModeLayer` (remotion/modes/<mode>/).
 */
import type { GeoProjection } from 'd3-geo';
import { type CameraState, focusPoint } from '../camera/camera';
import { globeOffset, globeOffsets, globeWeight } from '../globe/globe';
import { drawGlobe } from '../globe/globe-drawing';
import { surfaceFor, surfaceSpecOfScene } from '../map/imagery';
import { sceneTiles } from '../map/imagery-tiles';
import type { Rect } from '../layout/labels';
import { perspectiveDistance, planeBoundsOfScreen, planeToScreen, type Tilt } from '../camera/perspective';
import type { Scene } from './scene';
import { type LegPath, pointAlong } from '../geo/route-geometry';
import { rasterFor } from '../map/world-map';

export interface PlaneLayout {
  /** Canvas box relative to the focus point, in plane pixels. */
  minX: number;
  minY: number;
  width: number;
  height: number;
  perspective: number;
}

const layoutCache = new WeakMap<Scene, PlaneLayout>();

/** One canvas size for the whole video: the union of the plane's footprint over every tilt used. */
export function planeLayout(scene: Scene): PlaneLayout {
  const cached = layoutCache.get(scene);
  if (cached) return cached;
  const { width, height } = scene.viewport;
  const focus = focusPoint(scene.viewport);
  const perspective = perspectiveDistance(width, height);
  const tilts = [...new Set(scene.track.map((c) => Math.round(c.tilt * 10) / 10)), 0];
  let minX = -focus.x;
  let minY = -focus.y;
  let maxX = width - focus.x;
  let maxY = height - focus.y;
  for (const t of tilts) {
    const b = planeBoundsOfScreen(-focus.x, -focus.y, width - focus.x, height - focus.y, {
      angle: (t * Math.PI) / 180,
      distance: perspective,
    });
    minX = Math.min(minX, b.minX);
    minY = Math.min(minY, b.minY);
    maxX = Math.max(maxX, b.maxX);
    maxY = Math.max(maxY, b.maxY);
  }
  // Whole-pixel canvas position on screen: a flat map's pixels then land exactly on the frame's.
  const left = Math.floor(focus.x + minX);
  const top = Math.floor(focus.y + minY);
  const layout = {
    minX: left - focus.x,
    minY: top - focus.y,
    width: Math.ceil(focus.x + maxX) - left,
    height: Math.ceil(focus.y + maxY) - top,
    perspective,
  };
  layoutCache.set(scene, layout);
  return layout;
}

export function cameraAt(scene: Scene, frame: number): CameraState {
  const track = scene.track;
  return track[Math.max(0, Math.min(track.length - 1, Math.round(frame)))];
}

export function tiltOf(camera: CameraState, layout: PlaneLayout): Tilt {
  return { angle: (camera.tilt * Math.PI) / 180, distance: layout.perspective };
}

/**
 * Where a mode's layer draws its world-space things on the map canvas: the flat map (a linear
 * mapping of world units, `flat`) or a frame that shows some globe (`globe`: its d3 projection,
 * for geographic shapes that must be clipped at the horizon). `point` works on both.
 */
export type PlaneSurface = {
  /** Canvas pixels of a world point; null on the far side of the globe. */
  point(wx: number, wy: number): { x: number; y: number } | null;
} & (
  | {
      /** The flat map: world units to canvas pixels, one axis at a time. */
      flat: { toX: (x: number) => number; toY: (y: number) => number };
      globe: null;
    }
  | {
      flat: null;
      /** The frame's globe: its projection of lng/lat to canvas pixels. */
      globe: { projection: GeoProjection; centerLng: number };
    }
);

export function flatSurface(toX: (x: number) => number, toY: (y: number) => number): PlaneSurface {
  return { point: (wx, wy) => ({ x: toX(wx), y: toY(wy) }), flat: { toX, toY }, globe: null };
}

/** Draws the map plane of a frame: the raster (or the globe), then the mode's world-space drawing (the route so far, say). */
export function drawPlane(ctx: CanvasRenderingContext2D, scene: Scene, frame: number): void {
  const camera = cameraAt(scene, frame);
  const weight = globeWeight(camera);
  if (weight <= 0) return drawFlatPlane(ctx, scene, frame, camera);
  if (weight < 1 && scene.globeOpening?.flattening === 'dissolve') {
    // The globe still smaller than the frame where the opening arrives: the whole globe and the
    // flat map at the same scale at the focus, dissolving into each other (lib/globe/globe-camera.ts).
    drawGlobePlane(ctx, scene, frame, { ...camera, globe: 1 });
    const flat = scratchCanvas(scene, ctx.canvas.width, ctx.canvas.height);
    drawFlatPlane(flat.getContext('2d', { alpha: false })!, scene, frame, camera);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = 1 - weight;
    ctx.drawImage(flat, 0, 0);
    ctx.globalAlpha = 1;
    return;
  }
  drawGlobePlane(ctx, scene, frame, camera);
}

const scratch = new WeakMap<Scene, HTMLCanvasElement>();

/** One spare canvas per scene, the plane canvas's size (the flat half of a dissolve is drawn into it). */
function scratchCanvas(scene: Scene, width: number, height: number): HTMLCanvasElement {
  let canvas = scratch.get(scene);
  if (!canvas) scratch.set(scene, (canvas = document.createElement('canvas')));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return canvas;
}

/** The globe (or the globe opening out into the flat map), then the mode's drawing on it. */
function drawGlobePlane(ctx: CanvasRenderingContext2D, scene: Scene, frame: number, camera: CameraState): void {
  const layout = planeLayout(scene);
  // Globe frames never tilt (lib/globe/globe-camera.ts): canvas pixels are the focus-relative offsets moved to the canvas.
  const origin = { x: -layout.minX, y: -layout.minY };
  const centerLng = scene.geometry.centerLng;
  const projection = drawGlobe(ctx, camera, centerLng, scene.palette, origin, scene.viewport, surfaceFor(surfaceSpecOfScene(scene)));
  const offset = globeOffsets(camera);
  scene.layer.drawPlane(ctx, frame, {
    point: (wx, wy) => {
      const p = offset(wx, wy);
      return p.visible ? { x: origin.x + p.x, y: origin.y + p.y } : null;
    },
    flat: null,
    globe: { projection, centerLng },
  });
}

/** The flat map: the visible part of the frame's cached raster, then the mode's drawing on it. */
function drawFlatPlane(ctx: CanvasRenderingContext2D, scene: Scene, frame: number, camera: CameraState): void {
  const layout = planeLayout(scene);
  const scale = 2 ** camera.z;
  const f = Math.max(0, Math.min(scene.track.length - 1, Math.round(frame)));
  const spec = scene.rasters.rasters[scene.rasters.rasterOfFrame[f]];
  const raster = rasterFor(
    spec,
    scene.geometry.centerLng,
    scene.palette,
    scene.props.style,
    scene.regions[spec.detail] ?? null,
    surfaceFor(surfaceSpecOfScene(scene)),
    sceneTiles(scene),
  );

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const toX = (wx: number) => (wx - camera.x) * scale - layout.minX;
  const toY = (wy: number) => (wy - camera.y) * scale - layout.minY;

  // Copy the visible part of the raster (source rectangle clipped, so only needed pixels are sampled).
  const rasterScale = spec.width / (spec.box.maxX - spec.box.minX);
  const dx0 = toX(spec.box.minX);
  const dy0 = toY(spec.box.minY);
  const k = scale / rasterScale; // screen px per raster px
  const sx = Math.max(0, -dx0 / k);
  const sy = Math.max(0, -dy0 / k);
  const sw = Math.min(spec.width, (layout.width - dx0) / k) - sx;
  const sh = Math.min(spec.height, (layout.height - dy0) / k) - sy;
  const covers = dx0 <= 0 && dy0 <= 0 && dx0 + spec.width * k >= layout.width && dy0 + spec.height * k >= layout.height;
  if (!covers) {
    ctx.fillStyle = scene.palette.waterBottom;
    ctx.fillRect(0, 0, layout.width, layout.height);
  }
  if (sw > 0 && sh > 0) {
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(raster, sx, sy, sw, sh, dx0 + sx * k, dy0 + sy * k, sw * k, sh * k);
  }

  scene.layer.drawPlane(ctx, frame, flatSurface(toX, toY));
}

export interface OverlayObstacles {
  /** Screen rectangles labels must avoid (the HUD panel, a legend, the text overlays showing). */
  rects: Rect[];
}

/**
 * Screen position of a world point on this frame (through the tilt, or on the globe). `hidden`: on
 * the far side of the globe, where nothing of it shows.
 */
export function worldToScreen(scene: Scene, camera: CameraState, wx: number, wy: number): { x: number; y: number; hidden?: boolean } {
  const layout = planeLayout(scene);
  const focus = focusPoint(scene.viewport);
  if (globeWeight(camera) > 0) {
    const p = globeOffset(camera, wx, wy);
    return { x: focus.x + p.x, y: focus.y + p.y, hidden: !p.visible };
  }
  const scale = 2 ** camera.z;
  const p = planeToScreen((wx - camera.x) * scale, (wy - camera.y) * scale, tiltOf(camera, layout));
  return { x: focus.x + p.x, y: focus.y + p.y };
}

/** worldToScreen for many points of one camera: what depends on the camera alone is worked out once. */
export function screenProjector(scene: Scene, camera: CameraState): (wx: number, wy: number) => { x: number; y: number; hidden: boolean } {
  const focus = focusPoint(scene.viewport);
  if (globeWeight(camera) > 0) {
    const offset = globeOffsets(camera);
    return (wx, wy) => {
      const p = offset(wx, wy);
      return { x: focus.x + p.x, y: focus.y + p.y, hidden: !p.visible };
    };
  }
  const scale = 2 ** camera.z;
  const tilt = tiltOf(camera, planeLayout(scene));
  return (wx, wy) => {
    const p = planeToScreen((wx - camera.x) * scale, (wy - camera.y) * scale, tilt);
    return { x: focus.x + p.x, y: focus.y + p.y, hidden: false };
  };
}

/**
 * A leg up to `distance` (world units; Infinity = whole) on screen under a camera: polylines broken
 * where the line passes behind the globe, a point left out when within half a pixel of the one before.
 */
export function legOnScreen(scene: Scene, camera: CameraState, leg: LegPath, distance: number): Array<Array<[number, number]>> {
  const toScreen = screenProjector(scene, camera);
  const lines: Array<Array<[number, number]>> = [];
  let line: Array<[number, number]> | null = null;
  const add = (wx: number, wy: number) => {
    const p = toScreen(wx, wy);
    if (p.hidden) {
      line = null;
      return;
    }
    if (!line) lines.push((line = []));
    const last = line[line.length - 1];
    if (!last || Math.abs(p.x - last[0]) + Math.abs(p.y - last[1]) >= 0.5) line.push([p.x, p.y]);
  };
  for (let v = 0; v < leg.cumulative.length; v++) {
    if (leg.cumulative[v] > distance) {
      const at = pointAlong(leg, distance);
      add(at.x, at.y);
      break;
    }
    add(leg.xy[v * 2], leg.xy[v * 2 + 1]);
  }
  return lines;
}

/** The mode's markers, vehicles and labels, in screen space (upright even on a tilted map). */
export function drawOverlay(ctx: CanvasRenderingContext2D, scene: Scene, frame: number, obstacles: OverlayObstacles, clear = true): void {
  const { width, height } = scene.viewport;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (clear) ctx.clearRect(0, 0, width, height);
  scene.layer.drawOverlay(ctx, frame, obstacles.rects);
}
