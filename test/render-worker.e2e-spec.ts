import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { probeVideo } from '../src/modules/rendering/renderer';
import { RENDERER } from '../src/modules/rendering/testing';
import { verifyWebhook } from '../src/modules/webhooks/testing';
import { FakeRenderer } from './support/fake-renderer';
import { createAccount, startTestApp, TestApp, TestAccount } from './support/test-app';
import { WebhookReceiver, waitFor } from './support/webhooks';

const bearer = { type: 'bearer' } as const;

async function waitForJob(t: TestApp, key: string, jobId: string, until: (job: Record<string, unknown>) => boolean, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.http.get(`/v1/render/${jobId}`).auth(key, bearer).expect(200);
    if (until(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status} (progress ${res.body.progress})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
const ended = (job: Record<string, unknown>) => ['complete', 'failed', 'cancelled'].includes(job.status as string);

interface TimingsLine {
  job_id: string;
  outcome: string;
  total_ms: number;
  phases: Record<string, number>;
  details?: Record<string, unknown>;
}

/**
 * The `Render timings` lines the app logs (Nest's Logger, whatever it writes to), from now until the suite ends.
 * The line is written after the job's final state, so a test waits for it.
 */
function renderTimingsLines() {
  const spy = jest.spyOn(Logger.prototype, 'log');
  const lines = () => spy.mock.calls.filter((call) => call[1] === 'Render timings').map((call) => call[0] as unknown as TimingsLine);
  return {
    of: async (jobId: string): Promise<TimingsLine> => {
      const [line] = await waitFor(
        () => lines().filter((l) => l.job_id === jobId),
        (found) => found.length > 0,
      );
      expect(lines().filter((l) => l.job_id === jobId)).toHaveLength(1);
      for (const ms of [line.total_ms, ...Object.values(line.phases)]) expect(ms).toBeGreaterThanOrEqual(0);
      return line;
    },
    restore: () => spy.mockRestore(),
  };
}

/** A short, small render: 3 s of 720x720 at 24 fps. */
const smallRender = (extra: Record<string, unknown> = {}) => ({
  waypoints: [
    { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
    { lat: 48.8566, lng: 2.3522, label: 'Paris' },
  ],
  duration: 3,
  fps: 24,
  aspect_ratio: '1:1',
  ...extra,
});

// Both engines (RENDER_ENGINE): the job below (flat camera, 720x720) is rendered in the page by default (ADR 0015).
describe.each(['in_page', 'screenshots'] as const)('Render worker (RENDER_ENGINE=%s): from queued job to a real MP4', (engine) => {
  let t: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  let timings: ReturnType<typeof renderTimingsLines>;
  beforeAll(async () => {
    timings = renderTimingsLines();
    t = await startTestApp({ MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '120', RENDER_ENGINE: engine });
    account = await createAccount(t, { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 1000 } });
    receiver = await WebhookReceiver.start();
  }, 120_000);
  afterAll(async () => {
    timings.restore();
    await receiver.close();
    await t.close();
  });

  it('renders a job to complete; the record matches the real file, which the CDN serves; the webhook arrives signed', async () => {
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(smallRender({ webhook_url: receiver.url() }))
      .expect(202);
    const job = await waitForJob(t, account.liveKey, created.body.job_id, ended);
    expect(job).toMatchObject({ status: 'complete', progress: 1, resolution: '720x720', duration_seconds: 3 });
    expect(job.video_url).toBe(`${t.config.http.cdnUrl}/renders/${created.body.job_id}.mp4`);
    expect(new Date(job.expires_at as string).getTime() - new Date(job.completed_at as string).getTime()).toBe(7 * 24 * 3600_000);

    const file = join(t.config.storage.driver === 'local' ? t.config.storage.dir : '', 'renders', `${created.body.job_id}.mp4`);
    expect(statSync(file).size).toBe(job.file_size_bytes);
    const probed = await probeVideo(file);
    expect(probed.width).toBe(720);
    expect(probed.height).toBe(720);
    expect(Math.round(probed.durationSeconds)).toBe(job.duration_seconds);

    const video = await t.http.get(new URL(job.video_url as string).pathname).expect(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(Number(video.headers['content-length'])).toBe(job.file_size_bytes);
    const thumb = await t.http.get(new URL(job.thumbnail_url as string).pathname).expect(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');

    const route = await t.http.get(`/v1/render/${created.body.job_id}/route`).auth(account.liveKey, bearer).expect(200);
    expect(route.body).toMatchObject({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'LineString' }, properties: { leg: 0, from: 'Lisbon', to: 'Paris', mode: 'great-circle' } },
      ],
    });
    expect(route.body.distance_km).toBeGreaterThan(1400);
    expect(route.body.distance_km).toBeLessThan(1500);
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(1);

    const [hook] = await waitFor(
      () => receiver.received,
      (r) => r.length > 0,
    );
    const { secret } = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body;
    expect(verifyWebhook(hook.body, hook.headers, secret)).toBe(true);
    const {
      progress: _progress,
      started_at: _s,
      cancelled_at: _c,
      estimated_duration_seconds: _e,
      batch_id: _b,
      request: _r,
      status_url: _u,
      camera_notes: _n,
      ...webhookFields
    } = job;
    expect(JSON.parse(hook.body)).toEqual({ event: 'render.complete', ...webhookFields });

    // Where its time went: the worker's phases around the renderer's, in the order they happened.
    const line = await timings.of(created.body.job_id);
    expect(line.outcome).toBe('complete');
    const names = Object.keys(line.phases);
    expect(line.phases).not.toHaveProperty('render');
    if (engine === 'in_page') {
      const inOrder = ['queue_wait', 'claim', 'routing', 'props', 'browser', 'frames', 'probe'];
      expect(names.filter((name) => inOrder.includes(name))).toEqual(inOrder);
      expect(names.slice(names.indexOf('probe') + 1)).toEqual(expect.arrayContaining(['storage', 'complete', 'cleanup']));
      // No screenshot path at all: its phases are absent, and the page drew and encoded the frames itself.
      for (const phase of ['first_frame', 'encode', 'mux', 'thumbnail']) expect(line.phases).not.toHaveProperty(phase);
      expect(line.details).toMatchObject({
        engine: 'in_page',
        browser_launched: true,
        frames: 72,
        in_page_draw_ms: expect.any(Number),
        in_page_encode_ms: expect.any(Number),
      });
    } else {
      const inOrder = ['queue_wait', 'claim', 'routing', 'props', 'browser', 'first_frame', 'frames', 'encode'];
      expect(names.filter((name) => inOrder.includes(name))).toEqual(inOrder);
      expect(names.slice(names.indexOf('encode') + 1)).toEqual(
        expect.arrayContaining(['probe', 'temp_cleanup', 'storage', 'complete', 'cleanup']),
      );
      // The encoder wrote the thumbnail (thumbnail-output.ts) when it encoded alongside capture: no second screenshot.
      if (line.details?.parallel_encoding) expect(line.phases).not.toHaveProperty('thumbnail');
      // The first job of this worker launched its browser; 3 s at 24 fps.
      expect(line.details).toMatchObject({
        browser_launched: true,
        frames: 72,
        parallel_encoding: expect.any(Boolean),
        thumbnail_from_encoder: true,
      });
      expect(line.details).not.toHaveProperty('engine');
    }
    expect(line.phases.frames).toBeGreaterThan(0);
  }, 180_000);
});

/** Everything but the pixels: the renderer is a fake that honours progress, abort and timeout. */
describe('Render worker: routing failures and cancellation', () => {
  let t: TestApp;
  let account: TestAccount;
  let timings: ReturnType<typeof renderTimingsLines>;
  beforeAll(async () => {
    timings = renderTimingsLines();
    t = await startTestApp(
      { MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '120' },
      { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 20 }) }] },
    );
    account = await createAccount(t, { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 1000 } });
  }, 120_000);
  afterAll(async () => {
    timings.restore();
    await t.close();
  });

  it('fails a sea leg that starts far inland with MARITIME_ROUTE_ERROR before rendering, and gives the render back', async () => {
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(
        smallRender({
          transport: 'ship',
          waypoints: [
            { lat: 47.92, lng: 106.92, label: 'Ulaanbaatar' },
            { lat: 39.74, lng: -104.99, label: 'Denver' },
          ],
        }),
      )
      .expect(202);
    const job = await waitForJob(t, account.liveKey, created.body.job_id, ended);
    expect(job).toMatchObject({ status: 'failed', error: 'MARITIME_ROUTE_ERROR', failed_at: expect.any(String) });
    expect(job.message).toMatch(/Leg 1 \(Ulaanbaatar → Denver\)/);
    expect(job.started_at).not.toBeNull();
    // This account's only render failed: it was given back.
    const used = (await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used;
    expect(used).toBe(0);
    // Its timings stop where it failed.
    const line = await timings.of(created.body.job_id);
    expect(line.outcome).toBe('failed');
    expect(Object.keys(line.phases)).toEqual(['queue_wait', 'claim', 'routing', 'fail', 'cleanup']);
  }, 60_000);

  it('stops a processing job within moments when it is cancelled, and gives the render back', async () => {
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(smallRender({ duration: 30, fps: 30, aspect_ratio: '16:9' }))
      .expect(202);
    const jobId = created.body.job_id as string;
    // The render's own pace, measured on this machine in this run: two progress readings some frames apart.
    const progressOf = (j: Record<string, unknown>) => j.progress as number;
    const first = await waitForJob(t, account.liveKey, jobId, (j) => j.status === 'processing' && progressOf(j) > 0);
    const firstAt = Date.now();
    const second = await waitForJob(t, account.liveKey, jobId, (j) => progressOf(j) >= progressOf(first) + 0.08);
    const cancelledAt = Date.now();
    const progressPerMs = (progressOf(second) - progressOf(first)) / (cancelledAt - firstAt);
    const restOfRenderMs = (1 - progressOf(second)) / progressPerMs;
    const before = (await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used;
    await t.http.delete(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
    // The worker is free again: a new job starts, long before the cancelled render could have ended had it gone on
    // (a ratio of this run's own figures, so a slow machine does not change the verdict).
    const next = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(smallRender()).expect(202);
    const nextJob = await waitForJob(t, account.liveKey, next.body.job_id, (j) => j.status !== 'queued');
    expect(Date.now() - cancelledAt).toBeLessThan(restOfRenderMs / 2);
    expect(nextJob.status).not.toBe('queued');
    const job = await waitForJob(t, account.liveKey, jobId, ended);
    expect(job.status).toBe('cancelled');
    expect((await timings.of(jobId)).outcome).toBe('cancelled');
    expect(existsSync(join((t.config.storage as { dir: string }).dir, 'renders', `${jobId}.mp4`))).toBe(false);
    // The cancelled job gave its render back; the next job took one.
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(before);
    await waitForJob(t, account.liveKey, next.body.job_id, ended);
  }, 180_000);
});
