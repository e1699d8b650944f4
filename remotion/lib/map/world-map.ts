/**
 * Natural Earth (world-atlas) land and borders, projected once per job into Path2D objects in
 * world coordinates, and drawn into the cached rasters of raster-plan.ts. Browser-only.
 */
import { geoGraticule10, geoMercator, geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { latitudeOf, project } from '../geo/mercator';
import { drawFlatSurface, type EarthSurface } from './imagery';
import { drawTiles, type SceneTiles } from './imagery-tiles';
import type { Box } from '../geo/route-geometry';
import type { Detail, RasterSpec } from './raster-plan';
import type { Palette } from './styles';

/** `countries` null: borders come from the next coarser level (10m borders cost more than they show). */
type TopologyLoader = () => Promise<{ land: Topology; countries: Topology | null }>;

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
    countries: null,
  }),
};

const topologies = new Map<Detail, { land: Topology; countries: Topology | null }>();

/** Levels to load for a set of details (10m borders come from 50m). */
function withBorderSources(details: Detail[]): Detail[] {
  return details.includes('10m') && !details.includes('50m') ? [...details, '50m'] : details;
}

export function hasDetails(details: Detail[]): boolean {
  return withBorderSources(details).every((d) => topologies.has(d));
}

export async function loadDetails(details: Detail[]): Promise<void> {
  for (const d of withBorderSources(details)) if (!topologies.has(d)) topologies.set(d, await LOADERS[d]());
}

/**
 * Whether a geometry (lng/lat rings or lines) may show inside `region` (world units, for the
 * job's central meridian). Cheap bounding-box test on the raw coordinates, before projecting:
 * a job that zooms into Europe never projects the rest of the 10m world.
 */
function mayIntersect(lines: number[][][], centerLng: number, region: Box | null): boolean {
  if (!region) return true;
  let minX = Infinity;
  let maxX = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const line of lines) {
    for (const [lng, lat] of line) {
      const x = ((((lng - centerLng + 180) % 360) + 360) % 360) - 180;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
    }
  }
  if (maxX - minX > 180) return true; // crosses the map's cut: let the projection's clipping decide
  const top = project(0, maxLat, 0).y;
  const bottom = project(0, minLat, 0).y;
  if (bottom < region.minY || top > region.maxY) return false;
  for (const k of [-1, 0, 1]) {
    if (minX / 360 + k <= region.maxX && maxX / 360 + k >= region.minX) return true;
  }
  return false;
}

/** One drawable piece with its world bounding box, for culling. */
interface Piece {
  box: Box;
  path: Path2D;
}

interface ProjectedMap {
  /** Land fill, big polygons cut into tiles so a raster only walks the vertices it shows. */
  land: Piece[];
  /** Coastlines as short open runs (never the tile cuts). */
  coast: Piece[];
  borders: Piece[];
  graticule: Piece[];
}

/** geoPath context that records projected rings as flat [x0, y0, x1, y1, …] arrays. */
class RingRecorder {
  rings: number[][] = [];
  moveTo(x: number, y: number): void {
    this.rings.push([x, y]);
  }
  lineTo(x: number, y: number): void {
    this.rings[this.rings.length - 1]?.push(x, y);
  }
  closePath(): void {
    /* rings of polygons are closed implicitly when filled */
  }
  arc(): void {
    /* geoPath only draws arcs for points; the map has none */
  }
}

function boxOfFlat(xy: ArrayLike<number>): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let i = 0; i + 1 < xy.length; i += 2) {
    const x = xy[i];
    const y = xy[i + 1];
    if (x < box.minX) box.minX = x;
    if (x > box.maxX) box.maxX = x;
    if (y < box.minY) box.minY = y;
    if (y > box.maxY) box.maxY = y;
  }
  return box;
}

function pathOf(rings: ArrayLike<number>[], close: boolean): Path2D {
  const path = new Path2D();
  for (const xy of rings) {
    if (xy.length < 4) continue;
    path.moveTo(xy[0], xy[1]);
    for (let i = 2; i + 1 < xy.length; i += 2) path.lineTo(xy[i], xy[i + 1]);
    if (close) path.closePath();
  }
  return path;
}

/** Open runs of at most `size` vertices (consecutive runs share an end vertex). */
function chunkLine(xy: number[], closed: boolean, size = 200): Piece[] {
  const points = closed && xy.length >= 4 ? [...xy, xy[0], xy[1]] : xy;
  const pieces: Piece[] = [];
  for (let start = 0; start < points.length / 2 - 1; start += size - 1) {
    const run = points.slice(start * 2, Math.min(points.length, (start + size) * 2));
    if (run.length >= 4) pieces.push({ box: boxOfFlat(run), path: pathOf([run], false) });
  }
  return pieces;
}

/** Sutherland–Hodgman clip of a closed ring to a rectangle (fine for filling with even-odd). */
function clipRing(xy: number[], r: Box): number[] {
  let input = xy;
  const edges: Array<(x: number, y: number) => number> = [
    (x) => x - r.minX,
    (x) => r.maxX - x,
    (_x, y) => y - r.minY,
    (_x, y) => r.maxY - y,
  ];
  for (const inside of edges) {
    const out: number[] = [];
    const n = input.length / 2;
    if (n === 0) break;
    let px = input[(n - 1) * 2];
    let py = input[(n - 1) * 2 + 1];
    let pd = inside(px, py);
    for (let i = 0; i < n; i++) {
      const x = input[i * 2];
      const y = input[i * 2 + 1];
      const d = inside(x, y);
      if (d >= 0) {
        if (pd < 0) {
          const t = pd / (pd - d);
          out.push(px + (x - px) * t, py + (y - py) * t);
        }
        out.push(x, y);
      } else if (pd >= 0) {
        const t = pd / (pd - d);
        out.push(px + (x - px) * t, py + (y - py) * t);
      }
      px = x;
      py = y;
      pd = d;
    }
    input = out;
  }
  return input;
}

/**
 * The coastline of a closed ring as open runs, leaving out the edges d3's spherical clipping
 * adds along the map's cut (x = ±0.5): land is cut there, but no coast runs along it, and a
 * view wider than one world would otherwise show a straight line through the continents.
 */
function coastRuns(xy: number[]): number[][] {
  const closed = xy.length >= 4 ? [...xy, xy[0], xy[1]] : xy;
  const onCut = (x: number) => Math.abs(Math.abs(x) - 0.5) < 1e-9;
  const runs: number[][] = [];
  let run: number[] = [closed[0], closed[1]];
  for (let i = 2; i + 1 < closed.length; i += 2) {
    if (onCut(closed[i - 2]) && onCut(closed[i]) && Math.sign(closed[i - 2]) === Math.sign(closed[i])) {
      if (run.length >= 4) runs.push(run);
      run = [closed[i], closed[i + 1]];
    } else {
      run.push(closed[i], closed[i + 1]);
    }
  }
  if (run.length >= 4) runs.push(run);
  return runs;
}

/**
 * Polygons with many vertices are cut into quadrants, recursively, until each piece is small or
 * its tile reaches `minTile` world units (tiles overlap slightly, so fills show no seams).
 */
function landPieces(polygons: number[][][], minTile: number): Piece[] {
  const pieces: Piece[] = [];
  const vertexCount = (rings: number[][]) => rings.reduce((s, r) => s + r.length / 2, 0);
  const split = (rings: number[][], rect: Box) => {
    const size = rect.maxX - rect.minX;
    if (vertexCount(rings) < 1500 || size <= minTile) {
      pieces.push({ box: rect, path: pathOf(rings, true) });
      return;
    }
    const midX = (rect.minX + rect.maxX) / 2;
    const midY = (rect.minY + rect.maxY) / 2;
    const overlap = size * 0.01;
    for (const [minX, maxX] of [
      [rect.minX, midX],
      [midX, rect.maxX],
    ]) {
      for (const [minY, maxY] of [
        [rect.minY, midY],
        [midY, rect.maxY],
      ]) {
        const child = { minX: minX - overlap, maxX: maxX + overlap, minY: minY - overlap, maxY: maxY + overlap };
        const clipped = rings.map((ring) => clipRing(ring, child)).filter((ring) => ring.length >= 6);
        if (clipped.length) split(clipped, child);
      }
    }
  };
  for (const rings of polygons) {
    const box = boxOfFlat(rings.flat()); // all rings: after clipping, d3 may list a hole first
    if (!Number.isFinite(box.minX)) continue;
    const side = Math.max(box.maxX - box.minX, box.maxY - box.minY);
    split(rings, { minX: box.minX, minY: box.minY, maxX: box.minX + side, maxY: box.minY + side });
  }
  return pieces;
}

/**
 * Projects a lng/lat polygon with the plain Mercator formula, cut first to the region (plus a
 * margin) so a continent that only peeks into the region is not projected whole (Mercator maps
 * lng/lat rectangles to rectangles, so the cut edges stay outside every raster). Planar, so the
 * rings' winding does not matter (Natural Earth has a few tiny rings that d3's spherical
 * rules read as "the whole world but this"). Returns null for rings that wind around a pole and,
 * without a region, for polygons over the map's cut: those need d3's spherical clipping.
 */
function projectPlanar(polygon: GeoJSON.Polygon, centerLng: number, region: Box | null): number[][] | null {
  let rect: Box | null = null;
  if (region) {
    const marginX = (region.maxX - region.minX) * 0.05 + 1e-4;
    const marginY = (region.maxY - region.minY) * 0.05 + 1e-4;
    const minX = (region.minX - marginX) * 360;
    const maxX = (region.maxX + marginX) * 360;
    if (maxX - minX < 300) rect = { minX, maxX, minY: latitudeOf(region.maxY + marginY), maxY: latitudeOf(region.minY - marginY) };
  }
  const rings: number[][] = [];
  for (const ring of polygon.coordinates) {
    const flat: number[] = [];
    let previous: number | null = null;
    for (const [lng, lat] of ring) {
      // Longitudes relative to the centre, kept continuous along the ring.
      let x = lng - centerLng;
      x = previous === null ? ((((x + 180) % 360) + 360) % 360) - 180 : x + 360 * Math.round((previous - x) / 360);
      previous = x;
      flat.push(x, lat);
    }
    // A ring that does not come back to its start longitude winds around a pole: leave it to d3.
    if (Math.abs(flat[0] - flat[flat.length - 2]) > 1e-6) return null;
    const box = boxOfFlat(flat);
    const pieces: number[][] = [];
    if (rect) {
      // Every copy of the ring (one turn apart) that meets the region, cut to it.
      for (const k of [-360, 0, 360]) {
        if (box.minX + k > rect.maxX || box.maxX + k < rect.minX) continue;
        const shifted = k ? flat.map((v, i) => (i % 2 === 0 ? v + k : v)) : flat;
        pieces.push(clipRing(shifted, rect));
      }
    } else {
      if (box.maxX - box.minX > 180) return null;
      const shift = box.minX < -180 ? 360 : box.maxX > 180 ? -360 : 0;
      if (box.minX + shift < -180 || box.maxX + shift > 180) return null; // over the map's cut
      pieces.push(shift ? flat.map((v, i) => (i % 2 === 0 ? v + shift : v)) : flat);
    }
    for (const piece of pieces) {
      if (piece.length < 6) continue;
      // Relative to the centre already: the plain Mercator formula suffices.
      const projected: number[] = [];
      for (let i = 0; i < piece.length; i += 2) {
        const p = project(piece[i], piece[i + 1], 0);
        projected.push(p.x, p.y);
      }
      rings.push(projected);
    }
  }
  return rings;
}

const TILE_SIZE: Record<Detail, number> = { '110m': 1 / 8, '50m': 1 / 32, '10m': 1 / 128 };

const projectedCache = new Map<string, ProjectedMap>();

/**
 * Land polygons and border lines of a detail level, projected for a job's central meridian;
 * with a `region`, only what may show inside it.
 */
export function projectedMap(detail: Detail, centerLng: number, region: Box | null = null): ProjectedMap {
  const key = `${detail}:${centerLng}:${region ? [region.minX, region.minY, region.maxX, region.maxY].join(',') : 'world'}`;
  const cached = projectedCache.get(key);
  if (cached) return cached;
  const topo = topologies.get(detail);
  if (!topo) throw new Error(`map detail ${detail} not loaded`);
  // Same formula as lib/geo/mercator.ts: world units, central meridian at x = 0, y southwards.
  const projection = geoMercator()
    .rotate([-centerLng, 0])
    .scale(1 / (2 * Math.PI))
    .translate([0, 0])
    .precision(0);
  const record = (g: GeoJSON.Geometry): number[][] => {
    const recorder = new RingRecorder();
    geoPath(projection, recorder as unknown as CanvasRenderingContext2D)(g);
    return recorder.rings.filter((r) => r.length >= 4);
  };
  // A polygon over the cut whose rings d3 reads inside out comes back covering the whole world:
  // reverse its rings and project again.
  const recordSpherical = (g: GeoJSON.Geometry): number[][] => {
    const rings = record(g);
    const box = boxOfFlat(rings.flat());
    if (g.type === 'Polygon' && box.maxX - box.minX > 0.99 && box.maxY - box.minY > 0.99) {
      return record({ type: 'Polygon', coordinates: g.coordinates.map((ring) => [...ring].reverse()) });
    }
    return rings;
  };

  const landGeometry = feature(topo.land, topo.land.objects.land) as unknown as GeoJSON.Feature | GeoJSON.FeatureCollection;
  const polygons: GeoJSON.Geometry[] = [];
  const collect = (g: GeoJSON.Geometry | null) => {
    if (!g) return;
    if (g.type === 'MultiPolygon') for (const coordinates of g.coordinates) polygons.push({ type: 'Polygon', coordinates });
    else if (g.type === 'GeometryCollection') g.geometries.forEach(collect);
    else polygons.push(g);
  };
  if (landGeometry.type === 'FeatureCollection') landGeometry.features.forEach((f) => collect(f.geometry));
  else collect(landGeometry.geometry);
  const projectedPolygons = polygons
    .filter((g) => g.type !== 'Polygon' || mayIntersect(g.coordinates, centerLng, region))
    .map((g) => (g.type === 'Polygon' ? projectPlanar(g, centerLng, region) : null) ?? recordSpherical(g))
    .filter((rings) => rings.length > 0);

  const countries = topo.countries ?? topologies.get('50m')?.countries ?? null;
  const borderMesh = countries
    ? (mesh(countries, countries.objects.countries as never, (a, b) => a !== b) as GeoJSON.MultiLineString)
    : { type: 'MultiLineString' as const, coordinates: [] };
  const borderRings = record({
    type: 'MultiLineString',
    coordinates: borderMesh.coordinates.filter((line) => mayIntersect([line], centerLng, region)),
  });
  const graticuleRings = record(geoGraticule10());

  const result: ProjectedMap = {
    land: landPieces(projectedPolygons, TILE_SIZE[detail]),
    coast: projectedPolygons.flatMap((rings) => rings.flatMap((ring) => coastRuns(ring).flatMap((run) => chunkLine(run, false)))),
    borders: borderRings.flatMap((ring) => chunkLine(ring, false)),
    graticule: graticuleRings.flatMap((ring) => chunkLine(ring, false, 1000)),
  };
  projectedCache.set(key, result);
  return result;
}

export type Raster = HTMLCanvasElement;

function intersects(a: Box, b: Box): boolean {
  return a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;
}

/** Relief over a style's land shows fully up to this many screen pixels per elevation pixel, and is gone at the second. */
const RELIEF_FADE_START_PX = 5;
const RELIEF_FADE_END_PX = 14;

/**
 * Draws the static map of one raster spec: water, shallow-water band, land, relief, borders,
 * coastline; with imagery (`surface` of kind `imagery`), the imagery in place of the water and land.
 */
export function drawRaster(
  spec: RasterSpec,
  centerLng: number,
  palette: Palette,
  region: Box | null = null,
  surface: EarthSurface | null = null,
  tiles: SceneTiles | null = null,
): Raster {
  const canvas = document.createElement('canvas');
  canvas.width = spec.width;
  canvas.height = spec.height;
  const ctx = canvas.getContext('2d', { alpha: false })!;
  const map = projectedMap(spec.detail, centerLng, region);
  const scale = spec.width / (spec.box.maxX - spec.box.minX);
  // Pixel sizes below are for 720p-like zoom levels; they stay constant in screen pixels.
  const px = 1 / scale;

  // Water: a gentle gradient over the world's height, so adjacent rasters match.
  const gradient = ctx.createLinearGradient(0, (-0.5 - spec.box.minY) * scale, 0, (0.5 - spec.box.minY) * scale);
  gradient.addColorStop(0, palette.waterTop);
  gradient.addColorStop(1, palette.waterBottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, spec.width, spec.height);
  const imagery = surface?.kind === 'imagery';
  if (imagery) {
    ctx.setTransform(scale, 0, 0, scale, -spec.box.minX * scale, -spec.box.minY * scale);
    drawFlatSurface(ctx, surface.imageryMercator!, centerLng, spec.box);
    // Sharper imagery from the operator's tiles where this raster's scale needs it.
    if (tiles) drawTiles(ctx, tiles.source, tiles.plan, spec, centerLng);
  }

  // The map repeats every world unit sideways: draw each copy the raster overlaps.
  const offsets: number[] = [];
  for (let k = Math.floor(spec.box.minX + 0.5); k <= Math.ceil(spec.box.maxX - 0.5); k++) offsets.push(k);
  const rasterPx = Math.min(spec.width, spec.height);
  const widthScale = Math.max(0.8, Math.min(1.6, rasterPx / 720));

  const copies = offsets.map((k) => {
    const local: Box = { minX: spec.box.minX - k, maxX: spec.box.maxX - k, minY: spec.box.minY, maxY: spec.box.maxY };
    return {
      transform: [scale, 0, 0, scale, (k - spec.box.minX) * scale, -spec.box.minY * scale] as const,
      land: map.land.filter((p) => intersects(p.box, local)),
      coast: map.coast.filter((p) => intersects(p.box, local)),
      borders: map.borders.filter((p) => intersects(p.box, local)),
    };
  });
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  // Fills first in every copy of the world, then the relief over them all at once (it is
  // translucent: drawn per copy, it would double where copies meet), then the lines.
  for (const copy of copies) {
    ctx.setTransform(...copy.transform);
    if (palette.graticule) {
      ctx.strokeStyle = palette.graticule;
      ctx.lineWidth = px * widthScale;
      for (const g of map.graticule) ctx.stroke(g.path);
    }
    if (imagery) continue;
    if (palette.shallowWater) {
      ctx.strokeStyle = palette.shallowWater;
      ctx.lineWidth = px * 7 * widthScale;
      for (const p of copy.coast) ctx.stroke(p.path);
    }
    ctx.fillStyle = palette.land;
    for (const p of copy.land) ctx.fill(p.path, 'evenodd');
  }
  if (surface?.reliefMercator) {
    // The elevation map has a pixel every ~20 km: magnified past a few screen pixels a pixel its shading turns to
    // smudges, so it fades out as the map zooms in further (over imagery, and over a style's land).
    const screenPxPerElevationPx = scale / surface.reliefWidth;
    ctx.globalAlpha = Math.max(0, Math.min(1, (RELIEF_FADE_END_PX - screenPxPerElevationPx) / (RELIEF_FADE_END_PX - RELIEF_FADE_START_PX)));
    if (ctx.globalAlpha > 0) {
      ctx.setTransform(scale, 0, 0, scale, -spec.box.minX * scale, -spec.box.minY * scale);
      drawFlatSurface(ctx, surface.reliefMercator, centerLng, spec.box);
    }
    ctx.globalAlpha = 1;
  }
  for (const copy of copies) {
    ctx.setTransform(...copy.transform);
    if (palette.border) {
      ctx.strokeStyle = palette.border;
      ctx.lineWidth = px * 1.0 * widthScale;
      ctx.setLineDash(palette.borderDash.map((d) => d * px * widthScale));
      for (const p of copy.borders) ctx.stroke(p.path);
      ctx.setLineDash([]);
    }
    ctx.strokeStyle = palette.coastline;
    ctx.lineWidth = px * palette.coastlineWidth * widthScale;
    for (const p of copy.coast) ctx.stroke(p.path);
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  return canvas;
}

/** A few rasters stay cached (the tab lives for the whole render); the oldest is dropped. */
const rasterCache = new Map<string, Raster>();
const RASTER_CACHE_SIZE = 3;

export function rasterFor(
  spec: RasterSpec,
  centerLng: number,
  palette: Palette,
  styleId: string,
  region: Box | null = null,
  surface: EarthSurface | null = null,
  tiles: SceneTiles | null = null,
): Raster {
  const tileKey = tiles ? `${tiles.source.url}@${tiles.plan.levelCap}` : '';
  const key = `${styleId}|${centerLng}|${spec.key}|${spec.width}x${spec.height}|${spec.detail}|${surface?.key ?? ''}|${tileKey}`;
  const hit = rasterCache.get(key);
  if (hit) {
    rasterCache.delete(key);
    rasterCache.set(key, hit);
    return hit;
  }
  const raster = drawRaster(spec, centerLng, palette, region, surface, tiles);
  rasterCache.set(key, raster);
  while (rasterCache.size > RASTER_CACHE_SIZE) {
    const oldest = rasterCache.keys().next().value as string;
    const dropped = rasterCache.get(oldest);
    if (dropped) dropped.width = dropped.height = 0; // frees the pixels now, not at GC time
    rasterCache.delete(oldest);
  }
  return raster;
}

/** A detail level's land, coastline and borders as geographic (lng/lat) geometry, for the globe to project per frame. */
export interface GeoLayers {
  land: GeoJSON.MultiPolygon;
  /** The land's outlines as lines: clipped at the globe's horizon without a false coast along it. */
  coast: GeoJSON.MultiLineString;
  borders: GeoJSON.MultiLineString;
}

const geoLayersCache = new Map<Detail, GeoLayers>();

/** Needs `loadDetails([detail])` first. */
export function geoLayers(detail: Detail): GeoLayers {
  const cached = geoLayersCache.get(detail);
  if (cached) return cached;
  const topo = topologies.get(detail);
  if (!topo) throw new Error(`map detail ${detail} not loaded`);
  const polygons: GeoJSON.Position[][][] = [];
  const collect = (g: GeoJSON.Geometry | null) => {
    if (!g) return;
    if (g.type === 'MultiPolygon') polygons.push(...g.coordinates);
    else if (g.type === 'Polygon') polygons.push(g.coordinates);
    else if (g.type === 'GeometryCollection') g.geometries.forEach(collect);
  };
  const land = feature(topo.land, topo.land.objects.land) as unknown as GeoJSON.Feature | GeoJSON.FeatureCollection;
  if (land.type === 'FeatureCollection') land.features.forEach((f) => collect(f.geometry));
  else collect(land.geometry);
  const countries = topo.countries ?? topologies.get('50m')?.countries ?? null;
  const layers: GeoLayers = {
    land: { type: 'MultiPolygon', coordinates: polygons },
    coast: { type: 'MultiLineString', coordinates: polygons.flat() },
    borders: countries
      ? (mesh(countries, countries.objects.countries as never, (a, b) => a !== b) as GeoJSON.MultiLineString)
      : { type: 'MultiLineString', coordinates: [] },
  };
  geoLayersCache.set(detail, layers);
  return layers;
}
