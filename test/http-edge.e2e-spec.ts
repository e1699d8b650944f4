import type { Response } from 'supertest';
import {
  createAccount,
  createRoomyAccount,
  renderBody,
  startTestApp,
  storedRequestOf,
  TestAccount,
  TestApp,
  uniqueEmail,
} from './support/test-app';

const bearer = { type: 'bearer' } as const;

/** A generated id, in the body (errors) and the header, and the same in both. */
function expectRequestId(res: Response): void {
  expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{32}$/);
  if (res.status >= 400 && res.type === 'application/json') expect(res.body.request_id).toBe(res.headers['x-request-id']);
}

function expectRateLimitHeaders(res: Response): void {
  expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  expect(res.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
  expect(res.headers['x-ratelimit-reset']).toMatch(/^\d+$/);
}

/**
 * The order at the HTTP edge: request id first (every response), then auth → rate limit → body
 * parsing → validation. A request's body cannot buy it a different answer than its credentials.
 */
describe('HTTP edge: request ids, and auth → rate limit → body → validation', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    account = await createAccount(t);
  });
  afterAll(() => t.close());

  describe('no credentials: 401 whatever the body', () => {
    const cases: [string, string, string][] = [
      ['a text/plain body', 'text/plain', 'waypoints'],
      ['a form body', 'application/x-www-form-urlencoded', 'waypoints=1&duration=5'],
      ['malformed JSON', 'application/json', '{"waypoints": ['],
      ['a 2 MB body', 'application/json', JSON.stringify({ waypoints: [], pad: 'x'.repeat(2 * 1024 * 1024) })],
    ];
    it.each(cases)('%s', async (_name, type, body) => {
      const res = await t.http.post('/v1/render').set('Content-Type', type).send(body).expect(401);
      expect(res.body).toMatchObject({ error_code: 'AUTHENTICATION_REQUIRED' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('an invalid key with a malformed body is still INVALID_API_KEY', async () => {
      const res = await t.http
        .post('/v1/render')
        .auth('mapr_live_notakeynotakeynotakeynotakey00', bearer)
        .set('Content-Type', 'application/json')
        .send('{')
        .expect(401);
      expect(res.body.error_code).toBe('INVALID_API_KEY');
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });
  });

  describe('a valid key: body errors carry the request id and the rate-limit headers', () => {
    it('400 INVALID_JSON for malformed JSON', async () => {
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'application/json')
        .send('{"waypoints": [')
        .expect(400);
      expect(res.body).toMatchObject({ error_code: 'INVALID_JSON' });
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('415 for a text body', async () => {
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'text/plain')
        .send('waypoints')
        .expect(415);
      expect(res.body.error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('413 for a body over 1 MiB', async () => {
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ waypoints: [], pad: 'x'.repeat(1024 * 1024) }))
        .expect(413);
      expect(res.body.error_code).toBe('PAYLOAD_TOO_LARGE');
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('the connection stays usable after an unread body was refused', async () => {
      await t.http
        .post('/v1/render')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }))
        .expect(401);
      const ok = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      expectRequestId(ok);
      expectRateLimitHeaders(ok);
    });

    it('validation errors come after body parsing, with the same headers', async () => {
      const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send({ waypoints: [] }).expect(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });
  });

  describe('responses outside the controllers carry a request id and the rate-limit headers', () => {
    it('404 for an unknown path', async () => {
      const res = await t.http.get('/nothing-here').expect(404);
      expect(res.body).toMatchObject({ error_code: 'NOT_FOUND' });
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('404 for an unknown /v1 path, with a body', async () => {
      const res = await t.http
        .post('/v1/nothing-here')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'text/plain')
        .send('x')
        .expect(404);
      expect(res.body).toMatchObject({ error_code: 'NOT_FOUND' });
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('/health/live', async () => {
      const res = await t.http.get('/health/live').expect(200);
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('the docs', async () => {
      const res = await t.http.get('/docs-json').expect(200);
      expectRequestId(res);
      expectRateLimitHeaders(res);
    });

    it('no cross-origin access without CORS_ORIGINS: a preflight ends uncounted, with no CORS headers', async () => {
      const pre = await t.http
        .options('/v1/render')
        .set('Origin', 'https://app.example.com')
        .set('Access-Control-Request-Method', 'POST')
        .expect(204);
      expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      expectRequestId(pre);
      expectRateLimitHeaders(pre);
      const res = await t.http.get('/v1/account').set('Origin', 'https://app.example.com').auth(account.liveKey, bearer).expect(200);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    });

    it('keeps a well-formed incoming X-Request-Id', async () => {
      const res = await t.http.get('/v1/nothing-here').set('X-Request-Id', 'client-id-123').expect(404);
      expect(res.headers['x-request-id']).toBe('client-id-123');
      expect(res.body.request_id).toBe('client-id-123');
    });
  });

  describe('bodies of any shape are bounded before validation (contract §27)', () => {
    it('answers an anonymous body of 105,000 unknown keys (1 MB) with one issue in a small body', async () => {
      const flood = `{${Array.from({ length: 105_000 }, (_, i) => `"${i.toString(36)}":0`).join(',')}}`;
      expect(Buffer.byteLength(flood)).toBeGreaterThan(800_000);
      expect(Buffer.byteLength(flood)).toBeLessThanOrEqual(1024 * 1024);
      const res = await t.http.post('/v1/auth/register').set('Content-Type', 'application/json').send(flood).expect(400);
      expect(res.body).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        issues: [{ field: '(body)', code: 'too_many_keys', message: expect.any(String) }],
      });
      expect(res.body.issues).toHaveLength(1);
      expect(res.body).not.toHaveProperty('issues_truncated');
      expect(Number(res.headers['content-length'])).toBeLessThan(1024);
      expectRequestId(res);
    });

    it('answers a body of 200 bad fields with the first 50 issues and issues_truncated', async () => {
      const roomy = await createRoomyAccount(t);
      const body = renderBody({ waypoints: Array.from({ length: 200 }, () => ({ lat: 'north', lng: 0 })) });
      const res = await t.http.post('/v1/render').auth(roomy.liveKey, bearer).send(body).expect(400);
      expect(res.body).toMatchObject({ error_code: 'VALIDATION_ERROR', issues_truncated: true });
      expect(res.body.issues).toHaveLength(50);
      expect(res.body.issues).toContainEqual({ field: 'waypoints[0].lat', code: 'invalid_type', message: 'lat must be a number' });
      expectRequestId(res);
    });
  });

  describe('text that reaches a frame or another screen is stripped of format characters (contract §27)', () => {
    const reversed = 'Ana\u202Egpj.exe';

    it('stores an account name without its right-to-left override', async () => {
      const res = await t.http
        .post('/v1/auth/register')
        .send({ email: uniqueEmail('bidi'), password: 'long enough pw', name: `\u2066${reversed}\u2069` })
        .expect(201);
      expect(res.body.user.name).toBe('Anagpj.exe');
    });

    it('stores labels, place names, titles and overlays without them, emoji sequences whole', async () => {
      const roomy = await createRoomyAccount(t);
      const family = '\u{1F469}\u200D\u{1F469}\u200D\u{1F467}';
      const request = await storedRequestOf(
        t,
        roomy,
        renderBody({
          waypoints: [
            { lat: 38.7223, lng: -9.1393, label: reversed },
            { place: 'New\u200B York\u200F', label: `${family} \u200Fhome` },
          ],
          title: { text: `\u202B${reversed}`, subtitle: 'Summer\u0000 2026' },
          text_overlays: [{ text: `Day 1\u2067 ${reversed}`, start: 0, end: 2 }],
        }),
      );
      expect(request.waypoints.map((w: { label: string }) => w.label)).toEqual(['Anagpj.exe', `${family} home`]);
      expect(request.waypoints[1].place).toBe('New York');
      expect(request.title).toEqual({ text: 'Anagpj.exe', subtitle: 'Summer 2026' });
      expect(request.text_overlays[0].text).toBe('Day 1 Anagpj.exe');
    });
  });
});
