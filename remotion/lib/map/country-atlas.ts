/**
 * world-atlas's country polygons, loaded on demand beside the land of world-map.ts (a composition
 * waits for them with delayRender through its mode layer's `assets`), and turned into Path2D
 * objects in world units for per-frame fills. Browser-only (Path2D).
 */
import type { Topology } from 'topojson-specification';
import type { ProjectedCountry } from '../geo/countries';
import type { Detail } from './raster-plan';

const LOADERS: Record<Detail, () => Promise<Topology>> = {
  '110m': async () => (await import('world-atlas/countries-110m.json')).default as unknown as Topology,
  '50m': async () => (await import('world-atlas/countries-50m.json')).default as unknown as Topology,
  '10m': async () => (await import('world-atlas/countries-10m.json')).default as unknown as Topology,
};

const atlases = new Map<Detail, Topology>();

export function hasCountryAtlas(detail: Detail): boolean {
  return atlases.has(detail);
}

export async function loadCountryAtlas(detail: Detail): Promise<void> {
  if (!atlases.has(detail)) atlases.set(detail, await LOADERS[detail]());
}

export function countryAtlas(detail: Detail): Topology {
  const atlas = atlases.get(detail);
  if (!atlas) throw new Error(`country polygons ${detail} not loaded`);
  return atlas;
}

/**
 * The detail of the country polygons to draw over a map raster of `rasterDetail`: the same as the
 * coastline under them, but never 110m, which leaves out 64 small countries (Singapore, Malta, …).
 */
export function countryDetailFor(rasterDetail: Detail): Detail {
  return rasterDetail === '10m' ? '10m' : '50m';
}

/** All rings of a projected country in one path (fill it with 'evenodd' so holes stay open). */
export function countryPath(country: ProjectedCountry): Path2D {
  const path = new Path2D();
  for (const polygon of country.polygons) {
    for (const ring of polygon.rings) {
      if (ring.length < 6) continue;
      path.moveTo(ring[0], ring[1]);
      for (let i = 2; i + 1 < ring.length; i += 2) path.lineTo(ring[i], ring[i + 1]);
      path.closePath();
    }
  }
  return path;
}
