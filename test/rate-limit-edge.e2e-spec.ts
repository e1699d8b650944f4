import type { Response } from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

/** Per-IP budget of this suite's app: small enough to use up, large enough for the steps before. */
const PER_IP = 30;

function expectRequestId(res: Response): void {
  expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  if (res.status >= 400) expect(res.body.request_id).toBe(res.headers['x-request-id']);
}

/** The three headers, well-formed and for the per-IP window; returns Remaining. */
function remainingOf(res: Response): number {
  expect(res.headers['x-ratelimit-limit']).toBe(String(PER_IP));
  expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  const reset = Number(res.headers['x-ratelimit-reset']);
  const now = Math.floor(Date.now() / 1000);
  expect(reset).toBeGreaterThanOrEqual(now);
  expect(reset).toBeLessThanOrEqual(now + 61);
  return Number(res.headers['x-ratelimit-remaining']);
}

/**
 * Contract §1 and §6: every response carries the rate-limit headers. Requests to unknown paths are
 * API requests that failed, counted per IP like unauthenticated ones (rate before the 404); health
 * probes, the docs and CDN files carry the caller's window without using it up. Every request
 * here comes from 127.0.0.1 without credentials, so they all share one per-IP window, in order.
 */
describe('Rate-limit headers outside the guarded routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ANONYMOUS_REQUESTS_PER_MINUTE: String(PER_IP) });
  });
  afterAll(() => t.close());

  describe('unknown paths: 404 with the headers, counted per IP', () => {
    it('an unknown /v1 path, in the same window as a 401', async () => {
      const unauthenticated = await t.http.get('/v1/usage').expect(401);
      const first = await t.http.get('/v1/nope').expect(404);
      const second = await t.http.post('/v1/nope').send({ a: 1 }).expect(404);
      for (const res of [first, second]) {
        expect(res.body).toMatchObject({ error_code: 'NOT_FOUND' });
        expectRequestId(res);
      }
      expect(remainingOf(first)).toBe(remainingOf(unauthenticated) - 1);
      expect(remainingOf(second)).toBe(remainingOf(first) - 1);
    });

    it('an unknown root path', async () => {
      const first = await t.http.get('/nope').expect(404);
      const second = await t.http.delete('/nope/deeper').expect(404);
      for (const res of [first, second]) {
        expect(res.body).toMatchObject({ error_code: 'NOT_FOUND' });
        expectRequestId(res);
      }
      expect(remainingOf(second)).toBe(remainingOf(first) - 1);
    });
  });

  describe('health probes, docs and CDN files: the caller’s window, not counted', () => {
    const uncounted: [string, string, number][] = [
      ['/health/live', '/health/live', 200],
      ['the OpenAPI document', '/docs-json', 200],
      ['a CDN 404', '/cdn/renders/job_doesnotexist.mp4', 404],
    ];
    it.each(uncounted)('%s', async (_name, path, status) => {
      const before = remainingOf(await t.http.get('/v1/nope').expect(404));
      const first = await t.http.get(path).expect(status);
      const second = await t.http.get(path).expect(status);
      expectRequestId(first);
      expect(remainingOf(first)).toBe(before);
      expect(remainingOf(second)).toBe(before);
      expect(remainingOf(await t.http.get('/v1/nope').expect(404))).toBe(before - 1);
    });
  });

  describe('the per-IP window used up', () => {
    it('an unknown path answers 429 RATE_LIMIT_EXCEEDED (rate before the 404), with Retry-After', async () => {
      let remaining = remainingOf(await t.http.get('/v1/nope').expect(404));
      while (remaining > 0) remaining = remainingOf(await t.http.get('/v1/nope').expect(404));
      for (const path of ['/v1/nope', '/nope']) {
        const res = await t.http.get(path).expect(429);
        expect(res.body).toMatchObject({ error_code: 'RATE_LIMIT_EXCEEDED', retry_after_seconds: expect.any(Number) });
        expect(res.headers['retry-after']).toBe(String(res.body.retry_after_seconds));
        expectRequestId(res);
        expect(remainingOf(res)).toBe(0);
      }
    });

    it('health probes, docs and CDN files are never refused, and say the window is used up', async () => {
      for (const [path, status] of [
        ['/health/live', 200],
        ['/docs-json', 200],
        ['/cdn/renders/job_doesnotexist.mp4', 404],
      ] as const) {
        const res = await t.http.get(path).expect(status);
        expect(remainingOf(res)).toBe(0);
      }
    });
  });
});
