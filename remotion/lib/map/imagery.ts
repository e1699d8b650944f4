/**
 * The Earth's picture under a style's lines (contract §21), browser-only: NASA's imagery for the
 * `satellite` and `night` styles, and relief shading from the elevation map (`terrain`, or a style's
 * own `baseRelief`). Loaded and prepared once per job (before the first frame, like the map's
 * geometry), then drawn by the flat map's rasters (world-map.ts) and by the globe (lib/globe/globe-drawing.ts).
 * The images ship with the service (the `three-globe` package's NASA images): no network at render time.
 */
import type { MapAnimationProps } from '../../../src/modules/contract';
import blueMarbleUrl from '@nasa-imagery/earth-blue-marble.jpg';
import blackMarbleUrl from '@nasa-imagery/earth-night.jpg';
import elevationUrl from '@nasa-imagery/earth-topology.png';
import {
  applyGlobeLookup,
  buildGlobeLookup,
  type GlobeLookup,
  globeLookupKey,
  halfTexture,
  mercatorTexture,
  reliefOverlay,
  reliefShade,
  shadeImagery,
  type Texture,
} from './earth-texture';
import type { Palette } from './styles';
import { type SurfaceSpec, surfaceSpecOf } from './surface-spec';

/**
 * A prepared picture: `imagery` replaces the sea and land fills, `relief` is laid over a style's land
 * (transparent at sea and on flat ground).
 */
export interface EarthSurface {
  key: string;
  kind: 'imagery' | 'relief';
  /**
   * The flat map's copies, in Web-Mercator rows (squares: the world's width by its height): the imagery (unshaded)
   * and the relief as an overlay, apart, so that the rasters can fade the relief where it is magnified too far.
   */
  imageryMercator: HTMLCanvasElement | null;
  reliefMercator: HTMLCanvasElement | null;
  /** The relief overlay's width in texels (its detail). */
  reliefWidth: number;
  /**
   * The globe's samples: the imagery with its relief baked in, or the relief overlay; the equirectangular texture,
   * then halves of it for globes too small to show every texel.
   */
  levels: Texture[];
}

const specs = new WeakMap<MapAnimationProps, SurfaceSpec | null>();

/** The surface a scene's props draw (surfaceSpecOf, computed once per props). */
export function surfaceSpecOfScene(scene: { props: MapAnimationProps; palette: Palette }): SurfaceSpec | null {
  if (!specs.has(scene.props)) specs.set(scene.props, surfaceSpecOf(scene.props, scene.palette));
  return specs.get(scene.props)!;
}

function keyOf(spec: SurfaceSpec): string {
  return `${spec.imagery ?? 'fills'}|${spec.relief}|${spec.overlay.shadow},${spec.overlay.light}`;
}

const surfaces = new Map<string, EarthSurface>();
const pending = new Map<string, Promise<EarthSurface>>();

export function hasSurface(spec: SurfaceSpec | null): boolean {
  return !spec || surfaces.has(keyOf(spec));
}

/** The prepared surface of a spec; `loadSurface` must have resolved first. */
export function surfaceFor(spec: SurfaceSpec | null): EarthSurface | null {
  if (!spec) return null;
  const surface = surfaces.get(keyOf(spec));
  if (!surface) throw new Error(`earth surface ${keyOf(spec)} not loaded`);
  return surface;
}

/** Prepares a spec's surface (about half a second for 4096×2048 imagery): images decoded, relief shaded, re-cut for the flat map. */
export function loadSurface(spec: SurfaceSpec | null): Promise<void> {
  if (!spec || surfaces.has(keyOf(spec))) return Promise.resolve();
  const key = keyOf(spec);
  let job = pending.get(key);
  if (!job) {
    job = prepare(spec, key).then((surface) => {
      // One surface per job in practice: drop others (their canvases are large).
      for (const [other, old] of surfaces) {
        for (const canvas of [old.imageryMercator, old.reliefMercator]) if (canvas) canvas.width = canvas.height = 0;
        surfaces.delete(other);
      }
      surfaces.set(key, surface);
      pending.delete(key);
      return surface;
    });
    pending.set(key, job);
  }
  return job.then(() => undefined);
}

async function prepare(spec: SurfaceSpec, key: string): Promise<EarthSurface> {
  const shade = spec.relief > 0 ? await shadeOf(spec.relief) : null;
  let texture: Texture;
  const imagery = spec.imagery ? await texturePixels(spec.imagery === 'day' ? blueMarbleUrl : blackMarbleUrl) : null;
  if (imagery) {
    texture = shade ? shadeImagery(imagery, shade.values, shade.width, shade.height) : imagery;
  } else {
    texture = reliefOverlay(shade!.values, shade!.width, shade!.height, spec.overlay);
  }
  const levels = [texture];
  while (levels.length < 3) levels.push(halfTexture(levels[levels.length - 1]));
  return {
    key,
    kind: spec.imagery ? 'imagery' : 'relief',
    imageryMercator: imagery ? canvasOf(mercatorTexture(imagery)) : null,
    reliefMercator: shade ? canvasOf(mercatorTexture(reliefOverlay(shade.values, shade.width, shade.height, spec.overlay))) : null,
    reliefWidth: shade?.width ?? 0,
    levels,
  };
}

async function shadeOf(exaggeration: number): Promise<{ values: Float32Array; width: number; height: number }> {
  const elevation = await texturePixels(elevationUrl);
  const grey = new Uint8Array(elevation.pixels.length);
  for (let i = 0; i < grey.length; i++) grey[i] = elevation.pixels[i] & 255;
  return { values: reliefShade(grey, elevation.width, elevation.height, exaggeration), width: elevation.width, height: elevation.height };
}

/** An image's pixels (decoded by the browser). */
async function texturePixels(url: string): Promise<Texture> {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.naturalWidth;
  canvas.height = image.naturalHeight;
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  canvas.width = canvas.height = 0;
  return {
    width: image.naturalWidth,
    height: image.naturalHeight,
    pixels: new Uint32Array(data.buffer, data.byteOffset, data.byteLength / 4),
  };
}

function canvasOf(texture: Texture): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = texture.width;
  canvas.height = texture.height;
  const image = new ImageData(texture.width, texture.height);
  new Uint32Array(image.data.buffer).set(texture.pixels);
  canvas.getContext('2d')!.putImageData(image, 0, 0);
  return canvas;
}

/**
 * Draws one of a surface's flat pictures over the flat map's world box (world units, for the job's central meridian) with
 * the context's transform mapping world units to pixels: every copy of the world the box overlaps.
 */
export function drawFlatSurface(
  ctx: CanvasRenderingContext2D,
  picture: HTMLCanvasElement,
  centerLng: number,
  box: { minX: number; maxX: number },
): void {
  // The texture's west edge (180° W) in world units.
  const west = (-180 - centerLng) / 360;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  for (let k = Math.floor(box.minX - west); k <= Math.ceil(box.maxX - west); k++) {
    ctx.drawImage(picture, west + k, -0.5, 1, 1);
  }
}

/** The globe's samples go through one reused canvas and pixel buffer. */
let sampleCanvas: HTMLCanvasElement | null = null;
let sampleImage: ImageData | null = null;
let lookup: GlobeLookup | null = null;

/**
 * Draws a surface onto the whole globe (weight 1) of a frame: sampled pixel by pixel through the
 * orthographic projection (the canvas cannot project an image onto a sphere), at most one sample per
 * texel (a globe larger than the texture's detail is sampled coarser and scaled up smoothly). The
 * caller clips to the disc.
 */
export function drawGlobeSurface(
  ctx: CanvasRenderingContext2D,
  surface: EarthSurface,
  centre: { x: number; y: number; lng: number; lat: number },
  radius: number,
): void {
  const canvasWidth = ctx.canvas.width;
  const canvasHeight = ctx.canvas.height;
  const left = Math.max(0, Math.floor(centre.x - radius - 1));
  const top = Math.max(0, Math.floor(centre.y - radius - 1));
  const right = Math.min(canvasWidth, Math.ceil(centre.x + radius + 1));
  const bottom = Math.min(canvasHeight, Math.ceil(centre.y + radius + 1));
  if (right <= left || bottom <= top) return;
  // The finest texture a sample per canvas pixel still resolves: at the globe's centre a radian spans `radius` pixels.
  const finest = surface.levels[0];
  const texelsPerRadian = finest.width / (2 * Math.PI);
  let level = 0;
  while (level + 1 < surface.levels.length && texelsPerRadian / 2 ** (level + 1) >= radius * 0.9) level++;
  const texture = surface.levels[level];
  const step = Math.max(1, radius / (texture.width / (2 * Math.PI)));
  const width = right - left;
  const height = bottom - top;
  const outWidth = Math.ceil(width / step);
  const outHeight = Math.ceil(height / step);
  if (!sampleCanvas) sampleCanvas = document.createElement('canvas');
  if (sampleCanvas.width < outWidth || sampleCanvas.height < outHeight) {
    sampleCanvas.width = Math.max(sampleCanvas.width, outWidth);
    sampleCanvas.height = Math.max(sampleCanvas.height, outHeight);
  }
  if (!sampleImage || sampleImage.width !== outWidth || sampleImage.height !== outHeight) sampleImage = new ImageData(outWidth, outHeight);
  const out = new Uint32Array(sampleImage.data.buffer);
  const sampling = {
    originX: centre.x,
    originY: centre.y,
    radius,
    lng0: centre.lng,
    phi0: (centre.lat * Math.PI) / 180,
    left,
    top,
    width,
    height,
    step,
  };
  // A globe that only turns keeps its lookup from frame to frame.
  if (lookup?.key !== globeLookupKey(texture, sampling)) lookup = buildGlobeLookup(texture, sampling, lookup ?? undefined);
  applyGlobeLookup(texture, lookup, centre.lng, out);
  const sctx = sampleCanvas.getContext('2d')!;
  sctx.putImageData(sampleImage, 0, 0);
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  ctx.drawImage(sampleCanvas, 0, 0, outWidth, outHeight, left, top, outWidth * step, outHeight * step);
}
