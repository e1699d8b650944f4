/** A region as region_focus and country_data take it: a country by code or name, or a bbox. */
import type { NormalizedRegion } from '../render-request';
import type { ParseContext } from './mode-definition';

/** A region as sent: a country (ISO 3166-1 alpha-2 or alpha-3 code, or English name) or a bbox [west, south, east, north]. */
export type RegionInput = string | number[];

export const isWorld = (region: unknown): boolean => typeof region === 'string' && region.trim().toLowerCase() === 'world';

/** Stands in for a region the parse refused (the request is refused with it, so it is never drawn). */
export const REFUSED_REGION: NormalizedRegion = { kind: 'bbox', bbox: [-180, -90, 180, 90] };

/**
 * A country resolved to its codes and name, or a bbox. A bbox across the antimeridian (west > east) is
 * stored with east past 180 (`[170, -50, -170, -30]` → `[170, -50, 190, -30]`), so west < east always
 * holds for whoever draws it.
 */
export function parseRegion(region: RegionInput, ctx: ParseContext, field: string): NormalizedRegion {
  if (typeof region === 'string') {
    const country = ctx.country(region, field, 'give a bbox [west, south, east, north] around it instead');
    return country
      ? { kind: 'country', iso_numeric: country.iso_numeric, iso_alpha3: country.iso_alpha3, name: country.name }
      : REFUSED_REGION;
  }
  const [west, south, east, north] = region;
  return { kind: 'bbox', bbox: [west, south, east < west ? east + 360 : east, north] };
}
