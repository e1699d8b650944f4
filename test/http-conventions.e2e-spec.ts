import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { RenderJob } from '../src/modules/rendering/testing';
import { seedFinishedJob } from './support/finished-job';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp, uniqueEmail } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const APP_ORIGIN = 'https://app.example.com';
const POLLING_PLAN = { tier: 'enterprise', overrides: { requests_per_minute: 100_000 } } as const;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (still encoded). */
  body: Buffer;
}

/** One request with exactly these headers, answered with the raw bytes (supertest would add Accept-Encoding and decode). */
function raw(t: TestApp, method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${t.baseUrl}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const remaining = (headers: Record<string, unknown>) => Number(headers['x-ratelimit-remaining']);

/** The conventions HTTP clients and browsers expect of an API: CORS, compression, conditional reads, Location, Retry-After. */
describe('HTTP conventions', () => {
  let t: TestApp;
  let account: TestAccount;
  const dashboardDir = mkdtempSync(join(tmpdir(), 'mapr-dashboard-'));
  const dashboardScript = `console.log(${JSON.stringify('the dashboard '.repeat(400))});\n`;

  beforeAll(async () => {
    mkdirSync(join(dashboardDir, 'assets'));
    writeFileSync(join(dashboardDir, 'index.html'), '<!doctype html><title>mapr</title><div id="root"></div>');
    writeFileSync(join(dashboardDir, 'assets', 'index-abc123.js'), dashboardScript);
    // Spaces and a trailing slash, as an operator may write them.
    t = await startTestApp({ CORS_ORIGINS: ` ${APP_ORIGIN}/ , http://localhost:5173`, DASHBOARD_DIR: dashboardDir });
    account = await createAccount(t, POLLING_PLAN);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dashboardDir, { recursive: true, force: true });
  });

  describe('CORS for browser apps on the CORS_ORIGINS list', () => {
    const preflight = (origin: string, path = '/v1/render') =>
      t.http
        .options(path)
        .set('Origin', origin)
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type,idempotency-key');

    it('answers a listed origin’s preflight with the methods, headers and max age, and its rate-limit headers', async () => {
      const res = await preflight(APP_ORIGIN).expect(204);
      expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(res.headers['access-control-allow-methods']!.split(',')).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
      expect(res.headers['access-control-allow-headers']!.split(',')).toEqual(
        expect.arrayContaining(['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match']),
      );
      expect(res.headers['access-control-max-age']).toBe('600');
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers.vary).toMatch(/Origin/);
      expect(res.headers['x-request-id']).toMatch(/^req_/);
      expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect((await preflight('http://localhost:5173').expect(204)).headers['access-control-allow-origin']).toBe('http://localhost:5173');
    });

    it('lets the browser read the headers a client needs on the real request', async () => {
      const res = await t.http.get('/v1/account').set('Origin', APP_ORIGIN).auth(account.liveKey, bearer).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      expect(res.headers['access-control-expose-headers']!.split(',')).toEqual(
        expect.arrayContaining([
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
          'X-Request-Id',
          'Retry-After',
          'Location',
          'ETag',
          'Idempotent-Replayed',
        ]),
      );
      // An error answer is readable too (the browser needs the body's error_code).
      const refused = await t.http.get('/v1/account').set('Origin', APP_ORIGIN).expect(401);
      expect(refused.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    });

    it('gives an unlisted origin no CORS headers, for the preflight and the request', async () => {
      const pre = await preflight('https://evil.example.net').expect(204);
      expect(Object.keys(pre.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      const res = await t.http.get('/v1/account').set('Origin', 'https://evil.example.net').auth(account.liveKey, bearer).expect(200);
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
      // An origin differs by scheme or port.
      const http = await preflight('http://app.example.com').expect(204);
      expect(http.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('preflights spend nobody’s rate limit, listed origin or not; a plain OPTIONS to a path that does not exist does', async () => {
      const before = remaining((await t.http.get('/health/live').expect(200)).headers);
      for (let i = 0; i < 5; i++) {
        await preflight(APP_ORIGIN).expect(204);
        await preflight('https://evil.example.net', '/v1/renders').expect(204);
      }
      expect(remaining((await t.http.get('/health/live').expect(200)).headers)).toBe(before);
      await t.http.options('/v1/nothing-here').expect(404);
      expect(remaining((await t.http.get('/health/live').expect(200)).headers)).toBe(before - 1);
    });
  });

  describe('compression', () => {
    it('sends JSON br- or gzip-encoded as Accept-Encoding asks, and plain when it does not', async () => {
      const path = '/v1/templates';
      const auth = { Authorization: `Bearer ${account.liveKey}` };
      for (const name of ['Flights', 'Shipping']) {
        await t.http
          .post('/v1/templates')
          .auth(account.liveKey, bearer)
          .send({ name, description: `${name} with a camera that follows the route, `.repeat(4), settings: { duration: 8, style: 'dark' } })
          .expect(201);
      }
      const plain = await raw(t, 'GET', path, { ...auth, 'Accept-Encoding': 'identity' });
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const expected = JSON.parse(plain.body.toString('utf8'));

      const br = await raw(t, 'GET', path, { ...auth, 'Accept-Encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/Accept-Encoding/);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(expected);

      const gzip = await raw(t, 'GET', path, { ...auth, 'Accept-Encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(expected);
      // The rate-limit headers and the request id travel with a compressed body too.
      expect(gzip.headers['x-ratelimit-remaining']).toMatch(/^\d+$/);
      expect(gzip.headers['x-request-id']).toMatch(/^req_/);
    });

    it('compresses the dashboard’s files', async () => {
      const res = await raw(t, 'GET', '/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.body).toString('utf8')).toBe(dashboardScript);
    });

    it('leaves the CDN’s video alone: a range request keeps its exact bytes and Content-Range', async () => {
      const video = Buffer.from('0123456789abcdef'.repeat(4096)); // compressible on purpose: 64 KiB of one pattern
      const scratch = mkdtempSync(join(tmpdir(), 'mapr-cdn-'));
      writeFileSync(join(scratch, 'video.mp4'), video);
      const { id } = await seedFinishedJob(t, account.id, { video: join(scratch, 'video.mp4'), sizeBytes: video.length });
      rmSync(scratch, { recursive: true, force: true });

      const part = await raw(t, 'GET', `/cdn/renders/${id}.mp4`, { Range: 'bytes=1000-2999', 'Accept-Encoding': 'gzip, br' });
      expect(part.status).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.headers['content-range']).toBe(`bytes 1000-2999/${video.length}`);
      expect(Buffer.compare(part.body, video.subarray(1000, 3000))).toBe(0);

      const whole = await raw(t, 'GET', `/cdn/renders/${id}.mp4`, { 'Accept-Encoding': 'gzip, br' });
      expect(whole.status).toBe(200);
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.headers['content-length']).toBe(String(video.length));
      expect(Buffer.compare(whole.body, video)).toBe(0);
    });
  });

  describe('ETag and If-None-Match on job reads', () => {
    it('a render: 304 without a body while nothing changed (rate-limit headers sent, the request counted), 200 once it did', async () => {
      const created = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      const path = `/v1/render/${created.body.job_id}`;
      const first = await t.http.get(path).auth(account.liveKey, bearer).expect(200);
      const etag = first.headers.etag;
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);

      const again = await t.http.get(path).auth(account.liveKey, bearer).set('If-None-Match', etag).expect(304);
      expect(again.text ?? '').toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
      expect(again.headers['x-request-id']).toMatch(/^req_/);
      expect(remaining(again.headers)).toBe(remaining(first.headers) - 1);

      // The alias reads the same representation; a list of validators, or a strong spelling of ours, matches too.
      await t.http.get(`/v1/status/${created.body.job_id}`).auth(account.liveKey, bearer).set('If-None-Match', etag).expect(304);
      await t.http.get(path).auth(account.liveKey, bearer).set('If-None-Match', `"other", ${etag}`).expect(304);
      await t.http.get(path).auth(account.liveKey, bearer).set('If-None-Match', etag.slice(2)).expect(304);
      // Compressed or not, the same validator.
      const gzip = await raw(t, 'GET', path, {
        Authorization: `Bearer ${account.liveKey}`,
        'Accept-Encoding': 'gzip',
        'If-None-Match': etag,
      });
      expect(gzip.status).toBe(304);

      await t.http.delete(path).auth(account.liveKey, bearer).expect(200);
      const changed = await t.http.get(path).auth(account.liveKey, bearer).set('If-None-Match', etag).expect(200);
      expect(changed.body.status).toBe('cancelled');
      expect(changed.headers.etag).not.toBe(etag);
    });

    it('a batch: the same', async () => {
      const created = await t.http
        .post('/v1/render/batch')
        .auth(account.liveKey, bearer)
        .send({ jobs: [renderBody(), renderBody()] })
        .expect(202);
      const path = `/v1/batch/${created.body.batch_id}`;
      const first = await t.http.get(path).auth(account.liveKey, bearer).expect(200);
      expect(first.headers.etag).toMatch(/^W\/"/);
      await t.http.get(path).auth(account.liveKey, bearer).set('If-None-Match', first.headers.etag).expect(304);

      await t.http.delete(`/v1/render/${first.body.jobs[0].job_id}`).auth(account.liveKey, bearer).expect(200);
      const changed = await t.http.get(path).auth(account.liveKey, bearer).set('If-None-Match', first.headers.etag).expect(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
    });

    it('another account’s job is still 404, whatever If-None-Match says', async () => {
      const created = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      const etag = (await t.http.get(`/v1/render/${created.body.job_id}`).auth(account.liveKey, bearer).expect(200)).headers.etag;
      const other = await createAccount(t, POLLING_PLAN);
      const res = await t.http.get(`/v1/render/${created.body.job_id}`).auth(other.liveKey, bearer).set('If-None-Match', etag).expect(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
      expect(res.headers.etag).toBeUndefined();
    });
  });

  describe('Location on 201', () => {
    it('a template: its URL, which reads it', async () => {
      const res = await t.http
        .post('/v1/templates')
        .auth(account.liveKey, bearer)
        .send({ name: 'Flights', settings: { duration: 5 } })
        .expect(201);
      expect(res.headers.location).toBe(`${t.baseUrl}/v1/templates/${res.body.id}`);
      const read = await t.http.get(new URL(res.headers.location).pathname).auth(account.liveKey, bearer).expect(200);
      expect(read.body).toEqual(res.body);
    });

    it('an API key: its URL, which reads it without the key', async () => {
      const res = await t.http.post('/v1/api-keys').auth(account.accessToken, bearer).send({ name: 'ci', mode: 'test' }).expect(201);
      expect(res.headers.location).toBe(`${t.baseUrl}/v1/api-keys/${res.body.id}`);
      const read = await t.http.get(new URL(res.headers.location).pathname).auth(account.accessToken, bearer).expect(200);
      const { key, ...withoutKey } = res.body;
      expect(key).toMatch(/^mapr_test_/);
      expect(read.body).toEqual({ ...withoutKey, last_used_at: null, revoked_at: null });
      const other = await createAccount(t, { keys: false });
      await t.http.get(new URL(res.headers.location).pathname).auth(other.accessToken, bearer).expect(404);
    });

    it('an account: /v1/account', async () => {
      const res = await t.http
        .post('/v1/auth/register')
        .send({ email: uniqueEmail(), password: 'correct horse battery', name: 'New' })
        .expect(201);
      expect(res.headers.location).toBe(`${t.baseUrl}/v1/account`);
    });
  });

  describe('Retry-After on the concurrency 429', () => {
    it('says when the active job expected to end first should end (5 s to 5 min)', async () => {
      const limited = await createAccount(t, { tier: 'free', overrides: { concurrent_jobs: 1, requests_per_minute: 100_000 } });
      const first = await t.http.post('/v1/render').auth(limited.liveKey, bearer).send(renderBody()).expect(202);
      const estimate: number = first.body.estimated_duration_seconds;

      // Queued: its whole estimate is still ahead.
      const queued = await t.http.post('/v1/render').auth(limited.liveKey, bearer).send(renderBody()).expect(429);
      expect(queued.body).toEqual(expect.objectContaining({ error_code: 'CONCURRENT_JOB_LIMIT', active_jobs: 1, limit: 1 }));
      expect(Object.keys(queued.body)).not.toContain('retry_after_seconds');
      const expected = Math.min(300, Math.max(5, estimate));
      expect(Number(queued.headers['retry-after'])).toBeGreaterThanOrEqual(expected - 1);
      expect(Number(queued.headers['retry-after'])).toBeLessThanOrEqual(expected);

      // Processing for longer than its estimate: a slot is about to free up.
      const jobs = t.app.get<Repository<RenderJob>>(getRepositoryToken(RenderJob));
      await jobs.update({ id: first.body.job_id }, { status: 'processing', startedAt: new Date(Date.now() - (estimate + 60) * 1000) });
      const overdue = await t.http.post('/v1/render').auth(limited.liveKey, bearer).send(renderBody()).expect(429);
      expect(overdue.headers['retry-after']).toBe('5');
    });
  });
});
