/**
 * Unknown place names cost a request little whatever their number (contract §27): close matches are looked up for at
 * most three unknown names of one request (a batch is one request), through the gazetteer's trigram index; the others
 * get their issue without them. A batch of 50 jobs × 25 misspelt names (1,250 unknown places) used to run 1,250 scans
 * of the whole gazetteer, holding the event loop for 16 s.
 */
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

/** 25 names the gazetteer does not know, each a slip away from a city it does. */
const MISSPELT = [
  'Lisbn',
  'Rotterdm',
  'Sao Paolo',
  'Kopenhagen',
  'Amsterdm',
  'Barcelna',
  'Frankfrt',
  'Melborne',
  'Istambul',
  'Moskow',
  'Bejing',
  'Saint Petersbrg',
  'Rio de Janero',
  'Buenos Ares',
  'Johanesburg',
  'Singapor',
  'Shangaii',
  'Bangkokk',
  'Marseile',
  'Valenciaa',
  'Antwerpn',
  'Hamburgg',
  'Edinburgh x',
  'Dublinn',
  'Glasgw',
];

describe('Unknown place names', () => {
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    t = await startTestApp();
    account = await createAccount(t, { tier: 'free' });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers a batch of 50 jobs × 25 unknown places with 400, close matches for three of them only', async () => {
    const job = { waypoints: MISSPELT.map((place) => ({ place })), duration: 5 };
    const res = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: Array.from({ length: 50 }, () => job) })
      .expect(400);
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    const issues = res.body.issues as Array<{ field: string; code: string; message: string }>;
    // Every place is an issue of its own, unless the list is cut (then the body says so).
    expect(issues.length).toBeLessThanOrEqual(50 * 25);
    if (issues.length < 50 * 25) expect(res.body.issues_truncated).toBe(true);
    expect(issues.every((issue) => issue.code === 'unknown_place' && /^jobs\[\d+\]\.waypoints\[\d+\]\.place$/.test(issue.field))).toBe(
      true,
    );

    const suggested = issues.filter((issue) => issue.message.includes('Did you mean'));
    expect(suggested).toEqual([
      { field: 'jobs[0].waypoints[0].place', code: 'unknown_place', message: expect.stringContaining('Lisbon (PT)') },
      { field: 'jobs[0].waypoints[1].place', code: 'unknown_place', message: expect.stringContaining('Rotterdam (NL)') },
      { field: 'jobs[0].waypoints[2].place', code: 'unknown_place', message: expect.stringContaining('São Paulo (BR)') },
    ]);
    expect(issues[3]).toEqual({
      field: 'jobs[0].waypoints[3].place',
      code: 'unknown_place',
      message:
        'Unknown place "Kopenhagen". Give lat and lng instead (close matches are listed for the first 3 unknown places of a request only).',
    });
  });

  it('gives each request its own three', async () => {
    const body = { waypoints: MISSPELT.slice(0, 4).map((place) => ({ place })), duration: 5 };
    for (let i = 0; i < 2; i++) {
      const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body).expect(400);
      const messages = (res.body.issues as Array<{ message: string }>).map((issue) => issue.message);
      expect(messages.map((message) => message.includes('Did you mean'))).toEqual([true, true, true, false]);
    }
  });
});
