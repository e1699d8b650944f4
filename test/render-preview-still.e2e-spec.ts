/**
 * POST /v1/render/preview/still: one frame of exactly what the render would show, as a PNG drawn by the API
 * process itself (Debian's Chromium and the Remotion bundle), for clients without a browser (`mapr preview`).
 * Same body, checks and errors as POST /v1/render/preview; no quota, no job; a verified e-mail; one still at a time
 * with a short line (429 PREVIEW_STILL_BUSY with Retry-After beyond it, or when the line would leave no time to draw
 * it), one place in it per account (429 for a second still in flight), the plan's stills a minute and a network
 * address's (429); above the plan's resolution, 1080p at most; the browser closes when idle and on shutdown, leaving
 * no temp files.
 */
import { processScratchDir } from '../src/common/util/process-scratch';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { Response } from 'supertest';
import type Redis from 'ioredis';
import { REDIS, RedisKeys } from '../src/infrastructure/redis/redis.module';
import { PREVIEW_STILL_OPTIONS } from '../src/modules/rendering/testing';
import { ensureRemotionBundle } from '../src/modules/rendering/renderer';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const IDLE_MS = 4_000;
const STILLS_PER_SOURCE = 3;
/** A documentation address of its own for each still (TEST-NET-3, 203.0.113.0/24, and onwards). */
let addresses = 0;
const freshAddress = () => {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
/** Where a look at the stills is kept (gitignored). */
const SHOTS = path.join(__dirname, '..', 'tmp', 'preview-stills');

/** Collects a binary body (supertest buffers only known binary types by default). */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Chromium processes whose profile lives in `dir`. */
function browsersIn(dir: string): number[] {
  return execFileSync('ps', ['-ww', '-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(`--user-data-dir=${dir}`))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/**
 * Waits until no Chromium of `dir` is left (its processes end moments after the browser closes), for at most
 * `withinMs`: a bound far from the moment it waits for, so a slow machine only makes it wait longer.
 */
async function noBrowsersLeftIn(dir: string, withinMs = 5_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  while (browsersIn(dir).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return browsersIn(dir);
}

/** Without request_id, which differs per request. */
const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, request_id: undefined });

describe('POST /v1/render/preview/still', () => {
  let t: TestApp;
  let account: TestAccount;
  let stillsDir: string;

  beforeAll(async () => {
    await ensureRemotionBundle();
    // Each still comes from an address of its own (X-Forwarded-For through one trusted proxy), but for the test of
    // the per-address limit, which sends three from one.
    t = await startTestApp(
      { TRUST_PROXY_HOPS: '1', PREVIEW_STILLS_PER_SOURCE_PER_MINUTE: String(STILLS_PER_SOURCE) },
      {
        overrides: [
          { provide: PREVIEW_STILL_OPTIONS, useValue: { maxWaiting: 4, timeoutMs: 30_000, idleMs: IDLE_MS, cancelGraceMs: 5_000 } },
        ],
      },
    );
    stillsDir = processScratchDir(t.config.rendering.tempDir, 'preview-stills');
    account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000, preview_stills_per_minute: 1000 } });
    fs.mkdirSync(SHOTS, { recursive: true });
  }, 240_000);
  afterAll(() => t?.close());

  const still = (body: object, query: Record<string, string | number> = {}, key = account.liveKey, from = freshAddress()) =>
    t.http
      .post('/v1/render/preview/still')
      .query(query)
      .auth(key, bearer)
      .set('X-Forwarded-For', from)
      .send(body)
      .buffer(true)
      .parse(binary);
  const preview = (body: object, key = account.liveKey) => t.http.post('/v1/render/preview').auth(key, bearer).send(body);

  it('answers the last frame as a PNG at the composition’s size, not to be cached, and spends nothing', async () => {
    const body = renderBody({ duration: 3, aspect_ratio: '9:16' });
    const { composition } = (await preview(body).expect(200)).body;
    const res = await still(body).expect(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-preview-frame']).toBe(String(composition.duration_in_frames - 1));
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();
    const png = PNG.sync.read(res.body as Buffer);
    expect([png.width, png.height]).toEqual([composition.width, composition.height]);
    expect([png.width, png.height]).toEqual([720, 1280]);
    fs.writeFileSync(path.join(SHOTS, 'lisbon-new-york-9x16-last.png'), res.body as Buffer);

    // A picture, not an empty frame: the map's land, sea, route and labels make many colours.
    const colours = new Set<number>();
    for (let i = 0; i < png.data.length; i += 4 * 97) colours.add(png.data.readUInt32BE(i));
    expect(colours.size).toBeGreaterThan(200);

    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200)).body.renders_used).toBe(0);
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer).expect(200)).body.data).toEqual([]);
  }, 120_000);

  it('draws the frame asked for; without one, the last (the thumbnail)', async () => {
    const body = renderBody({ duration: 3 });
    const frames = (await preview(body).expect(200)).body.composition.duration_in_frames as number;
    const byDefault = PNG.sync.read((await still(body).expect(200)).body as Buffer);
    const lastRes = await still(body, { frame: frames - 1 }).expect(200);
    expect(lastRes.headers['x-preview-frame']).toBe(String(frames - 1));
    const last = PNG.sync.read(lastRes.body as Buffer);
    const firstRes = await still(body, { frame: 0 }).expect(200);
    expect(firstRes.headers['x-preview-frame']).toBe('0');
    fs.writeFileSync(path.join(SHOTS, 'lisbon-new-york-16x9-first.png'), firstRes.body as Buffer);
    const first = PNG.sync.read(firstRes.body as Buffer);
    expect([byDefault.width, byDefault.height]).toEqual([1280, 720]);

    const differing = (a: PNG, b: PNG) => pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1 });
    expect(differing(byDefault, last)).toBe(0);
    // The first frame is another picture (the route not yet drawn): the frame really is the one asked for.
    expect(differing(first, last)).toBeGreaterThan(1280 * 720 * 0.01);
  }, 120_000);

  it('refuses a frame outside 0..duration_in_frames-1 with a coded VALIDATION_ERROR, drawing nothing', async () => {
    const body = renderBody({ duration: 3 }); // 90 frames: 0..89
    const past = await still(body, { frame: 90 }).expect(400);
    const error = JSON.parse((past.body as Buffer).toString('utf8'));
    expect(past.headers['content-type']).toMatch(/^application\/json/);
    expect(error).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      issues: [{ field: 'frame', code: 'too_big', message: expect.stringContaining('0 to 89') }],
    });
    const negative = JSON.parse(((await still(body, { frame: -1 }).expect(400)).body as Buffer).toString('utf8'));
    expect(negative.issues).toEqual([expect.objectContaining({ field: 'frame', code: 'too_small' })]);
    const text = JSON.parse(((await still(body, { frame: 'last' }).expect(400)).body as Buffer).toString('utf8'));
    expect(text.issues).toContainEqual(expect.objectContaining({ field: 'frame', code: 'invalid_type' }));
    expect(text.issues.map((issue: { field: string }) => issue.field)).toEqual(text.issues.map(() => 'frame'));
    await still(body, { frame: 89 }).expect(200);
  }, 60_000);

  it('refuses what POST /v1/render/preview refuses, with the same status and body', async () => {
    const bodies: object[] = [
      renderBody({ camera: { preset: 'drone' } }),
      renderBody({ duration: 46 }), // past the largest plan's 45 s
      { mode: 'region_focus', region_focus: { region: 'Portugall' } },
      renderBody({ unknown_field: 1 }),
      renderBody({
        transport: 'ship',
        waypoints: [
          { lat: 47.92, lng: 106.92, label: 'Ulaanbaatar' },
          { lat: 39.74, lng: -104.99, label: 'Denver' },
        ],
      }),
    ];
    const statuses: number[] = [];
    for (const body of bodies) {
      const expected = await preview(body);
      const got = await still(body);
      expect(expected.status).toBeGreaterThanOrEqual(400);
      expect(got.status).toBe(expected.status);
      expect(withoutRequestId(JSON.parse((got.body as Buffer).toString('utf8')))).toEqual(withoutRequestId(expected.body));
      statuses.push(got.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 422]);

    const notJson = await t.http
      .post('/v1/render/preview/still')
      .auth(account.liveKey, bearer)
      .set('Content-Type', 'text/plain')
      .send('waypoints')
      .expect(415);
    expect(notJson.body.error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const noKey = await t.http.post('/v1/render/preview/still').send(renderBody()).expect(401);
    expect(noKey.body.error_code).toBeDefined();
  }, 120_000);

  it('draws what the plan cannot render yet, as the preview shows it: 15 s at 1080p on Free', async () => {
    const body = renderBody({ duration: 15, resolution: '1080p' });
    const previewed = (await preview(body).expect(200)).body;
    expect(previewed.render_allowed).toBe(false);
    const res = await still(body, { frame: 0 }).expect(200);
    const png = PNG.sync.read(res.body as Buffer);
    expect([png.width, png.height]).toEqual([1920, 1080]);
    await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body).expect(400);
  }, 120_000);

  it('draws one still at a time with a short line: beyond it, at once, 429 PREVIEW_STILL_BUSY with Retry-After', async () => {
    const body = renderBody({ duration: 3 });
    // Seven accounts, one still each: one drawn, four waiting at most, the rest refused up front.
    const accounts = await Promise.all(
      Array.from({ length: 7 }, () => createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } })),
    );
    const answers = await Promise.all(accounts.map((caller) => still(body, {}, caller.liveKey)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(2); // 7 requests: 1 drawing + 4 waiting at most
    for (const res of refused) {
      const error = JSON.parse((res.body as Buffer).toString('utf8'));
      expect(error).toMatchObject({ error_code: 'PREVIEW_STILL_BUSY', retry_after_seconds: expect.any(Number) });
      expect(error.retry_after_seconds).toBeGreaterThanOrEqual(1);
      expect(res.headers['retry-after']).toBe(String(error.retry_after_seconds));
    }
    // Once the line has drained, stills are drawn again.
    await still(body).expect(200);
  }, 240_000);

  it('gives an account one still in flight: a burst from one account leaves another account’s still to be drawn', async () => {
    const body = renderBody({ duration: 3 });
    const [greedy, other] = await Promise.all(
      [1, 2].map(() => createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000, preview_stills_per_minute: 1000 } })),
    );
    const burst = Promise.all(Array.from({ length: 6 }, () => still(body, {}, greedy.liveKey)));
    // The other account's still arrives once the burst is in flight (its account's mark is set), and is drawn (it
    // waits behind one still at most).
    const redis = t.app.get<Redis>(REDIS);
    const greedyMark = t.app.get(RedisKeys).key('preview-stills', 'in-flight', greedy.id);
    while (!(await redis.exists(greedyMark))) await new Promise((resolve) => setTimeout(resolve, 10));
    const others = await still(body, {}, other.liveKey);
    const greedyAnswers = await burst;
    expect(others.status).toBe(200);
    const statuses = greedyAnswers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429]);
    for (const res of greedyAnswers.filter((r) => r.status === 429)) {
      expect(res.headers['retry-after']).toBe('2');
      expect(JSON.parse((res.body as Buffer).toString('utf8'))).toMatchObject({
        error_code: 'PREVIEW_STILL_IN_PROGRESS',
        message: expect.stringContaining('one at a time'),
      });
    }
    // The mark is gone once the still has arrived: the next one is drawn.
    await still(body, {}, greedy.liveKey).expect(200);
  }, 240_000);

  it('draws the plan’s stills a minute, then 429 PREVIEW_STILL_LIMIT_EXCEEDED with Retry-After; a refused body spends none', async () => {
    const body = renderBody({ duration: 3 });
    const limited = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000, preview_stills_per_minute: 2 } });
    // A body the checks refuse is not drawn, and does not count.
    await still(renderBody({ duration: 3, fps: 7 }), {}, limited.liveKey).expect(400);
    await still(body, {}, limited.liveKey).expect(200);
    await still(body, {}, limited.liveKey).expect(200);
    const over = await still(body, {}, limited.liveKey).expect(429);
    const error = JSON.parse((over.body as Buffer).toString('utf8'));
    expect(error).toMatchObject({ error_code: 'PREVIEW_STILL_LIMIT_EXCEEDED', limit: 2, retry_after_seconds: expect.any(Number) });
    expect(error.retry_after_seconds).toBeGreaterThan(0);
    expect(error.retry_after_seconds).toBeLessThanOrEqual(60);
    expect(over.headers['retry-after']).toBe(String(error.retry_after_seconds));
    // The plan's figure is on the account.
    const { limits } = (await t.http.get('/v1/account').auth(limited.liveKey, bearer).expect(200)).body;
    expect(limits.preview_stills_per_minute).toBe(2);
  }, 120_000);

  it('draws stills for accounts with a verified e-mail only: 403 EMAIL_NOT_VERIFIED, nothing counted', async () => {
    const unverified = await createAccount(t, { tier: 'free', verified: false, keys: false });
    const res = await still(renderBody({ duration: 3 }), {}, unverified.accessToken).expect(403);
    expect(JSON.parse((res.body as Buffer).toString('utf8'))).toMatchObject({ error_code: 'EMAIL_NOT_VERIFIED' });
  }, 60_000);

  it('counts the stills of one network address across its accounts: past the limit, 429 PREVIEW_STILL_LIMIT_EXCEEDED', async () => {
    const body = renderBody({ duration: 3 });
    const accounts = await Promise.all(
      Array.from({ length: STILLS_PER_SOURCE + 1 }, () =>
        createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000, preview_stills_per_minute: 1000 } }),
      ),
    );
    // IPv6 addresses of one /64 are one source.
    const sources = ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::9', '2001:db8:5:6::abcd'];
    for (let i = 0; i < STILLS_PER_SOURCE; i += 1) await still(body, {}, accounts[i].liveKey, sources[i]).expect(200);
    const over = await still(body, {}, accounts[STILLS_PER_SOURCE].liveKey, sources[STILLS_PER_SOURCE]).expect(429);
    const error = JSON.parse((over.body as Buffer).toString('utf8'));
    expect(error).toMatchObject({
      error_code: 'PREVIEW_STILL_LIMIT_EXCEEDED',
      limit: STILLS_PER_SOURCE,
      message: expect.stringContaining('network address'),
    });
    expect(over.headers['retry-after']).toBe(String(error.retry_after_seconds));
    // Another network draws.
    await still(body, {}, accounts[STILLS_PER_SOURCE].liveKey, '2001:db8:5:7::1').expect(200);
  }, 120_000);

  it('draws a still above the plan’s resolution at 1080p at most: 4K 9:16 on Free is 1080 × 1920', async () => {
    const res = await still(renderBody({ duration: 3, resolution: '4k', aspect_ratio: '9:16' }), { frame: 0 }).expect(200);
    const png = PNG.sync.read(res.body as Buffer);
    expect([png.width, png.height]).toEqual([1080, 1920]);
  }, 120_000);

  it('closes its browser after the idle period and removes its temp folder; the next still starts a new one', async () => {
    await still(renderBody({ duration: 3 })).expect(200);
    expect(browsersIn(stillsDir).length).toBeGreaterThan(0);
    const drawnAt = Date.now();
    // The browser closes by itself once it has been idle for IDLE_MS (not before), and its folder goes with it.
    expect(await noBrowsersLeftIn(stillsDir, 60_000)).toEqual([]);
    expect(Date.now() - drawnAt).toBeGreaterThanOrEqual(IDLE_MS / 2);
    const folderGoneBy = Date.now() + 30_000;
    while (fs.existsSync(stillsDir) && Date.now() < folderGoneBy) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.existsSync(stillsDir)).toBe(false);
    await still(renderBody({ duration: 3 })).expect(200);
    expect(browsersIn(stillsDir).length).toBeGreaterThan(0);
  }, 120_000);

  it('on shutdown leaves no browser and no temp files behind', async () => {
    await still(renderBody({ duration: 3 })).expect(200);
    expect(fs.existsSync(stillsDir)).toBe(true);
    await t.close();
    expect(await noBrowsersLeftIn(stillsDir)).toEqual([]);
    expect(fs.existsSync(stillsDir)).toBe(false);
    t = undefined as unknown as TestApp;
  }, 120_000);
});
