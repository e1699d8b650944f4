/**
 * What the modes' forms share: a mode's settings object (as sent, `multi_route: {...}`) turned into the strings and
 * choices a form edits, and back. Pure functions, unit-tested for the round trip (`settings-forms.spec.ts`):
 * - each form object keeps the object it came from (`source`), and writing back overlays only the fields the form
 *   knows, so fields it does not show (`label_offset`, a field a newer API adds) survive a visit to the form;
 * - what a person typed goes as typed: text in a number field is sent as text, for the API to name the field in its
 *   own words, like the rest of the composer (`render-form.ts`);
 * - a field the form leaves empty is left out, and the API's default applies.
 */
import { newKey } from '../form/render-form';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Settings the form cannot show without losing something (`routes` that is not a list): they stay in the JSON view. */
export class SettingsShapeError extends Error {}

/** A value as the form's text: '' for none. */
export function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** A number field's value as sent: left out when empty, a number when it reads as one, else the text itself. */
export function sentNumber(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

/**
 * An optional text field as sent: left out when empty, unless the settings it came from had it empty on purpose
 * (`label: ""` is "no label", not "the default label").
 */
export function sentText(value: string, source: Json, key: string): string | undefined {
  if (value.trim() !== '') return value.trim();
  return source[key] === '' ? '' : undefined;
}

/** A choice with a default (a checkbox, a select): sent when it differs from the default or the settings named it. */
export function sentChoice<T>(value: T, fallback: T, source: Json, key: string): T | undefined {
  return value !== fallback || Object.hasOwn(source, key) ? value : undefined;
}

/** One of `values`, or `fallback` for anything else (a missing field, a value this dashboard does not know). */
export function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/**
 * `source` with the form's fields laid over it: a field set to undefined is removed, every other field of `source`
 * is kept where it was.
 */
export function withFields(source: Json, fields: Record<string, unknown>): Json {
  const result: Json = { ...source };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** An object of the settings, or the reason the form cannot show it. */
export function objectAt(value: unknown, field: string): Json {
  if (value === undefined) return {};
  if (!isObject(value)) throw new SettingsShapeError(`${field} is not an object.`);
  return value;
}

/** A list of the settings, or the reason the form cannot show it. */
export function listAt(value: unknown, field: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new SettingsShapeError(`${field} is not a list.`);
  return value;
}

/** A point as the form edits it (an origin, a destination, a marker): a place name, or coordinates, and a label. */
export interface PointForm {
  /** Stable React key. */
  key: string;
  place: string;
  lat: string;
  lng: string;
  label: string;
  source: Json;
}

export function emptyPoint(place = ''): PointForm {
  return { key: newKey(), place, lat: '', lng: '', label: '', source: {} };
}

export function pointToForm(value: unknown, field: string): PointForm {
  const source = objectAt(value, field);
  const place = text(source.place);
  return {
    key: newKey(),
    place,
    // A job as stored keeps both the place and its coordinates: the place alone shows (and is sent again).
    lat: place ? '' : text(source.lat),
    lng: place ? '' : text(source.lng),
    label: text(source.label),
    source,
  };
}

/** A point as sent: its place, or its coordinates when it has no place name. */
export function pointFields(point: PointForm): Json {
  const place = point.place.trim();
  return {
    place: place || undefined,
    lat: place ? undefined : sentNumber(point.lat),
    lng: place ? undefined : sentNumber(point.lng),
    label: sentText(point.label, point.source, 'label'),
  };
}

export function pointToSettings(point: PointForm): Json {
  return withFields(point.source, pointFields(point));
}

/** Moves the item at `index` by `by` places (−1 up, +1 down); the list as it was when that leaves it. */
export function moved<T>(items: readonly T[], index: number, by: number): T[] {
  const target = index + by;
  if (target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item!);
  return next;
}

/** A region as region_focus and country_data take it: a country (code or name), a box, or (country_data) the world. */
export interface RegionForm {
  kind: 'country' | 'bbox' | 'world';
  country: string;
  /** [west, south, east, north] as typed. */
  bbox: [string, string, string, string];
}

export function regionToForm(value: unknown, field: string): RegionForm {
  const empty: RegionForm['bbox'] = ['', '', '', ''];
  // A job's stored request holds the region as the service resolved it: a country by its name, or a box whose east
  // may run past 180 (a box across the antimeridian), sent back as the request would give it.
  if (isObject(value) && value.kind === 'country' && typeof value.name === 'string')
    return { kind: 'country', country: value.name, bbox: empty };
  if (isObject(value) && value.kind === 'bbox' && Array.isArray(value.bbox) && value.bbox.length === 4) {
    const [west, south, east, north] = value.bbox as unknown[];
    const backEast = typeof east === 'number' && east > 180 ? east - 360 : east;
    return { kind: 'bbox', country: '', bbox: [text(west), text(south), text(backEast), text(north)] };
  }
  if (value === undefined) return { kind: 'world', country: '', bbox: empty };
  if (typeof value === 'string') {
    return value.trim().toLowerCase() === 'world'
      ? { kind: 'world', country: '', bbox: empty }
      : { kind: 'country', country: value, bbox: empty };
  }
  if (Array.isArray(value) && value.length === 4) {
    return { kind: 'bbox', country: '', bbox: [text(value[0]), text(value[1]), text(value[2]), text(value[3])] };
  }
  throw new SettingsShapeError(`${field} is neither a country nor a box [west, south, east, north].`);
}

/** The region as sent; the world is left out where it is the default and the settings did not name it. */
export function regionToSettings(region: RegionForm, source: Json, key: string): unknown {
  if (region.kind === 'country') {
    const country = region.country.trim();
    return country || Object.hasOwn(source, key) ? country : undefined;
  }
  if (region.kind === 'bbox') return region.bbox.map((n) => sentNumber(n) ?? n);
  return Object.hasOwn(source, key) ? (typeof source[key] === 'string' ? source[key] : 'world') : undefined;
}
