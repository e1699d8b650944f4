/**
 * Bounds on a request body's shape, checked right after it is parsed and before anything walks it (validation, the
 * whitelist's prototype-key stripping, normalisation), contract §27: a body nested thousands deep overflowed the stack
 * there (a 500), a list of 100,000 items cost seconds of validation before its size was refused, and an object of
 * 105,000 unknown keys (1 MB) cost 9 s and an 8.4 MB answer, one issue a key, while every other request waited.
 *
 * No request of the contract comes near a bound: its deepest body nests 6 levels, its longest list is 250 (a batch's
 * 50 jobs), its widest object has about 30 keys (a render body with every field) and none is keyed by the caller's
 * own names (no map-like field: country data is a list of `{country, value}`). Its most values are a batch of 50 jobs
 * of several hundred each, which is where the values bound bites first: see MAX_BODY_VALUES.
 *
 * The walk is iterative and stops at the first place over a bound: its cost is bounded by the bounds, not by the body.
 */
import type { ValidationIssue } from '../errors';

export const MAX_BODY_DEPTH = 32;
export const MAX_LIST_ITEMS = 1000;
/** Keys in one object. */
export const MAX_OBJECT_KEYS = 64;
/**
 * Values in the whole body: every object, list, string, number, boolean and null, the body itself included. A
 * render body with 25 waypoints, overlays and a title is about 300; 250 countries of country data about 760. A batch
 * of 50 country-data jobs of 250 countries each (38,000) is over it: such a batch is sent as two.
 */
export const MAX_BODY_VALUES = 20_000;

/** A place in the body, with its parent: the path is only spelled out for the one place an issue names. */
interface Place {
  value: object;
  parent: Place | undefined;
  key: string | number;
  depth: number;
}

/** `waypoints[1].label`; `(body)` for the body itself. */
function pathOf(parent: Place | undefined, key: string | number): string {
  const parts: Array<string | number> = [key];
  for (let at = parent; at?.parent; at = at.parent) parts.push(at.key);
  let path = '';
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i];
    path = typeof part === 'number' ? `${path}[${part}]` : path ? `${path}.${part}` : part;
  }
  return path || '(body)';
}

/** Whether `value` has more than `limit` keys, without listing them all. */
function hasMoreKeysThan(value: object, limit: number): boolean {
  let keys = 0;
  for (const key in value) if (Object.hasOwn(value, key) && ++keys > limit) return true;
  return false;
}

/**
 * The first place the body breaks a bound, as a validation issue; undefined when it keeps within them. Iterative, in
 * the body's order; lists and objects are checked when the walk reaches them, so the walk stops there.
 */
export function bodyShapeIssue(body: unknown): ValidationIssue | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const stack: Place[] = [{ value: body, parent: undefined, key: '', depth: 0 }];
  let values = 1;
  while (stack.length) {
    const place = stack.pop()!;
    const { value, depth } = place;
    if (depth >= MAX_BODY_DEPTH) {
      const field = pathOf(place.parent, place.key);
      return { field, code: 'too_deep', message: `${field} nests deeper than ${MAX_BODY_DEPTH} levels; no request field does.` };
    }
    let keys: Array<string | number>;
    let items: unknown[];
    if (Array.isArray(value)) {
      if (value.length > MAX_LIST_ITEMS) {
        const field = pathOf(place.parent, place.key);
        return {
          field,
          code: 'too_many_items',
          message: `${field} has ${value.length} items; no list in a request takes more than ${MAX_LIST_ITEMS}.`,
        };
      }
      items = value as unknown[];
      keys = items.map((_, index) => index);
    } else {
      if (hasMoreKeysThan(value, MAX_OBJECT_KEYS)) {
        const field = pathOf(place.parent, place.key);
        return {
          field,
          code: 'too_many_keys',
          message: `${field} has more than ${MAX_OBJECT_KEYS} keys; no object in a request has that many.`,
        };
      }
      keys = Object.keys(value);
      items = keys.map((key) => (value as Record<string, unknown>)[key]);
    }
    if (values + items.length > MAX_BODY_VALUES) {
      const field = pathOf(place, keys[MAX_BODY_VALUES - values]);
      return {
        field,
        code: 'too_many_values',
        message: `The body holds more than ${MAX_BODY_VALUES} values (${field} is the first over); no request holds that many.`,
      };
    }
    values += items.length;
    // Reversed, so that the walk takes them in the body's order.
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item !== null && typeof item === 'object') stack.push({ value: item, parent: place, key: keys[i], depth: depth + 1 });
    }
  }
  return undefined;
}
