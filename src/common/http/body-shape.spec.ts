import { bodyShapeIssue, MAX_BODY_DEPTH, MAX_LIST_ITEMS } from './body-shape';

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
});
