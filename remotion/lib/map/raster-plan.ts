/**
 * Which pre-drawn map images ("rasters") the video needs. The land, borders and coastlines do not
 * change during a video, so instead of re-drawing thousands of polygons every frame the
 * composition draws each raster once and, per frame, only copies the visible part of one raster
 * to the screen. A raster is drawn at a zoom at most half an octave above the frames that use it
 * (so copying only ever shrinks it by up to √2: crisp), covers the union of what those frames
 * see, and stays under a pixel budget (runs of frames that would need more are split).
 * Pure: the plan depends only on the camera track, so any frame renders identically alone.
 */
import type { CameraState, Viewport } from '../camera/camera';
import { focusPoint } from '../camera/camera';
import { EARTH_CIRCUMFERENCE_KM } from '../geo/mercator';
import { perspectiveDistance, planeBoundsOfScreen } from '../camera/perspective';
import type { Box } from '../geo/route-geometry';

export type Detail = '110m' | '50m' | '10m';

export interface RasterSpec {
  /** Stable key of the raster's content. */
  key: string;
  zoom: number;
  detail: Detail;
  /** World box the raster covers. */
  box: Box;
  /** Pixel size. */
  width: number;
  height: number;
  firstFrame: number;
  lastFrame: number;
}

export interface RasterPlan {
  rasters: RasterSpec[];
  /** Index into `rasters` for each frame. */
  rasterOfFrame: number[];
}

/** Pixel budget of one raster: enough for a frame at up to √2 zoom (4k needs more than 9M). */
export function maxRasterPixels(viewport: Viewport): number {
  return Math.max(9_000_000, Math.ceil(2.2 * viewport.width * viewport.height));
}
const MAX_RASTER_SIDE = 8192;

/** The detail a zoom needs: Natural Earth's scales hold up to about 1 vertex per few pixels. */
export function detailForZoom(zoom: number): Detail {
  const kmPerPixel = EARTH_CIRCUMFERENCE_KM / 2 ** zoom;
  if (kmPerPixel > 12) return '110m';
  if (kmPerPixel > 2.2) return '50m';
  return '10m';
}

/** World box the frame shows (the tilted plane's footprint), with a small margin. */
export function visibleWorldBox(camera: CameraState, viewport: Viewport): Box {
  const focus = focusPoint(viewport);
  const tilt = { angle: (camera.tilt * Math.PI) / 180, distance: perspectiveDistance(viewport.width, viewport.height) };
  const plane = planeBoundsOfScreen(-focus.x, -focus.y, viewport.width - focus.x, viewport.height - focus.y, tilt);
  const scale = 2 ** camera.z;
  const marginX = (plane.maxX - plane.minX) * 0.02;
  const marginY = (plane.maxY - plane.minY) * 0.02;
  return {
    minX: camera.x + (plane.minX - marginX) / scale,
    maxX: camera.x + (plane.maxX + marginX) / scale,
    minY: camera.y + (plane.minY - marginY) / scale,
    maxY: camera.y + (plane.maxY + marginY) / scale,
  };
}

/** Raster zoom for a camera zoom: the next half-octave up. */
export function rasterZoom(z: number): number {
  return Math.ceil(z * 2 - 1e-9) / 2;
}

export function planRasters(track: CameraState[], viewport: Viewport): RasterPlan {
  const MAX_RASTER_PIXELS = maxRasterPixels(viewport);
  const boxes = track.map((c) => visibleWorldBox(c, viewport));
  // Hysteresis: keep a raster's zoom until the camera is more than 0.6 octave below it, so a
  // camera hovering on a half-octave boundary does not flip between two rasters every frame.
  const zooms: number[] = [];
  for (const c of track) {
    const current = zooms.length ? zooms[zooms.length - 1] : Infinity;
    zooms.push(c.z > current || c.z < current - 0.6 ? rasterZoom(c.z) : current);
  }
  const rasters: RasterSpec[] = [];
  const rasterOfFrame = new Array<number>(track.length).fill(0);

  const emit = (from: number, to: number) => {
    const zoom = zooms[from];
    const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    for (let f = from; f <= to; f++) {
      box.minX = Math.min(box.minX, boxes[f].minX);
      box.minY = Math.min(box.minY, boxes[f].minY);
      box.maxX = Math.max(box.maxX, boxes[f].maxX);
      box.maxY = Math.max(box.maxY, boxes[f].maxY);
    }
    // Nothing exists beyond ±85° latitude; the map repeats sideways so x is left open.
    box.minY = Math.max(box.minY, -0.5);
    box.maxY = Math.min(box.maxY, 0.5);
    if (box.maxY <= box.minY) box.maxY = box.minY + 1e-6;
    const scale = 2 ** zoom;
    const width = Math.ceil((box.maxX - box.minX) * scale);
    const height = Math.ceil((box.maxY - box.minY) * scale);
    if (to > from && (width * height > MAX_RASTER_PIXELS || width > MAX_RASTER_SIDE || height > MAX_RASTER_SIDE)) {
      const mid = (from + to) >> 1;
      emit(from, mid);
      emit(mid + 1, to);
      return;
    }
    const fitScale = Math.min(1, MAX_RASTER_SIDE / Math.max(width, height), Math.sqrt(MAX_RASTER_PIXELS / Math.max(1, width * height)));
    const spec: RasterSpec = {
      key: `${zoom}:${box.minX.toFixed(6)}:${box.minY.toFixed(6)}:${box.maxX.toFixed(6)}:${box.maxY.toFixed(6)}`,
      zoom: zoom + Math.log2(fitScale),
      detail: detailForZoom(zoom),
      box,
      width: Math.max(1, Math.floor(width * fitScale)),
      height: Math.max(1, Math.floor(height * fitScale)),
      firstFrame: from,
      lastFrame: to,
    };
    rasters.push(spec);
    for (let f = from; f <= to; f++) rasterOfFrame[f] = rasters.length - 1;
  };

  let runStart = 0;
  for (let f = 1; f <= track.length; f++) {
    if (f === track.length || zooms[f] !== zooms[runStart]) {
      emit(runStart, f - 1);
      runStart = f;
    }
  }
  return { rasters, rasterOfFrame };
}
