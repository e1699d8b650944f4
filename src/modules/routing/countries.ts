/**
 * Offline country lookup for region_focus and country_data (contract §13), from the
 * `world-countries` package (data ODbL): ISO 3166-1 alpha-2 and alpha-3 codes, common and
 * official English names and the usual alternative spellings, whatever their case and accents.
 * Each country carries the ISO numeric code world-atlas (Natural Earth) keys its polygons by, and
 * whether countries-50m has a polygon of its own for it: small islands and the French overseas
 * departments have none there (they are drawn as part of another country, or not at all), so
 * they cannot be filled or framed.
 */

import { readFileSync } from 'node:fs';
import countries from 'world-countries';
import { normalizePlaceName } from './gazetteer';

export interface Country {
  /** ISO 3166-1 numeric code as world-atlas names its polygons ("620"). */
  iso_numeric: string;
  /** ISO 3166-1 alpha-2 ("PT"). */
  iso_alpha2: string;
  /** ISO 3166-1 alpha-3 ("PRT"). */
  iso_alpha3: string;
  /** Common English name ("Portugal"). */
  name: string;
  /** Whether world-atlas' countries-50m has a polygon for it (false: it cannot be drawn). */
  has_outline: boolean;
}

/**
 * Names people use that the data spells otherwise (keys and values are normalised names). Only
 * unambiguous ones: "England" is not the United Kingdom, and the map has one polygon for both.
 */
const ALIASES: Record<string, string> = {
  turkey: 'turkiye',
  'republic of turkey': 'turkiye',
};

interface CountryIndex {
  byKey: Map<string, Country>;
  /** Every name (not code) a country is known by, normalised, for suggestions. */
  names: Array<{ key: string; country: Country }>;
}

let index: CountryIndex | undefined;

/**
 * "Côte d'Ivoire" → "cote d ivoire", "Bosnia & Herzegovina" → "bosnia and herzegovina",
 * "The Gambia" → "gambia", "St Lucia" → "saint lucia".
 */
export function normalizeCountryName(name: string): string {
  return normalizePlaceName(name.replace(/&/g, ' and '))
    .replace(/^the /, '')
    .replace(/\bst\b/g, 'saint');
}

/** The ISO numeric ids of the polygons in world-atlas' countries-50m (read once, not kept). */
function outlinedIds(): Set<string> {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as {
    objects: { countries: { geometries: Array<{ id?: string }> } };
  };
  return new Set(topology.objects.countries.geometries.flatMap((g) => (g.id ? [g.id] : [])));
}

function load(): CountryIndex {
  if (index) return index;
  const outlined = outlinedIds();
  const byKey = new Map<string, Country>();
  const names: CountryIndex['names'] = [];
  const named = new Set<string>();
  const all = countries.map((c): { country: Country; names: string[] } => ({
    country: {
      iso_numeric: c.ccn3,
      iso_alpha2: c.cca2,
      iso_alpha3: c.cca3,
      name: c.name.common,
      // Kosovo has no ISO numeric code, so world-atlas's polygon for it carries no id either.
      has_outline: c.ccn3 !== '' && outlined.has(c.ccn3),
    },
    names: [c.name.common, c.name.official, ...c.altSpellings],
  }));
  // Codes first, then names: an earlier entry keeps its key (the data has no clashes today).
  for (const { country } of all) {
    for (const code of [country.iso_alpha2, country.iso_alpha3]) if (!byKey.has(code.toLowerCase())) byKey.set(code.toLowerCase(), country);
  }
  for (const { country, names: spellings } of all) {
    for (const spelling of spellings) {
      const key = normalizeCountryName(spelling);
      if (!key) continue;
      if (!byKey.has(key)) byKey.set(key, country);
      // Codes among the alternative spellings ("PT") are not names to suggest.
      if (key.length > 3 && !named.has(key)) {
        named.add(key);
        names.push({ key, country });
      }
    }
  }
  index = { byKey, names };
  return index;
}

/** Loads the data now rather than on the first lookup (e.g. at API start-up). */
export function preloadCountries(): { countries: number } {
  return { countries: new Set(load().byKey.values()).size };
}

/** The country a code or English name means ("PT", "prt", "Portugal", "Portuguese Republic"), or null. */
export function resolveCountry(query: string): Country | null {
  const { byKey } = load();
  const key = normalizeCountryName(query);
  if (!key) return null;
  return byKey.get(key) ?? byKey.get(ALIASES[key] ?? '') ?? null;
}

/**
 * Best guesses for a country that did not resolve, as common names: close spellings first
 * ("Portugall" → Portugal), then names the query begins ("Switz" → Switzerland).
 */
export function suggestCountries(query: string, limit = 3): string[] {
  const { names } = load();
  const key = normalizeCountryName(query);
  if (key.length < 3 || limit <= 0) return [];
  const maxEdits = Math.min(3, Math.max(1, Math.floor(key.length / 4)));
  const best = new Map<Country, number>();
  for (const { key: candidate, country } of names) {
    let score = editDistanceUpTo(key, candidate, maxEdits);
    if (score > maxEdits && candidate.startsWith(key)) score = maxEdits;
    if (score <= maxEdits && score < (best.get(country) ?? Infinity)) best.set(country, score);
  }
  return [...best]
    .sort(([a, sa], [b, sb]) => sa - sb || a.name.localeCompare(b.name))
    .slice(0, limit)
    .map(([country]) => country.name);
}

/**
 * Edit distance counting a swap of two neighbouring letters as one edit ("Spian" → Spain), or
 * `max + 1` as soon as it is known to exceed `max`.
 */
function editDistanceUpTo(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2] + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length], max + 1);
}
