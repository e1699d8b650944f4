/**
 * Country polygons of world-atlas (Natural Earth admin-0, ids = ISO 3166-1 numeric), read from a
 * loaded topology: per country its polygons in lng/lat, the "main landmass" a camera frames, and
 * the polygons projected into the job's world units (mercator.ts). Pure: no DOM, so it runs in
 * unit tests and in the script that writes country-frames.ts; Path2D objects are built from the
 * projected rings by the drawing code.
 */
import { geoArea } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryObject, Topology } from 'topojson-specification';
import { project } from './mercator';
import type { Box } from './route-geometry';

/** Degrees; `east` may exceed 180 for a country across the antimeridian (east > west always). */
export interface GeoBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface GeoPolygon {
  /** Rings as flat [lng0, lat0, lng1, lat1, …], the first one outer; longitudes continuous (no ±360 jumps). */
  rings: number[][];
  bounds: GeoBounds;
  /** km² (equal-area sinusoidal shoelace; holes subtracted). */
  area: number;
  /** The outer ring goes once around a pole (Antarctica): it spans 360° and is closed along the pole. */
  polar: boolean;
}

export interface CountryGeometry {
  id: string;
  name: string;
  polygons: GeoPolygon[];
}

const KM_PER_DEGREE = 111.195;
const RADIANS = Math.PI / 180;

/** Longitude `lng` moved by whole turns next to `reference` (within ±180°). */
export function nearLongitude(lng: number, reference: number): number {
  return lng + 360 * Math.round((reference - lng) / 360);
}

function boundsOfFlat(xy: number[]): GeoBounds {
  const b = { west: Infinity, south: Infinity, east: -Infinity, north: -Infinity };
  for (let i = 0; i + 1 < xy.length; i += 2) {
    if (xy[i] < b.west) b.west = xy[i];
    if (xy[i] > b.east) b.east = xy[i];
    if (xy[i + 1] < b.south) b.south = xy[i + 1];
    if (xy[i + 1] > b.north) b.north = xy[i + 1];
  }
  return b;
}

/** A GeoJSON ring with continuous longitudes, starting next to `reference`. */
function unwrapRing(ring: GeoJSON.Position[], reference: number): number[] {
  const flat: number[] = [];
  let previous = reference;
  for (const [lng, lat] of ring) {
    const x = nearLongitude(lng, previous);
    flat.push(x, lat);
    previous = x;
  }
  return flat;
}

/** Area of a flat lng/lat ring in km² (sinusoidal projection, which keeps areas), unsigned. */
export function ringArea(xy: number[]): number {
  let sum = 0;
  const n = xy.length / 2;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const x1 = xy[i * 2] * Math.cos(xy[i * 2 + 1] * RADIANS);
    const x2 = xy[j * 2] * Math.cos(xy[j * 2 + 1] * RADIANS);
    sum += x1 * xy[j * 2 + 1] - x2 * xy[i * 2 + 1];
  }
  return (Math.abs(sum) / 2) * KM_PER_DEGREE * KM_PER_DEGREE;
}

function polygonOf(coordinates: GeoJSON.Position[][]): GeoPolygon | null {
  const rings = coordinates.filter((ring) => ring.length >= 4).map((ring) => unwrapRing(ring, ring[0][0]));
  const isPolar = (xy: number[]) => Math.abs(xy[xy.length - 2] - xy[0]) > 1e-6;
  const meanLat = (xy: number[]) => xy.reduce((s, v, i) => (i % 2 ? s + v : s), 0) / (xy.length / 2);
  // A ring that goes once around a pole (Antarctica's coast): d3's spherical data may give it with a
  // tiny ring at the pole itself as the other boundary. Planar, the coast closed along the pole's
  // latitude fills the same cap; the pole ring is dropped.
  const polarRings = rings.filter((xy) => isPolar(xy));
  let outer: number[];
  let holes: number[][];
  if (polarRings.length) {
    const coast = polarRings.filter((xy) => Math.abs(meanLat(xy)) < 89.9);
    if (!coast.length) return null;
    const ring = coast[0];
    const pole = meanLat(ring) < 0 ? -90 : 90;
    outer = [...ring, ring[ring.length - 2], pole, ring[0], pole];
    holes = rings.filter((xy) => !isPolar(xy));
  } else {
    if (!rings.length) return null;
    [outer, ...holes] = rings;
  }
  const outerBounds = boundsOfFlat(outer);
  // Place the polygon so that its middle lies within -180…180, its holes next to it.
  const middle = (outerBounds.west + outerBounds.east) / 2;
  const place = (xy: number[], shift: number) => (shift ? xy.map((v, i) => (i % 2 === 0 ? v + shift : v)) : xy);
  outer = place(outer, nearLongitude(middle, 0) - middle);
  const placedMiddle = nearLongitude(middle, 0);
  const placedHoles = holes.map((xy) => {
    const b = boundsOfFlat(xy);
    const m = (b.west + b.east) / 2;
    return place(xy, nearLongitude(m, placedMiddle) - m);
  });
  const area = ringArea(outer) - placedHoles.reduce((s, xy) => s + ringArea(xy), 0);
  return { rings: [outer, ...placedHoles], bounds: boundsOfFlat(outer), area: Math.max(0, area), polar: polarRings.length > 0 };
}

type CountryObject = GeometryObject<{ name?: string }> & { id?: string | number; properties?: { name?: string } };

function countryObjects(topology: Topology): CountryObject[] {
  const countries = topology.objects.countries as unknown as { geometries?: CountryObject[] } | undefined;
  return countries?.geometries ?? [];
}

/** ISO numeric ids present in a countries topology (geometries without an id are left out). */
export function countryIds(topology: Topology): string[] {
  return [...new Set(countryObjects(topology).flatMap((g) => (g.id == null ? [] : [String(g.id)])))];
}

const geometryCache = new WeakMap<Topology, Map<string, CountryGeometry | null>>();

/**
 * The polygons of a country (every geometry with that id: Australia comes in two), or null when
 * the topology has none. Cached per topology.
 */
export function countryGeometry(topology: Topology, id: string): CountryGeometry | null {
  let cache = geometryCache.get(topology);
  if (!cache) geometryCache.set(topology, (cache = new Map()));
  const hit = cache.get(id);
  if (hit !== undefined) return hit;
  const objects = countryObjects(topology).filter((g) => g.id != null && String(g.id) === id);
  const polygons: GeoPolygon[] = [];
  for (const object of objects) {
    const geometry = (feature(topology, object) as GeoJSON.Feature).geometry;
    const list = geometry?.type === 'Polygon' ? [geometry.coordinates] : geometry?.type === 'MultiPolygon' ? geometry.coordinates : [];
    for (const coordinates of list) {
      const polygon = polygonOf(coordinates);
      if (polygon) polygons.push(polygon);
    }
  }
  const result = polygons.length ? { id, name: objects[0]?.properties?.name ?? id, polygons } : null;
  cache.set(id, result);
  return result;
}

/** Polygon moved by whole turns so that its middle lies within 180° of `reference`. */
function shiftNear(polygon: GeoPolygon, reference: number): number {
  const middle = (polygon.bounds.west + polygon.bounds.east) / 2;
  return nearLongitude(middle, reference) - middle;
}

/**
 * Shortest distance in km between the outer rings of two polygons (vertex to vertex, locally flat:
 * good to a few percent at the hundreds of kilometres it is used for), or Infinity when their
 * boxes alone are already more than `limit` km apart.
 */
export function gapKm(a: GeoPolygon, aShift: number, b: GeoPolygon, bShift: number, limit = Infinity): number {
  const latGap = Math.max(0, a.bounds.south - b.bounds.north, b.bounds.south - a.bounds.north);
  const highest = Math.min(
    85,
    Math.max(Math.abs(a.bounds.north), Math.abs(a.bounds.south), Math.abs(b.bounds.north), Math.abs(b.bounds.south)),
  );
  const lngGap = Math.max(0, a.bounds.west + aShift - (b.bounds.east + bShift), b.bounds.west + bShift - (a.bounds.east + aShift));
  const lowerBound = Math.hypot(latGap, lngGap * Math.cos(highest * RADIANS)) * KM_PER_DEGREE;
  if (lowerBound > limit) return Infinity;
  const ra = a.rings[0];
  const rb = b.rings[0];
  let best = Infinity;
  for (let i = 0; i + 1 < ra.length; i += 2) {
    const lngA = ra[i] + aShift;
    const latA = ra[i + 1];
    const k = Math.cos(latA * RADIANS);
    for (let j = 0; j + 1 < rb.length; j += 2) {
      const dLat = rb[j + 1] - latA;
      if (dLat * dLat >= best) continue;
      const dLng = (rb[j] + bShift - lngA) * k;
      const d2 = dLat * dLat + dLng * dLng;
      if (d2 < best) best = d2;
    }
  }
  return Math.sqrt(best) * KM_PER_DEGREE;
}

/** Mercator y of a latitude (world units, y southwards). */
const mercatorY = (lat: number) => project(0, lat, 0).y;

function boundsArea(b: GeoBounds): number {
  return Math.max(1e-9, b.east - b.west) * Math.max(1e-9, mercatorY(b.south) - mercatorY(b.north)) * 360;
}

function union(a: GeoBounds, b: GeoBounds): GeoBounds {
  return {
    west: Math.min(a.west, b.west),
    south: Math.min(a.south, b.south),
    east: Math.max(a.east, b.east),
    north: Math.max(a.north, b.north),
  };
}

/** What a camera frames of a country: a subset of its polygons and their bounds. */
export interface Landmass {
  /** Indices into the country's polygons. */
  polygons: number[];
  /** Longitudes continuous across the antimeridian (east may exceed 180). */
  bounds: GeoBounds;
  /** Longitude of the middle of `bounds`, within -180…180. */
  centerLng: number;
}

/** Rule constants of `mainLandmass` (named so the rule reads in one place). */
export const LANDMASS_RULE = {
  /** A polygon at least this share of the largest one is a main landmass too (Malaysia's two halves). */
  majorShare: 1 / 3,
  /** Near: a gap up to this many km always counts (small archipelagos such as Fiji, Bioko for Equatorial Guinea)… */
  nearKm: 180,
  /** …or up to this share of the square root of the landmass's area (Corsica for France, not Alaska for the US). */
  nearShareOfSize: 0.27,
  /** A polygon whose addition grows the framed box's area by at most this share is kept (Sardinia sits inside Italy's box). */
  insideGrowth: 0.15,
};

/**
 * The part of a country a camera should frame. The largest polygon (and any polygon at least a
 * third its size) starts the landmass; then, repeatedly, a polygon joins when it is near it
 * (gap ≤ max(180 km, 0.27·√area of the landmass so far)) or lies (almost) inside its box (adding it
 * grows the box by ≤ 15%). So near islands stay (Java, Corsica, Sicily, Tasmania, Vanua Levu) and
 * far parts are left out (Alaska and Hawaii, French Guiana, Svalbard, the Azores, the Galápagos).
 * Polygons are placed within 180° of the largest one's longitude, so countries across the
 * antimeridian (Russia, Fiji, New Zealand) come out as one continuous box.
 */
export function mainLandmass(country: CountryGeometry): Landmass {
  const order = country.polygons.map((_, i) => i).sort((a, b) => country.polygons[b].area - country.polygons[a].area || a - b);
  const largest = country.polygons[order[0]];
  const reference = (largest.bounds.west + largest.bounds.east) / 2;
  const shifts = country.polygons.map((p, i) => (i === order[0] ? 0 : shiftNear(p, reference)));
  const shifted = (i: number): GeoBounds => {
    const b = country.polygons[i].bounds;
    return { ...b, west: b.west + shifts[i], east: b.east + shifts[i] };
  };

  const kept = new Set<number>();
  let bounds = shifted(order[0]);
  let area = 0;
  const keep = (i: number) => {
    kept.add(i);
    bounds = union(bounds, shifted(i));
    area += country.polygons[i].area;
  };
  for (const i of order) if (i === order[0] || country.polygons[i].area >= largest.area * LANDMASS_RULE.majorShare) keep(i);

  // Nearest gap of each remaining polygon to the landmass, updated as polygons join.
  const gaps = new Map<number, number>();
  const measure = (candidate: number, member: number, limit: number) => {
    const g = gapKm(country.polygons[candidate], shifts[candidate], country.polygons[member], shifts[member], limit);
    if (g < (gaps.get(candidate) ?? Infinity)) gaps.set(candidate, g);
  };
  // Gaps beyond this are never near, whatever the landmass grows to (its area is bounded by the country's).
  const totalArea = country.polygons.reduce((s, p) => s + p.area, 0);
  const farthestNear = Math.max(LANDMASS_RULE.nearKm, LANDMASS_RULE.nearShareOfSize * Math.sqrt(totalArea));
  for (const c of order) if (!kept.has(c)) for (const m of kept) measure(c, m, farthestNear);

  for (;;) {
    const near = Math.max(LANDMASS_RULE.nearKm, LANDMASS_RULE.nearShareOfSize * Math.sqrt(area));
    const boxArea = boundsArea(bounds);
    const next = order.find(
      (c) =>
        !kept.has(c) &&
        ((gaps.get(c) ?? Infinity) <= near || boundsArea(union(bounds, shifted(c))) <= boxArea * (1 + LANDMASS_RULE.insideGrowth)),
    );
    if (next === undefined) break;
    keep(next);
    for (const c of order) if (!kept.has(c)) measure(c, next, farthestNear);
  }

  const middle = (bounds.west + bounds.east) / 2;
  return { polygons: [...kept].sort((a, b) => a - b), bounds, centerLng: nearLongitude(middle, 0) };
}

/** A country's polygons in world units: flat [x0, y0, x1, y1, …] rings per polygon, with their boxes. */
export interface ProjectedCountry {
  polygons: Array<{ rings: Float64Array[]; box: Box }>;
  box: Box;
}

/**
 * The polygons projected for a job's central meridian: each polygon is moved by whole turns to lie
 * within half a world of the centre (its x within about -0.5…0.5), unclipped: the map repeats
 * sideways, so drawing code draws the copies a frame overlaps.
 */
export function projectCountry(country: CountryGeometry, centerLng: number): ProjectedCountry {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  const polygons = country.polygons.map((polygon) => {
    const shift = shiftNear(polygon, centerLng) - centerLng;
    const pbox = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
    const rings = polygon.rings.map((ring) => {
      const out = new Float64Array(ring.length);
      for (let i = 0; i + 1 < ring.length; i += 2) {
        const p = project(ring[i] + shift, ring[i + 1], 0);
        out[i] = p.x;
        out[i + 1] = p.y;
        if (p.x < pbox.minX) pbox.minX = p.x;
        if (p.x > pbox.maxX) pbox.maxX = p.x;
        if (p.y < pbox.minY) pbox.minY = p.y;
        if (p.y > pbox.maxY) pbox.maxY = p.y;
      }
      return out;
    });
    box.minX = Math.min(box.minX, pbox.minX);
    box.minY = Math.min(box.minY, pbox.minY);
    box.maxX = Math.max(box.maxX, pbox.maxX);
    box.maxY = Math.max(box.maxY, pbox.maxY);
    return { rings, box: pbox };
  });
  return { polygons, box };
}

/** World box of geographic bounds for a job's central meridian (x continuous from west to east). */
export function boundsToBox(bounds: GeoBounds, centerLng: number): Box {
  const west = nearLongitude((bounds.west + bounds.east) / 2, centerLng) - (bounds.east - bounds.west) / 2;
  const a = project(west, bounds.north, centerLng);
  const b = project(west + (bounds.east - bounds.west), bounds.south, centerLng);
  return { minX: a.x, minY: a.y, maxX: b.x, maxY: b.y };
}

/** Even-odd point-in-polygon on flat rings (holes count as outside). */
export function containsPoint(rings: ArrayLike<number>[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const xi = ring[i * 2];
      const yi = ring[i * 2 + 1];
      const xj = ring[j * 2];
      const yj = ring[j * 2 + 1];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Every polygon of a topology object (world-atlas's `land`), as lng/lat polygons. */
export function objectPolygons(topology: Topology, name: string): GeoPolygon[] {
  const object = topology.objects[name];
  if (!object) return [];
  const result = feature(topology, object) as GeoJSON.Feature | GeoJSON.FeatureCollection;
  const geometries = result.type === 'FeatureCollection' ? result.features.map((f) => f.geometry) : [result.geometry];
  const polygons: GeoPolygon[] = [];
  for (const geometry of geometries) {
    const list = geometry?.type === 'Polygon' ? [geometry.coordinates] : geometry?.type === 'MultiPolygon' ? geometry.coordinates : [];
    for (const coordinates of list) {
      const polygon = polygonOf(coordinates);
      if (polygon) polygons.push(polygon);
    }
  }
  return polygons;
}

/**
 * A country as spherical GeoJSON, for the globe to project and clip at its horizon. Each polygon's
 * rings are turned the way d3-geo reads an outer ring (round the country, not round the rest of
 * the world): a polygon that would cover more than half the sphere is reversed.
 */
export function countryFeature(country: CountryGeometry): GeoJSON.MultiPolygon {
  const polygons = country.polygons.map((polygon) => {
    const rings = polygon.rings.map((xy) => {
      const ring: GeoJSON.Position[] = [];
      for (let i = 0; i + 1 < xy.length; i += 2) ring.push([xy[i], xy[i + 1]]);
      return ring;
    });
    const area = geoArea({ type: 'Polygon', coordinates: rings });
    return area > 2 * Math.PI ? rings.map((ring) => [...ring].reverse()) : rings;
  });
  return { type: 'MultiPolygon', coordinates: polygons };
}

/** A [west, south, east, north] box as a spherical polygon whose edges follow the parallels (densified every degree). */
export function boxFeature(west: number, south: number, east: number, north: number): GeoJSON.Polygon {
  const ring: GeoJSON.Position[] = [];
  const steps = (a: number, b: number) => Math.max(1, Math.ceil(Math.abs(b - a)));
  for (let i = 0, n = steps(west, east); i <= n; i++) ring.push([west + ((east - west) * i) / n, north]);
  for (let i = 0, n = steps(east, west); i <= n; i++) ring.push([east - ((east - west) * i) / n, south]);
  ring.push(ring[0]);
  const rings = [ring];
  return { type: 'Polygon', coordinates: geoArea({ type: 'Polygon', coordinates: rings }) > 2 * Math.PI ? [[...ring].reverse()] : rings };
}
