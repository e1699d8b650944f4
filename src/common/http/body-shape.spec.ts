import { bodyShapeIssue, MAX_BODY_DEPTH, MAX_BODY_VALUES, MAX_LIST_ITEMS, MAX_OBJECT_KEYS } from './body-shape';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

describe('bodyShapeIssue', () => {
  it('lets a real request through: nested objects and lists within the bounds', () => {
    const body = {
      waypoints: Array.from({ length: 25 }, (_, i) => ({ lat: i, lng: i, label: `P${i}` })),
      text_overlays: [{ text: 'x', start: 0, end: 1 }],
      country_data: { values: Array.from({ length: 250 }, (_, i) => ({ country: `C${i}`, value: i })) },
    };
    expect(bodyShapeIssue(body)).toBeUndefined();
    expect(bodyShapeIssue(nested(MAX_BODY_DEPTH - 1))).toBeUndefined();
    expect(bodyShapeIssue('a string body')).toBeUndefined();
  });

  it('names the first place a body nests too deep, without recursing (10,000 levels)', () => {
    expect(bodyShapeIssue({ waypoints: [{ label: nested(10_000) }] })).toMatchObject({
      field: expect.stringMatching(/^waypoints\[0\]\.label(\.a)+$/),
      code: 'too_deep',
    });
    expect(bodyShapeIssue(nested(MAX_BODY_DEPTH + 1))).toMatchObject({ code: 'too_deep' });
  });

  it('refuses a list longer than any the contract takes, naming it', () => {
    expect(bodyShapeIssue({ waypoints: Array.from({ length: MAX_LIST_ITEMS + 1 }, () => [0, 0]) })).toEqual({
      field: 'waypoints',
      code: 'too_many_items',
      message: `waypoints has ${MAX_LIST_ITEMS + 1} items; no list in a request takes more than ${MAX_LIST_ITEMS}.`,
    });
  });

  it('lets the widest and fullest requests of the contract through', () => {
    const job = {
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field_${i}`, i])),
      country_data: { values: Array.from({ length: 250 }, (_, i) => ({ country: `C${i}`, value: i })) },
    };
    // Each job 783 values: a batch of 25 such jobs holds 19,577.
    const batch = { jobs: Array.from({ length: 25 }, () => job) };
    expect(bodyShapeIssue(batch)).toBeUndefined();
    expect(bodyShapeIssue(Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS }, (_, i) => [`k${i}`, i])))).toBeUndefined();
  });

  it('refuses an object of more keys than any the contract takes, naming it (105,000 unknown keys, 1 MB)', () => {
    const flood = Object.fromEntries(Array.from({ length: 105_000 }, (_, i) => [`k${i}`, 1]));
    expect(bodyShapeIssue(flood)).toEqual({
      field: '(body)',
      code: 'too_many_keys',
      message: `(body) has more than ${MAX_OBJECT_KEYS} keys; no object in a request has that many.`,
    });
    const wide = { waypoints: [{ lat: 1 }, Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS + 1 }, (_, i) => [`k${i}`, i]))] };
    expect(bodyShapeIssue(wide)).toMatchObject({ field: 'waypoints[1]', code: 'too_many_keys' });
  });

  it('refuses a body of more values in all than any request holds, naming the first value over the bound', () => {
    // 40 lists of 1,000 numbers: every list and object within its own bound, 40,042 values in all.
    const body = { a: Array.from({ length: 40 }, () => Array.from({ length: 1000 }, () => 0)) };
    // The body, `a`, its 40 lists: 42 values before the first list's numbers; the 20,001st is the 959th number of the 20th.
    expect(bodyShapeIssue(body)).toEqual({
      field: 'a[19][958]',
      code: 'too_many_values',
      message: `The body holds more than ${MAX_BODY_VALUES} values (a[19][958] is the first over); no request holds that many.`,
    });
    // 2 + 20 lists + 19,978 numbers: exactly the bound, within it; one number more is over.
    const upTo = (last: number) => ({ a: Array.from({ length: 20 }, (_, i) => Array.from({ length: i === 19 ? last : 1000 }, () => 0)) });
    expect(bodyShapeIssue(upTo(978))).toBeUndefined();
    expect(bodyShapeIssue(upTo(979))).toMatchObject({ field: 'a[19][978]', code: 'too_many_values' });
  });

  it('stops at the first bound: the rest of a body far over it is not walked', () => {
    const trap = {
      get x(): number {
        throw new Error('walked past the bound');
      },
    };
    // 30 lists of 1,000: the 20th goes over, and the lists after it (of objects that throw when read) are never entered.
    const lists = Array.from({ length: 30 }, (_, i) => Array.from({ length: 1000 }, () => (i < 20 ? 0 : trap)));
    expect(bodyShapeIssue({ lists })).toMatchObject({ field: 'lists[19][968]', code: 'too_many_values' });
  });

  it('names places in the body order', () => {
    expect(bodyShapeIssue({ a: [1, nested(MAX_BODY_DEPTH)], b: nested(MAX_BODY_DEPTH + 5) })).toMatchObject({
      field: expect.stringMatching(/^a\[1\](\.a)+$/),
      code: 'too_deep',
    });
  });
});
