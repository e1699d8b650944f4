import type { ValidationIssue } from '../errors';
import { bodyShapeIssue, MAX_BODY_DEPTH, MAX_BODY_VALUES, MAX_LIST_ITEMS, MAX_OBJECT_KEYS, rawBodyShapeIssue } from './body-shape';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};
const keyed = (count: number, prefix = 'k') => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}${i}`, i]));

/** The issue of a body, checked on its raw JSON and on its parsed value: both walks must name the same place. */
function shapeIssue(body: unknown): ValidationIssue | undefined {
  const parsed = bodyShapeIssue(body);
  expect(rawBodyShapeIssue(Buffer.from(JSON.stringify(body)))).toEqual(parsed);
  return parsed;
}

describe('bodyShapeIssue and rawBodyShapeIssue', () => {
  it('let a real request through: nested objects and lists within the bounds', () => {
    const body = {
      waypoints: Array.from({ length: 25 }, (_, i) => ({ lat: i, lng: i, label: `P${i}` })),
      text_overlays: [{ text: 'x', start: 0, end: 1 }],
      country_data: { values: Array.from({ length: 250 }, (_, i) => ({ country: `C${i}`, value: i })) },
    };
    expect(shapeIssue(body)).toBeUndefined();
    expect(shapeIssue(nested(MAX_BODY_DEPTH - 1))).toBeUndefined();
    expect(shapeIssue('a string body')).toBeUndefined();
    expect(shapeIssue([[], {}, [{}], '', 0, null, true, -1.5e-7])).toBeUndefined();
  });

  it('let the widest and fullest requests of the contract through', () => {
    const job = {
      ...keyed(30, 'field_'),
      country_data: { values: Array.from({ length: 250 }, (_, i) => ({ country: `C${i}`, value: i })) },
    };
    // Each job is 783 values: a batch of 25 such jobs holds 19,577.
    expect(shapeIssue({ jobs: Array.from({ length: 25 }, () => job) })).toBeUndefined();
    expect(shapeIssue(keyed(MAX_OBJECT_KEYS))).toBeUndefined();
    expect(shapeIssue(Array.from({ length: MAX_LIST_ITEMS }, () => 0))).toBeUndefined();
  });

  it('name the first place a body nests too deep, without recursing (10,000 and 100,000 levels)', () => {
    expect(bodyShapeIssue({ waypoints: [{ label: nested(10_000) }] })).toMatchObject({ code: 'too_deep' });
    const deepText = `{"waypoints":[{"label":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]}`;
    expect(rawBodyShapeIssue(Buffer.from(deepText))).toEqual(bodyShapeIssue({ waypoints: [{ label: nested(1_000) }] }));
    expect(shapeIssue({ waypoints: [{ label: nested(1_000) }] })).toEqual({
      field: `waypoints[0].label${'.a'.repeat(MAX_BODY_DEPTH - 3)}`,
      code: 'too_deep',
      message: `waypoints[0].label${'.a'.repeat(MAX_BODY_DEPTH - 3)} nests deeper than ${MAX_BODY_DEPTH} levels; no request field does.`,
    });
    expect(shapeIssue(nested(MAX_BODY_DEPTH + 1))).toMatchObject({ code: 'too_deep' });
  });

  it('refuse a list longer than any the contract takes, naming it', () => {
    expect(shapeIssue({ waypoints: Array.from({ length: MAX_LIST_ITEMS + 1 }, () => [0, 0]) })).toEqual({
      field: 'waypoints',
      code: 'too_many_items',
      message: `waypoints has more than ${MAX_LIST_ITEMS} items; no list in a request takes that many.`,
    });
  });

  it('refuse an object of more keys than any the contract takes, naming it (105,000 unknown keys, 1 MB)', () => {
    expect(shapeIssue(keyed(105_000))).toEqual({
      field: '(body)',
      code: 'too_many_keys',
      message: `(body) has more than ${MAX_OBJECT_KEYS} keys; no object in a request has that many.`,
    });
    expect(shapeIssue({ waypoints: [{ lat: 1 }, keyed(MAX_OBJECT_KEYS + 1)] })).toMatchObject({
      field: 'waypoints[1]',
      code: 'too_many_keys',
    });
    // Keys are named as the body spells them, escapes decoded.
    expect(shapeIssue({ 'a "b"\n': { 'é😀': keyed(MAX_OBJECT_KEYS + 1) } })).toMatchObject({ field: 'a "b"\n.é😀', code: 'too_many_keys' });
  });

  it('refuse a body of more values in all than any request holds, naming the first value over the bound', () => {
    // 40 lists of 1,000 numbers: every list and object within its own bound, 40,042 values in all.
    const body = { a: Array.from({ length: 40 }, () => Array.from({ length: 1000 }, () => 0)) };
    // The body, `a`, then each list and its numbers: the 20th list starts at value 19,022; its 979th number is value 20,001.
    expect(shapeIssue(body)).toEqual({
      field: 'a[19][978]',
      code: 'too_many_values',
      message: `The body holds more than ${MAX_BODY_VALUES} values (a[19][978] is the first over); no request holds that many.`,
    });
    // 2 + 20 lists + 19,978 numbers: exactly the bound, within it; one number more is over.
    const upTo = (last: number) => ({ a: Array.from({ length: 20 }, (_, i) => Array.from({ length: i === 19 ? last : 1000 }, () => 0)) });
    expect(shapeIssue(upTo(978))).toBeUndefined();
    expect(shapeIssue(upTo(979))).toMatchObject({ field: 'a[19][978]', code: 'too_many_values' });
  });

  it('name places in the body order, whichever bound comes first there', () => {
    expect(shapeIssue({ a: [1, nested(MAX_BODY_DEPTH)], b: nested(MAX_BODY_DEPTH + 5) })).toMatchObject({
      field: expect.stringMatching(/^a\[1\](\.a)+$/),
      code: 'too_deep',
    });
    // Within the first 64 keys a list too long comes first; the 65th key after it.
    expect(shapeIssue({ ...keyed(10), list: Array.from({ length: 1001 }, () => 0), ...keyed(60, 'z') })).toMatchObject({
      field: 'list',
      code: 'too_many_items',
    });
    expect(shapeIssue({ ...keyed(70), list: Array.from({ length: 1001 }, () => 0) })).toMatchObject({
      field: '(body)',
      code: 'too_many_keys',
    });
  });

  it('stop at the first bound: the rest of a body far over it is not walked', () => {
    const trap = {
      get x(): number {
        throw new Error('walked past the bound');
      },
    };
    // 30 lists of 1,000: the 20th goes over, and the lists after it (of objects that throw when read) are never entered.
    const lists = Array.from({ length: 30 }, (_, i) => Array.from({ length: 1000 }, () => (i < 20 ? 0 : trap)));
    expect(bodyShapeIssue({ lists })).toMatchObject({ field: 'lists[19][978]', code: 'too_many_values' });
    // The raw walk stops there too: what follows is not even JSON.
    const raw = Buffer.concat([
      Buffer.from(`{"lists":[${Array.from({ length: 21 }, () => `[${'0,'.repeat(999)}0]`).join(',')}`),
      Buffer.alloc(1000, 0xff),
    ]);
    expect(rawBodyShapeIssue(raw)).toMatchObject({ field: 'lists[19][978]', code: 'too_many_values' });
  });
});

describe('the raw walk and the parsed walk', () => {
  it('name the same place for 500 random bodies near every bound', () => {
    let seed = 20261124;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const int = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
    const texts = ['', 'a', '"', '\\', '{', '}', '[', ']', ',', ':', 'é😀', '\u2028', 'x"y\\"z', '\u0000'];
    const make = (depth: number, budget: { left: number }): unknown => {
      budget.left--;
      const roll = random();
      if (depth > 36 || budget.left <= 0 || roll < 0.35)
        return [null, true, int(-1e6, 1e6) / 7, texts[int(0, texts.length - 1)]][int(0, 3)];
      if (roll < 0.55) return [make(depth + 1, budget)];
      if (roll < 0.75) {
        const items = random() < 0.1 ? int(990, 1010) : int(0, 5);
        return Array.from({ length: items }, () => (random() < 0.05 ? make(depth + 1, budget) : int(0, 9)));
      }
      const keys = random() < 0.15 ? int(60, 70) : int(0, 6);
      return Object.fromEntries(
        Array.from({ length: keys }, (_, i) => [`${texts[int(0, texts.length - 1)]}${i}`, random() < 0.3 ? make(depth + 1, budget) : i]),
      );
    };
    let refused = 0;
    for (let i = 0; i < 500; i++) {
      const body =
        i % 25 === 0
          ? {
              a: Array.from({ length: int(15, 30) }, () =>
                Array.from({ length: int(900, 1000) }, () => (random() < 0.01 ? { x: [1] } : 0)),
              ),
            }
          : make(0, { left: int(1, 400) });
      if (shapeIssue(body)) refused++;
    }
    expect(refused).toBeGreaterThan(25);
  });
});

describe('rawBodyShapeIssue on text that is not JSON', () => {
  it.each([
    ['broken JSON', '{"waypoints": ['],
    ['a trailing comma', `[${'0,'.repeat(10)}]`],
    ['a key without a value', '{"a":}'],
    ['a value where a key belongs', '{1:2}'],
    ['text after the body', '{} {}'],
    ['an unclosed string', '{"a":"b'],
    ['nothing', ''],
  ])('leaves %s to the parser', (_name, text) => {
    expect(rawBodyShapeIssue(Buffer.from(text))).toBeUndefined();
  });

  it('reads whitespace, escapes, a byte order mark and strings with brackets as JSON does', () => {
    const text = `\uFEFF {\n\t"a\\"{[" : [ "]}\\\\" , -1.5e+3 , true , null , { } , [ ] ] , "b" : ${JSON.stringify(keyed(65))} }`;
    expect(rawBodyShapeIssue(Buffer.from(text))).toMatchObject({ field: 'b', code: 'too_many_keys' });
    expect(() => JSON.parse(text.slice(1))).not.toThrow();
  });
});
