/**
 * Bounds on a request body's shape (contract §27), checked before anything walks the body: a body nested thousands
 * deep overflowed the stack in validation (a 500), a list of 100,000 items cost seconds of validation before its size
 * was refused, and an object of 105,000 unknown keys (1 MB) cost 9 s and an 8.4 MB answer, one issue a key, while
 * every other request waited. Parsing such an object alone holds the event loop for 60 to 200 ms, so a UTF-8 body
 * (every client's) is checked on its raw bytes, before it is parsed (`rawBodyShapeIssue`); the parsed value is
 * checked again (`bodyShapeIssue`: bodies in another charset, and whoever validates a value that came from elsewhere).
 * Both walks are iterative, take the body in its order, stop at the first place over a bound and name the same place.
 *
 * No request of the contract comes near a bound: its deepest body nests 6 levels, its longest list is 250, its widest
 * object has about 30 keys (a render body with every field) and none is keyed by the caller's own names (no map-like
 * field: country data is a list of `{country, value}`). The values bound is the one a legitimate request can reach:
 * see MAX_BODY_VALUES.
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

type Position = string | number;

/** `waypoints[1].label` from the keys and indexes on the way; `(body)` for the body itself. */
function spell(positions: readonly Position[]): string {
  let path = '';
  for (const position of positions) path = typeof position === 'number' ? `${path}[${position}]` : path ? `${path}.${position}` : position;
  return path || '(body)';
}

const issues = {
  tooDeep: (field: string): ValidationIssue => ({
    field,
    code: 'too_deep',
    message: `${field} nests deeper than ${MAX_BODY_DEPTH} levels; no request field does.`,
  }),
  tooManyItems: (field: string): ValidationIssue => ({
    field,
    code: 'too_many_items',
    message: `${field} has more than ${MAX_LIST_ITEMS} items; no list in a request takes that many.`,
  }),
  tooManyKeys: (field: string): ValidationIssue => ({
    field,
    code: 'too_many_keys',
    message: `${field} has more than ${MAX_OBJECT_KEYS} keys; no object in a request has that many.`,
  }),
  tooManyValues: (field: string): ValidationIssue => ({
    field,
    code: 'too_many_values',
    message: `The body holds more than ${MAX_BODY_VALUES} values (${field} is the first over); no request holds that many.`,
  }),
};

/** A value of the parsed body, with its parent: the path is only spelled out for the one place an issue names. */
interface Place {
  value: unknown;
  parent: Place | undefined;
  key: Position;
  depth: number;
  /** Not a value: the place where the parent's keys or items went over their bound, after its first ones. */
  over?: 'keys' | 'items';
}

function pathOf(place: Place): string {
  const positions: Position[] = [];
  for (let at: Place | undefined = place; at?.parent; at = at.parent) positions.push(at.key);
  return spell(positions.reverse());
}

/** The first `limit` + 1 own keys of `value` at most, without listing them all. */
function firstKeys(value: object, limit: number): string[] {
  const keys: string[] = [];
  for (const key in value) if (Object.hasOwn(value, key) && keys.push(key) > limit) break;
  return keys;
}

/**
 * The first place a parsed body breaks a bound, as a validation issue; undefined when it keeps within them. Iterative,
 * in the body's order, and it stops there: the rest of the body is never looked at.
 */
export function bodyShapeIssue(body: unknown): ValidationIssue | undefined {
  const stack: Place[] = [{ value: body, parent: undefined, key: '', depth: 0 }];
  let values = 0;
  while (stack.length) {
    const place = stack.pop()!;
    if (place.over === 'keys') return issues.tooManyKeys(pathOf(place.parent!));
    if (place.over === 'items') return issues.tooManyItems(pathOf(place.parent!));
    if (++values > MAX_BODY_VALUES) return issues.tooManyValues(pathOf(place));
    const { value, depth } = place;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return issues.tooDeep(pathOf(place));
    // The children are pushed last first, so that the walk takes them in the body's order; past a bound, the first
    // ones are walked (something in them may come first) and then the bound is reported.
    if (Array.isArray(value)) {
      const items = value as unknown[];
      if (items.length > MAX_LIST_ITEMS) stack.push({ value: undefined, parent: place, key: '', depth, over: 'items' });
      for (let i = Math.min(items.length, MAX_LIST_ITEMS) - 1; i >= 0; i--)
        stack.push({ value: items[i], parent: place, key: i, depth: depth + 1 });
    } else {
      const keys = firstKeys(value, MAX_OBJECT_KEYS);
      if (keys.length > MAX_OBJECT_KEYS) stack.push({ value: undefined, parent: place, key: '', depth, over: 'keys' });
      for (let i = Math.min(keys.length, MAX_OBJECT_KEYS) - 1; i >= 0; i--) {
        stack.push({ value: (value as Record<string, unknown>)[keys[i]], parent: place, key: keys[i], depth: depth + 1 });
      }
    }
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
const endsLiteral = (byte: number) => byte === COMMA || byte === CLOSE_OBJECT || byte === CLOSE_LIST || byte === COLON || isSpace(byte);

/** The index just past the string that opens at `start` (its closing quote), or the text's length when it never closes. */
function stringEnd(text: Buffer, start: number): number {
  for (let at = start + 1; ; at++) {
    at = text.indexOf(QUOTE, at);
    if (at < 0) return text.length;
    let backslashes = 0;
    while (text[at - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at + 1;
  }
}

/** An object or list the raw walk is inside: how many keys or items so far, and where the current one is. */
interface Frame {
  object: boolean;
  count: number;
  /** The current key (its raw JSON string, from `keyStart` to `keyEnd`) or item index. */
  keyStart: number;
  keyEnd: number;
}

/** What the raw walk expects next. */
enum Next {
  Value,
  Key,
  Colon,
  Separator,
}

/**
 * `bodyShapeIssue` on a body's raw UTF-8 bytes, before they are parsed: the same bounds, the same place named, at the
 * cost of one pass over the bytes up to that place (strings are skipped natively). Text that is not JSON is left to
 * the parser (undefined): past the first place it cannot read, the walk stops and the parser refuses the body.
 */
export function rawBodyShapeIssue(text: Buffer): ValidationIssue | undefined {
  const frames: Frame[] = [];
  let values = 0;
  let next = Next.Value;
  const path = (depth: number): string | undefined => {
    const positions: Position[] = [];
    for (const frame of frames.slice(0, depth)) {
      if (!frame.object) positions.push(frame.count - 1);
      else {
        try {
          positions.push(JSON.parse(text.toString('utf8', frame.keyStart, frame.keyEnd)) as string);
        } catch {
          return undefined;
        }
      }
    }
    return spell(positions);
  };
  // A byte order mark is not JSON, but the parser drops it.
  let at = text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf ? 3 : 0;
  while (at < text.length) {
    const byte = text[at];
    if (isSpace(byte)) {
      at++;
      continue;
    }
    const frame = frames.at(-1);
    if (next === Next.Key) {
      if (byte === CLOSE_OBJECT && frame!.count === 0) {
        frames.pop();
        next = Next.Separator;
        at++;
        continue;
      }
      if (byte !== QUOTE) return undefined;
      if (++frame!.count > MAX_OBJECT_KEYS) {
        const field = path(frames.length - 1);
        return field === undefined ? undefined : issues.tooManyKeys(field);
      }
      frame!.keyStart = at;
      at = frame!.keyEnd = stringEnd(text, at);
      next = Next.Colon;
      continue;
    }
    if (next === Next.Colon) {
      if (byte !== COLON) return undefined;
      next = Next.Value;
      at++;
      continue;
    }
    if (next === Next.Separator) {
      if (!frame) return undefined;
      if (byte === COMMA) next = frame.object ? Next.Key : Next.Value;
      else if (byte === (frame.object ? CLOSE_OBJECT : CLOSE_LIST)) frames.pop();
      else return undefined;
      at++;
      continue;
    }
    // A value starts here (or an empty list ends).
    if (byte === CLOSE_LIST && frame && !frame.object && frame.count === 0) {
      frames.pop();
      next = Next.Separator;
      at++;
      continue;
    }
    if (endsLiteral(byte)) return undefined;
    if (frame && !frame.object && ++frame.count > MAX_LIST_ITEMS) {
      const field = path(frames.length - 1);
      return field === undefined ? undefined : issues.tooManyItems(field);
    }
    if (++values > MAX_BODY_VALUES) {
      const field = path(frames.length);
      return field === undefined ? undefined : issues.tooManyValues(field);
    }
    if (byte === OPEN_OBJECT || byte === OPEN_LIST) {
      if (frames.length >= MAX_BODY_DEPTH) {
        const field = path(frames.length);
        return field === undefined ? undefined : issues.tooDeep(field);
      }
      frames.push({ object: byte === OPEN_OBJECT, count: 0, keyStart: 0, keyEnd: 0 });
      next = byte === OPEN_OBJECT ? Next.Key : Next.Value;
      at++;
      continue;
    }
    if (byte === QUOTE) at = stringEnd(text, at);
    else while (at < text.length && !endsLiteral(text[at])) at++;
    next = Next.Separator;
    if (!frame) return undefined; // the body was one string or literal
  }
  return undefined;
}
