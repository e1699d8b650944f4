/**
 * Natural Earth (world-atlas) land and borders, projected once per job into Path2D objects in
 * world coordinates, and drawn into the cached rasters of raster-plan.ts. Browser-only.
 */
import { geoGraticule10, geoMercator, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import type { Box } from './route-geometry';
import type { Detail, RasterSpec } from './raster-plan';
import type { Palette } from './styles';

type TopologyLoader = () => Promise<{ land: Topology; countries: Topology }>;

// Loaded on demand: a job that never zooms in never parses the 10m files.
const LOADERS: Record<Detail, TopologyLoader> = {
  '110m': async () => ({
    land: (await import('world-atlas/land-110m.json')).default as unknown as Topology,
    countries: (await import('world-atlas/countries-110m.json')).default as unknown as Topology,
  }),
  '50m': async () => ({
    land: (await import('world-atlas/land-50m.json')).default as unknown as Topology,
    countries: (await import('world-atlas/countries-50m.json')).default as unknown as Topology,
  }),
  '10m': async () => ({
    land: (await import('world-atlas/land-10m.json')).default as unknown as Topology,
    countries: (await import('world-atlas/countries-10m.json')).default as unknown as Topology,
  }),
};

const topologies = new Map<Detail, { land: Topology; countries: Topology }>();

export function hasDetails(details: Detail[]): boolean {
  return details.every((d) => topologies.has(d));
}

export async function loadDetails(details: Detail[]): Promise<void> {
  for (const d of details) if (!topologies.has(d)) topologies.set(d, await LOADERS[d]());
}

/** One drawable piece with its world bounding box, for culling. */
interface Piece {
  box: Box;
  path: Path2D;
}

interface ProjectedMap {
  land: Piece[];
  borders: Piece[];
  graticule: Piece[];
}

/** A Path2D that also records the bounding box of what is drawn into it. */
class BoundedPath {
  readonly path = new Path2D();
  box: Box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  moveTo(x: number, y: number): void {
    this.path.moveTo(x, y);
    this.grow(x, y);
  }
  lineTo(x: number, y: number): void {
    this.path.lineTo(x, y);
    this.grow(x, y);
  }
  closePath(): void {
    this.path.closePath();
  }
  arc(): void {
    /* geoPath only draws arcs for points; the map has none */
  }
  private grow(x: number, y: number): void {
    if (x < this.box.minX) this.box.minX = x;
    if (x > this.box.maxX) this.box.maxX = x;
    if (y < this.box.minY) this.box.minY = y;
    if (y > this.box.maxY) this.box.maxY = y;
  }
}

const projectedCache = new Map<string, ProjectedMap>();

/** Land polygons and border lines of a detail level, projected for a job's central meridian. */
export function projectedMap(detail: Detail, centerLng: number): ProjectedMap {
  const key = `${detail}:${centerLng}`;
  const cached = projectedCache.get(key);
  if (cached) return cached;
  const topo = topologies.get(detail);
  if (!topo) throw new Error(`map detail ${detail} not loaded`);
  // Same formula as mercator.ts: world units, central meridian at x = 0, y southwards.
  const projection = geoMercator()
    .rotate([-centerLng, 0])
    .scale(1 / (2 * Math.PI))
    .translate([0, 0])
    .precision(0);
  const pieces = (geometries: GeoJSON.Geometry[]): Piece[] => {
    const out: Piece[] = [];
    for (const g of geometries) {
      const recorder = new BoundedPath();
      geoPath(projection, recorder as unknown as CanvasRenderingContext2D)(g);
      if (Number.isFinite(recorder.box.minX)) out.push({ box: recorder.box, path: recorder.path });
    }
    return out;
  };
  const landObject = topo.land.objects.land;
  const landGeometry = feature(topo.land, landObject) as unknown as GeoJSON.Feature | GeoJSON.FeatureCollection;
  const polygons: GeoJSON.Geometry[] = [];
  const collect = (g: GeoJSON.Geometry | null) => {
    if (!g) return;
    if (g.type === 'MultiPolygon') for (const coordinates of g.coordinates) polygons.push({ type: 'Polygon', coordinates });
    else if (g.type === 'GeometryCollection') g.geometries.forEach(collect);
    else polygons.push(g);
  };
  if (landGeometry.type === 'FeatureCollection') landGeometry.features.forEach((f) => collect(f.geometry));
  else collect(landGeometry.geometry);

  const borderMesh = mesh(topo.countries, topo.countries.objects.countries as never, (a, b) => a !== b) as GeoJSON.MultiLineString;
  const borderLines: GeoJSON.Geometry[] = borderMesh.coordinates.map((coordinates) => ({ type: 'LineString', coordinates }));

  const graticule = geoGraticule10();
  const result: ProjectedMap = { land: pieces(polygons), borders: pieces(borderLines), graticule: pieces([graticule]) };
  projectedCache.set(key, result);
  return result;
}

export type Raster = HTMLCanvasElement;

function intersects(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** Draws the static map of one raster spec: water, shallow-water band, land, borders, coastline. */
export function drawRaster(spec: RasterSpec, centerLng: number, palette: Palette): Raster {
  const canvas = document.createElement('canvas');
  canvas.width = spec.width;
  canvas.height = spec.height;
  const ctx = canvas.getContext('2d', { alpha: false })!;
  const map = projectedMap(spec.detail, centerLng);
  const scale = spec.width / (spec.box.maxX - spec.box.minX);
  // Pixel sizes below are for 720p-like zoom levels; they stay constant in screen pixels.
  const px = 1 / scale;

  // Water: a gentle gradient over the world's height, so adjacent rasters match.
  const gradient = ctx.createLinearGradient(0, (-0.5 - spec.box.minY) * scale, 0, (0.5 - spec.box.minY) * scale);
  gradient.addColorStop(0, palette.waterTop);
  gradient.addColorStop(1, palette.waterBottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, spec.width, spec.height);

  // The map repeats every world unit sideways: draw each copy the raster overlaps.
  const offsets: number[] = [];
  for (let k = Math.floor(spec.box.minX + 0.5); k <= Math.ceil(spec.box.maxX - 0.5); k++) offsets.push(k);
  const rasterPx = Math.min(spec.width, spec.height);
  const widthScale = Math.max(0.8, Math.min(1.6, rasterPx / 720));

  for (const k of offsets) {
    ctx.setTransform(scale, 0, 0, scale, (k - spec.box.minX) * scale, -spec.box.minY * scale);
    const local: Box = { minX: spec.box.minX - k, maxX: spec.box.maxX - k, minY: spec.box.minY, maxY: spec.box.maxY };
    const land = map.land.filter((p) => intersects(p.box, local));
    const visibleBorders = map.borders.filter((p) => intersects(p.box, local));
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    if (palette.graticule) {
      ctx.strokeStyle = palette.graticule;
      ctx.lineWidth = px * widthScale;
      for (const g of map.graticule) ctx.stroke(g.path);
    }
    if (palette.shallowWater) {
      ctx.strokeStyle = palette.shallowWater;
      ctx.lineWidth = px * 9 * widthScale;
      ctx.globalAlpha = 0.55;
      for (const p of land) ctx.stroke(p.path);
      ctx.lineWidth = px * 4 * widthScale;
      ctx.globalAlpha = 0.8;
      for (const p of land) ctx.stroke(p.path);
      ctx.globalAlpha = 1;
    }
    ctx.fillStyle = palette.land;
    for (const p of land) ctx.fill(p.path, 'evenodd');
    if (palette.border) {
      ctx.strokeStyle = palette.border;
      ctx.lineWidth = px * 1.0 * widthScale;
      ctx.setLineDash(palette.borderDash.map((d) => d * px * widthScale));
      for (const p of visibleBorders) ctx.stroke(p.path);
      ctx.setLineDash([]);
    }
    ctx.strokeStyle = palette.coastline;
    ctx.lineWidth = px * palette.coastlineWidth * widthScale;
    for (const p of land) ctx.stroke(p.path);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return canvas;
}

/** A few rasters stay cached (the tab lives for the whole render); the oldest is dropped. */
const rasterCache = new Map<string, Raster>();
const RASTER_CACHE_SIZE = 3;

export function rasterFor(spec: RasterSpec, centerLng: number, palette: Palette, styleId: string): Raster {
  const key = `${styleId}|${centerLng}|${spec.key}|${spec.width}x${spec.height}|${spec.detail}`;
  const hit = rasterCache.get(key);
  if (hit) {
    rasterCache.delete(key);
    rasterCache.set(key, hit);
    return hit;
  }
  const raster = drawRaster(spec, centerLng, palette);
  rasterCache.set(key, raster);
  while (rasterCache.size > RASTER_CACHE_SIZE) {
    const oldest = rasterCache.keys().next().value as string;
    const dropped = rasterCache.get(oldest);
    if (dropped) dropped.width = dropped.height = 0; // frees the pixels now, not at GC time
    rasterCache.delete(oldest);
  }
  return raster;
}
