/**
 * An operator's imagery tiles (contract §21), where the props carry them (`imagery_tiles`, attached by the renderer):
 * the flat map's rasters that the bundled imagery cannot fill with detail (past about 10 km a pixel) draw XYZ tiles
 * over it. Every tile a raster needs is loaded while the composition loads, before the first frame; a tile that
 * does not come leaves the bundled imagery showing there (the renderer's tile cache logs it). Browser-only.
 */
import type { CompositionImageryTiles, MapAnimationProps } from '../../../src/modules/contract';
import type { ImageryKind } from './styles';
import type { RasterSpec } from './raster-plan';

/** Pixels per world unit beyond which the bundled imagery (4096 pixels around the world) is magnified too far. */
export const BUNDLED_IMAGERY_SHARP_PX = 4096 * 1.25;
/** At most this many tiles a video (256 × 256 pixels each): past it, a coarser level. */
export const MAX_TILES_PER_VIDEO = 400;

export interface TileKey {
  z: number;
  x: number;
  y: number;
}

/**
 * The tiles a raster needs: the level whose 256-pixel tiles match the raster's scale (none where the bundled imagery
 * is sharp enough), covering its world box. World x is relative to the job's central meridian; tile x counts from 180° W.
 */
export function tilesForRaster(spec: RasterSpec, centerLng: number, maxZoom: number, levelCap = Infinity): TileKey[] {
  const pxPerWorld = spec.width / (spec.box.maxX - spec.box.minX);
  if (pxPerWorld <= BUNDLED_IMAGERY_SHARP_PX) return [];
  const z = Math.max(0, Math.min(maxZoom, levelCap, Math.ceil(Math.log2(pxPerWorld / 256))));
  const n = 2 ** z;
  const west = 0.5 + centerLng / 360;
  const tiles: TileKey[] = [];
  const top = Math.max(0, Math.floor((spec.box.minY + 0.5) * n));
  const bottom = Math.min(n - 1, Math.floor((spec.box.maxY + 0.5) * n));
  for (let tx = Math.floor((spec.box.minX + west) * n); tx <= Math.floor((spec.box.maxX + west) * n); tx++) {
    for (let ty = top; ty <= bottom; ty++) tiles.push({ z, x: ((tx % n) + n) % n, y: ty });
  }
  return tiles;
}

/** The tiles a video loads: every raster's, at levels lowered (`levelCap`) until the set stays under MAX_TILES_PER_VIDEO. */
export interface TilePlan {
  levelCap: number;
  tiles: TileKey[];
}

export function planTiles(rasters: RasterSpec[], centerLng: number, maxZoom: number): TilePlan {
  for (let cap = maxZoom; cap >= 0; cap--) {
    const unique = new Map<string, TileKey>();
    for (const spec of rasters) for (const t of tilesForRaster(spec, centerLng, maxZoom, cap)) unique.set(keyOf(t), t);
    if (unique.size <= MAX_TILES_PER_VIDEO) return { levelCap: cap, tiles: [...unique.values()] };
  }
  return { levelCap: 0, tiles: [] };
}

function keyOf(t: TileKey): string {
  return `${t.z}/${t.x}/${t.y}`;
}

const loaded = new Map<string, HTMLImageElement>();
const attempted = new Set<string>();

function urlOf(source: CompositionImageryTiles, t: TileKey): string {
  return source.url.replaceAll('{z}', String(t.z)).replaceAll('{x}', String(t.x)).replaceAll('{y}', String(t.y));
}

export function hasTiles(source: CompositionImageryTiles | null | undefined, tiles: TileKey[]): boolean {
  return !source || tiles.every((t) => attempted.has(`${source.url}|${keyOf(t)}`));
}

/** Loads the tiles (a few at a time); resolves once each has come or failed. */
export async function loadTiles(source: CompositionImageryTiles | null | undefined, tiles: TileKey[]): Promise<void> {
  if (!source) return;
  const queue = tiles.filter((t) => !attempted.has(`${source.url}|${keyOf(t)}`));
  const worker = async () => {
    for (let t = queue.shift(); t; t = queue.shift()) {
      const id = `${source.url}|${keyOf(t)}`;
      const image = new Image();
      // Served with CORS by the renderer's tile cache: the canvas stays readable (the in-page encoder reads it).
      image.crossOrigin = 'anonymous';
      image.src = urlOf(source, t);
      try {
        await image.decode();
        loaded.set(id, image);
      } catch {
        // The bundled imagery shows there.
      }
      attempted.add(id);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

/**
 * Draws a raster's loaded tiles over it, with the context's transform mapping world units to pixels; returns whether
 * any tile was drawn (the frame then credits the provider).
 */
export function drawTiles(
  ctx: CanvasRenderingContext2D,
  source: CompositionImageryTiles,
  plan: TilePlan,
  spec: RasterSpec,
  centerLng: number,
): boolean {
  const west = 0.5 + centerLng / 360;
  let drawn = false;
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  for (const t of tilesForRaster(spec, centerLng, source.max_zoom, plan.levelCap)) {
    const image = loaded.get(`${source.url}|${keyOf(t)}`);
    if (!image) continue;
    const n = 2 ** t.z;
    // The copy of this tile nearest the raster's box (tile x wraps around the world).
    let x = t.x / n - west;
    const centre = (spec.box.minX + spec.box.maxX) / 2;
    x += Math.round(centre - (x + 0.5 / n));
    // A hair of overlap so that neighbouring tiles leave no seam.
    const overlap = 0.25 / spec.width;
    ctx.drawImage(image, x - overlap, t.y / n - 0.5 - overlap, 1 / n + 2 * overlap, 1 / n + 2 * overlap);
    drawn = true;
  }
  return drawn;
}

/** Whether a raster shows any of the operator's tiles (its frames then credit the provider). */
export function rasterShowsTiles(source: CompositionImageryTiles, plan: TilePlan, spec: RasterSpec, centerLng: number): boolean {
  return tilesForRaster(spec, centerLng, source.max_zoom, plan.levelCap).some((t) => loaded.has(`${source.url}|${keyOf(t)}`));
}

/** A scene's tiles: its source and plan, where its props carry tiles and its style draws the day imagery they sharpen. */
export interface SceneTiles {
  source: CompositionImageryTiles;
  plan: TilePlan;
}

const scenePlans = new WeakMap<object, SceneTiles | null>();

/** What of a scene the tiles depend on (lib/scene/scene.ts's Scene has it). */
interface TiledScene {
  props: Pick<MapAnimationProps, 'imagery_tiles'>;
  palette: { imagery: ImageryKind | null };
  rasters: { rasters: RasterSpec[] };
  geometry: { centerLng: number };
}

export function sceneTiles(scene: TiledScene): SceneTiles | null {
  if (!scenePlans.has(scene)) {
    const source = scene.props.imagery_tiles ?? null;
    scenePlans.set(
      scene,
      source && scene.palette.imagery === 'day'
        ? { source, plan: planTiles(scene.rasters.rasters, scene.geometry.centerLng, source.max_zoom) }
        : null,
    );
  }
  return scenePlans.get(scene)!;
}
