/**
 * Contract §18: a job split into frame ranges rendered by two worker processes and joined into one MP4. The
 * workers are real processes (`src/worker.ts`, as in worker-crash.e2e-spec.ts) sharing the test app's database,
 * Redis prefix and storage folder; their log lines (pino JSON on stdout) say who rendered what.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Redis from 'ioredis';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { DataSource } from 'typeorm';
import { RenderJob } from '../src/modules/rendering/testing';
import {
  defaultBundleDir,
  ffprobePath,
  InPageFirstRenderer,
  InPageRenderer,
  probeVideo,
  RemotionRenderer,
} from '../src/modules/rendering/renderer';
import { AccountEvent, WebhookDelivery } from '../src/modules/webhooks/testing';
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhooks';
import { spawnWorker, until, WorkerProcess } from './support/worker-process';

const bearer = { type: 'bearer' } as const;

/**
 * 3 s (the shortest) at 24 fps, 720x720: 72 frames; with RENDER_CHUNK_FRAMES 36 and two slots alive, two chunks of 36
 * (the page's four chunks a slot would be 9 frames each: RENDER_CHUNK_FRAMES keeps them at 36).
 */
const body = (extra: Record<string, unknown> = {}) => ({
  waypoints: [
    { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
    { lat: 48.8566, lng: 2.3522, label: 'Paris' },
  ],
  duration: 3,
  fps: 24,
  aspect_ratio: '1:1',
  ...extra,
});
const FRAMES = 72;
const BOUNDARY = 36;

/**
 * Workers of this file split jobs of more than 36 frames in two; the sweep stays off (its own test is in
 * renders.e2e-spec.ts). Their queue lock is 10 s rather than the e2e workers' 4 s: the test counts each chunk's
 * timings exactly, and with the test command's three streams on two cores a worker's first job (its modules loaded
 * and compiled as it starts rendering) held its event loop past a 4 s lock, so the queue handed the job entry out
 * again and the chunks were taken twice (the second time reusing the stored file). A killed worker's chunk is still
 * taken up within the test's bounds.
 */
const startWorker = (t: TestApp, env: Record<string, string> = {}): WorkerProcess =>
  spawnWorker(t, { RENDER_CHUNK_FRAMES: '36', RENDER_QUEUE_SWEEP_SECONDS: '0', RENDER_LOCK_SECONDS: '10', ...env });

const ffmpeg = join(dirname(ffprobePath()), 'ffmpeg');
/** Frame `n` (0-based, in decoding order) of an MP4 as a PNG image. */
function frameOf(file: string, n: number, outDir: string): PNG {
  const out = join(outDir, `${n}-${Math.random().toString(36).slice(2)}.png`);
  execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-vf', `trim=start_frame=${n}:end_frame=${n + 1}`, '-vframes', '1', '-y', out], {
    env: { ...process.env, LD_LIBRARY_PATH: dirname(ffmpeg) },
  });
  return PNG.sync.read(readFileSync(out));
}
/** Share of pixels that differ beyond anti-aliasing noise (the threshold golden-stills uses). */
const difference = (a: PNG, b: PNG) => pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.12 }) / (a.width * a.height);

describe('a job split into chunks across two worker processes (contract §18)', () => {
  let t: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  let redis: Redis;
  let scratch: string;
  const workers: WorkerProcess[] = [];
  const storageDir = () => (t.config.storage as { dir: string }).dir;
  const jobs = () => t.app.get(DataSource).getRepository(RenderJob);
  const allLines = () => workers.flatMap((w) => w.lines);
  const timingsOf = (jobId: string) => allLines().filter((l) => l.msg === 'Render timings' && l.job_id === jobId);
  const aliveWorkers = () => redis.zcount(`${t.config.redis.keyPrefix}:render-workers`, Date.now() - 4000, '+inf');

  const submit = async (extra: Record<string, unknown> = {}) =>
    (await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body(extra)).expect(202)).body.job_id as string;
  const ended = (jobId: string, timeoutMs = 90_000) =>
    until(
      async () => {
        const job = await jobs().findOneByOrFail({ id: jobId });
        return ['complete', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      timeoutMs,
      `job ${jobId} to end`,
    );
  /** What the job left in storage and Redis besides its final files. */
  const leftovers = async (jobId: string) => ({
    chunkFiles: existsSync(join(storageDir(), 'render-chunks', jobId)) ? readdirSync(join(storageDir(), 'render-chunks', jobId)) : [],
    redisKeys: await redis.keys(`${t.config.redis.keyPrefix}:render-chunks:${jobId}*`),
  });
  const eventsOf = (jobId: string) => t.app.get(DataSource).getRepository(AccountEvent).countBy({ jobId });
  /**
   * Waits until the job's webhooks are all sent: at least one delivery recorded, none still pending (delivered, or
   * failed for good). A job ends once (a conditional UPDATE), and its deliveries are recorded with its end; so once
   * the last entry of the job has logged its timings and no delivery is pending, no other webhook can come, and
   * "exactly one" is counted after that moment, not after a guessed pause.
   */
  const deliveriesSettled = (jobId: string) =>
    until(
      async () => {
        const rows = await t.app.get(DataSource).getRepository(WebhookDelivery).findBy({ jobId });
        return rows.length > 0 && rows.every((row) => row.status !== 'pending') ? rows : undefined;
      },
      30_000,
      `the webhooks of ${jobId} to be sent`,
    );

  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'api' });
    account = await createAccount(t, { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 1000 } });
    receiver = await WebhookReceiver.start();
    redis = new Redis(t.config.redis.url!);
    scratch = mkdtempSync(join(tmpdir(), 'mapr-chunks-'));
    workers.push(startWorker(t), startWorker(t));
    await until(async () => ((await aliveWorkers()) === 2 ? true : undefined), 60_000, 'both workers to beat');
  }, 90_000);

  afterAll(async () => {
    for (const w of workers) if (w.process.exitCode === null) w.process.kill('SIGKILL');
    await receiver.close();
    await redis.quit();
    rmSync(scratch, { recursive: true, force: true });
    await t.close();
  });

  it('joins the chunks into the video one worker would make: same frames, duration and size, identical at the boundary', async () => {
    const path = '/hooks/split';
    const jobId = await submit({ webhook_url: receiver.url(path) });
    const progress: number[] = [];
    const done = await until(
      async () => {
        const job = await jobs().findOneByOrFail({ id: jobId });
        progress.push(job.progress);
        return ['complete', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      90_000,
      'the split job to end',
    );
    expect(done.status).toBe('complete');
    // Progress is the sum of the chunks: it rose in steps between 0 and 1 and never went back.
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
    expect(progress.some((p) => p > 0 && p < 1)).toBe(true);

    // Both workers rendered a chunk; the join logged its own phases.
    await until(() => (timingsOf(jobId).some((l) => l.entry === 'join') ? true : undefined), 10_000, 'the join timings');
    const chunks = timingsOf(jobId).filter((l) => l.entry === 'chunk' && l.outcome === 'complete');
    expect(chunks.map((l) => l.chunk).sort()).toEqual([0, 1]);
    expect(new Set(chunks.map((l) => l.pid)).size).toBe(2);
    // Rendered in the page (contract §23), as the whole video would be.
    expect(chunks.map((l) => l.details?.engine)).toEqual(['in_page', 'in_page']);
    const join_ = timingsOf(jobId).find((l) => l.entry === 'join')!;
    expect(join_.outcome).toBe('complete');
    expect(Object.keys(join_.phases!)).toEqual(expect.arrayContaining(['download', 'combine', 'probe', 'storage', 'complete']));

    const joined = join(storageDir(), 'renders', `${jobId}.mp4`);
    const reference = join(scratch, 'unsplit.mp4');
    const { props } = (await t.http.post('/v1/render/preview').auth(account.liveKey, bearer).send(body()).expect(200)).body;
    // The video one worker would make: the engine a worker slot uses (the page, for this job).
    const renderer = new InPageFirstRenderer(
      new InPageRenderer({ bundleDir: defaultBundleDir(), tempDir: join(scratch, 'in-page') }),
      new RemotionRenderer({ bundleDir: defaultBundleDir(), tempDir: join(scratch, 'renderer') }),
    );
    try {
      await renderer.render({ props, videoPath: reference, thumbnailPath: join(scratch, 'unsplit.jpg') });
    } finally {
      await renderer.stop();
    }
    const [a, b] = await Promise.all([probeVideo(joined), probeVideo(reference)]);
    expect(a).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', width: 720, height: 720, frames: FRAMES });
    expect({ ...a, sizeBytes: 0 }).toEqual({ ...b, sizeBytes: 0 });
    expect(done).toMatchObject({ durationSeconds: 3, resolution: '720x720' });

    // The last frame of chunk 0 and the first of chunk 1 are the unsplit render's, not repeated, dropped or blended.
    for (const n of [BOUNDARY - 1, BOUNDARY]) {
      expect(difference(frameOf(joined, n, scratch), frameOf(reference, n, scratch))).toBeLessThan(0.004);
    }
    expect(difference(frameOf(joined, BOUNDARY - 1, scratch), frameOf(joined, BOUNDARY, scratch))).toBeGreaterThan(0.004);
    expect(existsSync(join(storageDir(), 'renders', `${jobId}_thumb.jpg`))).toBe(true);

    // One end: one webhook, one account event; nothing of the chunks left. The join (the last entry) has logged.
    expect(await deliveriesSettled(jobId)).toHaveLength(1);
    expect(receiver.on(path)).toHaveLength(1);
    expect(JSON.parse(receiver.on(path)[0].body)).toMatchObject({ event: 'render.complete', job_id: jobId });
    expect(await eventsOf(jobId)).toBe(1);
    expect(await leftovers(jobId)).toEqual({ chunkFiles: [], redisKeys: [] });
  }, 150_000);

  it('completes a job whose worker died mid-chunk: the other worker takes the chunk up', async () => {
    // The victim kills itself once its chunk's frames are all captured, before the chunk is stored (the failpoint): a
    // crash mid-chunk however fast the machine renders, where a kill from here could come after the chunk was done.
    const [first, survivor] = workers;
    first.process.kill('SIGKILL');
    await until(async () => ((await aliveWorkers()) === 1 ? true : undefined), 30_000, 'the first worker to drop out');
    const victim = startWorker(t, { MAPR_FAILPOINTS: 'renderer.encoding=kill' });
    workers.push(victim);
    try {
      await until(async () => ((await aliveWorkers()) === 2 ? true : undefined), 60_000, 'the victim to beat beside the survivor');
      const path = '/hooks/killed';
      const jobId = await submit({ webhook_url: receiver.url(path) });
      const done = await ended(jobId);
      expect(done.status).toBe('complete');
      expect((await probeVideo(join(storageDir(), 'renders', `${jobId}.mp4`))).frames).toBe(FRAMES);
      // The victim took a chunk and died at its failpoint; the survivor rendered both chunks, the victim's taken up.
      expect(victim.process.signalCode).toBe('SIGKILL');
      const survived = timingsOf(jobId).filter((l) => l.entry === 'chunk' && l.outcome === 'complete' && l.pid === survivor.process.pid);
      expect(survived.map((l) => l.chunk).sort()).toEqual([0, 1]);
      await until(() => (timingsOf(jobId).some((l) => l.entry === 'join') ? true : undefined), 10_000, 'the join timings');
      expect(await deliveriesSettled(jobId)).toHaveLength(1);
      expect(receiver.on(path)).toHaveLength(1);
      expect(await eventsOf(jobId)).toBe(1);
      expect(await leftovers(jobId)).toEqual({ chunkFiles: [], redisKeys: [] });
    } finally {
      // A fresh second worker for the tests that follow, whatever happened above.
      if (victim.process.exitCode === null && victim.process.signalCode === null) victim.process.kill('SIGKILL');
      await until(async () => ((await aliveWorkers()) === 1 ? true : undefined), 30_000, 'the victim to drop out');
      workers.push(startWorker(t));
      await until(async () => ((await aliveWorkers()) === 2 ? true : undefined), 60_000, 'two workers alive again');
    }
  }, 240_000);

  it('stops every chunk of a cancelled job and leaves nothing behind', async () => {
    // Full HD frames (the same 72, in the same two chunks): each chunk takes a while longer to draw, which leaves the
    // test a window of more than its 200 ms polls with both chunks mid-frames, however fast the machine renders.
    const jobId = await submit({ aspect_ratio: '16:9', resolution: '1080p' });
    // Cancelled once both chunks have recorded frames and one of them is still mid-frames. The second worker was
    // started by the test before (its first render launches its browser), so on a loaded machine the other chunk may
    // be done by then; an entry taken after the cancel would skip itself without a timings line.
    const framesAtCancel = await until(
      async () => {
        const frames = await redis.hgetall(`${t.config.redis.keyPrefix}:render-chunks:${jobId}:frames`);
        const done = [Number(frames['0']), Number(frames['1'])];
        return done.every((n) => n > 0) && done.some((n) => n < BOUNDARY) ? done : undefined;
      },
      90_000,
      'both chunks to have started, one still rendering',
    );
    await t.http.delete(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
    const stopped = await until(
      () => {
        const lines = timingsOf(jobId).filter((l) => l.entry === 'chunk');
        return lines.length === 2 ? lines : undefined;
      },
      30_000,
      'both chunks to stop',
    );
    // A chunk mid-frames at the cancel stopped there: cancelled, not finished.
    const outcomeOf = (chunk: number) => stopped.find((l) => l.chunk === chunk)?.outcome;
    for (const chunk of [0, 1]) if (framesAtCancel[chunk] < BOUNDARY) expect(outcomeOf(chunk)).toBe('cancelled');
    expect(new Set(stopped.map((l) => l.pid)).size).toBe(2);
    expect((await jobs().findOneByOrFail({ id: jobId })).status).toBe('cancelled');
    // Both chunk entries have ended (their lines above): what is left now stays, so wait for it to be gone.
    await until(
      async () => {
        const left = await leftovers(jobId);
        return left.chunkFiles.length === 0 && left.redisKeys.length === 0 ? true : undefined;
      },
      10_000,
      `the chunks of ${jobId} to be discarded`,
    );
    expect(readdirSync(join(storageDir(), 'renders')).filter((f) => f.startsWith(jobId))).toEqual([]);
  }, 150_000);

  it('fails a job once, with one code and one webhook, however many chunks failed; the render is given back', async () => {
    const path = '/hooks/failed';
    const before = (await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200)).body.renders_used as number;
    const jobId = await submit({ webhook_url: receiver.url(path) });
    // A file where the chunks' folder should be: every chunk's upload fails (STORAGE_ERROR).
    mkdirSync(join(storageDir(), 'render-chunks'), { recursive: true });
    writeFileSync(join(storageDir(), 'render-chunks', jobId), 'in the way');
    const done = await ended(jobId);
    expect(done).toMatchObject({ status: 'failed', errorCode: 'STORAGE_ERROR' });
    // The chunks that ran failed (or, told of the failure, stopped); a chunk taken after the failure skips itself.
    const chunkLines = await until(
      () => {
        const lines = timingsOf(jobId).filter((l) => l.entry === 'chunk');
        return lines.some((l) => l.outcome === 'failed') ? lines : undefined;
      },
      15_000,
      'a failed chunk',
    );
    expect(chunkLines.every((l) => ['failed', 'cancelled'].includes(l.outcome!))).toBe(true);
    expect(await deliveriesSettled(jobId)).toHaveLength(1);
    expect(receiver.on(path)).toHaveLength(1);
    expect(JSON.parse(receiver.on(path)[0].body)).toMatchObject({ event: 'render.failed', job_id: jobId, error: 'STORAGE_ERROR' });
    expect(await eventsOf(jobId)).toBe(1);
    const usage = (await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200)).body;
    expect(usage.renders_used).toBe(before);
    expect(await redis.keys(`${t.config.redis.keyPrefix}:render-chunks:${jobId}*`)).toEqual([]);
  }, 90_000);

  it('renders both chunks side by side in one worker process with two slots, each in its own browser', async () => {
    // The two workers go (killed: their heartbeats lapse within 4 s); one worker with WORKER_CONCURRENCY 2 takes over.
    for (const w of workers) if (w.process.exitCode === null) w.process.kill('SIGKILL');
    await until(async () => ((await aliveWorkers()) === 0 ? true : undefined), 30_000, 'the killed workers to drop out');
    const twoSlots = startWorker(t, { WORKER_CONCURRENCY: '2' });
    workers.push(twoSlots);
    await until(async () => ((await aliveWorkers()) === 1 ? true : undefined), 60_000, 'the two-slot worker to beat');

    const jobId = await submit();
    const done = await ended(jobId);
    expect(done.status).toBe('complete');
    expect((await probeVideo(join(storageDir(), 'renders', `${jobId}.mp4`))).frames).toBe(FRAMES);
    await until(() => (timingsOf(jobId).some((l) => l.entry === 'join') ? true : undefined), 10_000, 'the join timings');
    const chunks = timingsOf(jobId).filter((l) => l.entry === 'chunk' && l.outcome === 'complete');
    expect(chunks.map((l) => l.chunk).sort()).toEqual([0, 1]);
    expect(chunks.every((l) => l.pid === twoSlots.process.pid)).toBe(true);
    // Side by side, not one after the other: the job took less than its two chunks back to back.
    const chunkMs = chunks.reduce((sum, l) => sum + (l.total_ms ?? 0), 0);
    expect(done.completedAt!.getTime() - done.startedAt!.getTime()).toBeLessThan(chunkMs);
  }, 150_000);
});
