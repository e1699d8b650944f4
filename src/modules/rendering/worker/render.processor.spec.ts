import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { processScratchDir } from '../../../common/util/process-scratch';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { AppConfig } from '../../../config';
import type { RedisKeys } from '../../../infrastructure/redis/redis.module';
import type { StoragePort } from '../../../infrastructure/storage/storage.port';
import { RoadRouter, RoutePlanner, RoutingError } from '../../routing';
import type { CreateRenderDto } from '../dto/create-render.dto';
import type { JobStatus, RenderJob } from '../entities/render-job.entity';
import { JobFailure } from '../errors/rendering.errors';
import type { CompletedRender, JobFailureRecord, JobLifecycle } from '../jobs/job-lifecycle.service';
import type { RenderQueue, RenderQueueConsumer, RenderTask } from '../jobs/render-queue';
import { RenderCancelledError, Renderer, RenderVideoInput } from '../renderer';
import { parseRenderBody } from '../request/render-request.parser';
import type { RenderTimings } from './render-timings';
import { RenderOutcomes } from './render-outcomes';
import { RenderProcessor } from './render.processor';
import { RunningEntries } from './running-entries';
import { SplitJobParts } from './split-job-parts';
import type { WorkerPresence } from './worker-presence.service';
import type { ChunkedJob, RenderChunks } from '../jobs/render-chunks';
import { planChunks } from '../jobs/chunk-plan';

/** The lifecycle's conditional state changes, in memory. */
class FakeLifecycle {
  readonly jobs = new Map<string, RenderJob>();
  readonly completed: string[] = [];
  readonly failed: Array<{ jobId: string } & JobFailureRecord> = [];

  add(id: string, dto: Partial<CreateRenderDto> = {}, createdAt = new Date()): RenderJob {
    const { request } = parseRenderBody(
      {
        waypoints: [
          { lat: 38.72, lng: -9.14, label: 'Lisbon' },
          { lat: 48.86, lng: 2.35, label: 'Paris' },
        ],
        duration: 3,
        ...dto,
      } as CreateRenderDto,
      { tier: { tier: 'studio', maxDurationSeconds: 60 }, sandbox: false },
    );
    const job = {
      id,
      accountId: 'acc_1',
      status: 'queued',
      attempts: 0,
      sandbox: false,
      request,
      route: null,
      progress: 0,
      createdAt,
    } as unknown as RenderJob;
    this.jobs.set(id, job);
    return job;
  }

  status(id: string): JobStatus {
    return this.jobs.get(id)!.status;
  }

  private move(id: string, from: JobStatus[], to: JobStatus, changes: Partial<RenderJob> = {}): boolean {
    const job = this.jobs.get(id);
    if (!job || !from.includes(job.status)) return false;
    Object.assign(job, changes, { status: to });
    return true;
  }

  async claim(id: string) {
    if (!this.move(id, ['queued', 'processing'], 'processing')) return null;
    const job = this.jobs.get(id)!;
    job.attempts += 1;
    return { ...job };
  }
  async recordRoute(id: string, route: RenderJob['route']) {
    this.jobs.get(id)!.route = route;
  }
  async progress(id: string, fraction: number) {
    const job = this.jobs.get(id)!;
    if (job.status !== 'processing') return false;
    job.progress = fraction;
    return true;
  }
  async statusOf(id: string) {
    return this.jobs.get(id)?.status ?? null;
  }
  async isProcessing(id: string) {
    return this.jobs.get(id)?.status === 'processing';
  }
  async processingAttempt(id: string) {
    const job = this.jobs.get(id);
    return job?.status === 'processing' ? job.attempts : null;
  }
  async complete(id: string, result: CompletedRender) {
    const won = this.move(id, ['processing'], 'complete', result as Partial<RenderJob>);
    if (won) this.completed.push(id);
    return won;
  }
  async fail(id: string, failure: JobFailureRecord) {
    const won = this.move(id, ['queued', 'processing'], 'failed', { errorCode: failure.code, errorMessage: failure.message });
    if (won) this.failed.push({ jobId: id, ...failure });
    return won;
  }
  async cancel(id: string) {
    return this.move(id, ['queued', 'processing'], 'cancelled');
  }
}

class MemoryStorage implements StoragePort {
  readonly files = new Map<string, string>();
  readonly uploads: string[] = [];
  failOn?: string;
  /** Runs as a file is stored (before it lands), e.g. to let another attempt of the job complete meanwhile. */
  onPut?: (key: string) => Promise<void>;
  async putFile(key: string, localPath: string): Promise<void> {
    this.uploads.push(key);
    await this.onPut?.(key);
    if (this.failOn && key.endsWith(this.failOn)) throw new Error('bucket unavailable');
    this.files.set(key, localPath);
  }
  async getFile(): Promise<void> {
    throw new Error('not used by these tests');
  }
  async exists(key: string): Promise<boolean> {
    return this.files.has(key);
  }
  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
  async list(prefix: string): Promise<string[]> {
    return [...this.files.keys()].filter((key) => key.startsWith(prefix));
  }
}

/** A renderer whose behaviour each test scripts; by default it writes two small files. */
function scriptedRenderer(
  render: (input: RenderVideoInput) => Promise<void> = async () => undefined,
): Renderer & { render: jest.Mock; stop: jest.Mock } {
  return {
    start: jest.fn(async () => undefined),
    stop: jest.fn(async () => undefined),
    render: jest.fn(async (input: RenderVideoInput) => {
      await render(input);
      writeFileSync(input.videoPath, 'mp4');
      if (input.thumbnailPath) writeFileSync(input.thumbnailPath, 'jpg');
      return { duration_seconds: 3.01, width: 1280, height: 720, file_size_bytes: 3 };
    }),
    joinChunks: jest.fn(async () => {
      throw new Error('these jobs are never split');
    }),
  };
}

/** No road network: every road leg fails ROAD_ROUTE_ERROR, as in production without a road router. */
const noRoads: RoadRouter = {
  route: async () => {
    throw new RoutingError('ROAD_ROUTE_ERROR', 'no road router is configured');
  },
};

/** Resolves when the render's signal aborts, then throws as the real renderer does. */
const untilAborted = (input: RenderVideoInput) =>
  new Promise<void>((_, reject) => input.signal!.addEventListener('abort', () => reject(new RenderCancelledError()), { once: true }));

describe('RenderProcessor', () => {
  let tempDir: string;
  let lifecycle: FakeLifecycle;
  let storage: MemoryStorage;
  let consumer: RenderQueueConsumer | undefined;
  let cancelListener: ((channel: string, jobId: string) => void) | undefined;
  let queue: { consume: jest.Mock; stopConsuming: jest.Mock; addChunks: jest.Mock; addJoin: jest.Mock };
  let published: Array<[string, string]>;
  let logs: Record<'log' | 'warn' | 'error', jest.SpyInstance>;

  const task = (jobId: string, progress: number[] = []): RenderTask => ({
    data: { jobId, accountId: 'acc_1' },
    reportProgress: (f) => progress.push(f),
  });

  async function processor(
    renderer: Renderer,
    split: { chunkFrames?: number; aliveSlots?: number; chunks?: Partial<RenderChunks>; engine?: 'in_page' | 'screenshots' } = {},
  ): Promise<RenderProcessor> {
    const config = {
      rendering: {
        tempDir,
        timeoutSeconds: 30,
        workerConcurrency: 1,
        chunkFrames: split.chunkFrames,
        engine: split.engine ?? 'screenshots',
      },
      storage: { retentionDays: 7 },
    } as unknown as AppConfig;
    const subscriber = {
      subscribe: async () => 1,
      on: (event: string, listener: (channel: string, jobId: string) => void) => {
        if (event === 'message') cancelListener = listener;
      },
      quit: async () => 'OK',
    };
    const redis = {
      duplicate: () => subscriber,
      publish: async (channel: string, message: string) => published.push([channel, message]),
    } as unknown as Redis;
    const keys = { key: (...parts: string[]) => parts.join(':') } as RedisKeys;
    const running = new RunningEntries();
    const outcomes = new RenderOutcomes(config, lifecycle as unknown as JobLifecycle, storage, redis, keys, running);
    const parts = new SplitJobParts(
      config,
      queue as unknown as RenderQueue,
      lifecycle as unknown as JobLifecycle,
      renderer,
      storage,
      { aliveSlots: async () => split.aliveSlots ?? 1 } as unknown as WorkerPresence,
      { load: async () => null, ...split.chunks } as unknown as RenderChunks,
      running,
      outcomes,
    );
    const p = new RenderProcessor(
      config,
      queue as unknown as RenderQueue,
      lifecycle as unknown as JobLifecycle,
      renderer,
      redis,
      keys,
      new RoutePlanner(noRoads),
      running,
      outcomes,
      parts,
    );
    await p.onApplicationBootstrap();
    return p;
  }

  beforeEach(() => {
    tempDir = mkdtempSync(join(tmpdir(), 'render-processor-'));
    lifecycle = new FakeLifecycle();
    storage = new MemoryStorage();
    consumer = undefined;
    queue = {
      consume: jest.fn((_c: number, c: RenderQueueConsumer) => (consumer = c)),
      stopConsuming: jest.fn(async () => undefined),
      addChunks: jest.fn(async () => undefined),
      addJoin: jest.fn(async () => undefined),
    };
    published = [];
    logs = {
      log: jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined),
      warn: jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined),
      error: jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined),
    };
  });
  afterEach(() => jest.restoreAllMocks());

  const logged = (level: 'log' | 'warn' | 'error', message: string) =>
    logs[level].mock.calls.filter((call) => call[1] === message).map((call) => call[0]);
  /** The one `Render timings` line of a job (fails when there is none or more than one). */
  const timings = (jobId: string): RenderTimings => {
    const lines = (logged('log', 'Render timings') as RenderTimings[]).filter((line) => line.job_id === jobId);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    for (const ms of [line.total_ms, line.unaccounted_ms, ...Object.values(line.phases)]) {
      expect(ms).toEqual(expect.any(Number));
      expect(ms).toBeGreaterThanOrEqual(0);
    }
    return line;
  };

  it('renders a job to complete, storing both files, and logs its start and completion with the duration', async () => {
    lifecycle.add('job_ok');
    const progress: number[] = [];
    const renderer = scriptedRenderer(async (input) => input.onProgress?.(0.5));
    const p = await processor(renderer);
    expect(queue.consume).toHaveBeenCalledWith(1, expect.anything());
    await consumer!.handle(task('job_ok', progress));

    expect(lifecycle.status('job_ok')).toBe('complete');
    expect(lifecycle.jobs.get('job_ok')).toMatchObject({
      attempts: 1,
      durationSeconds: 3,
      resolution: '1280x720',
      videoKey: 'renders/job_ok.mp4',
      progress: 0.5,
    });
    expect([...storage.files.keys()].sort()).toEqual(['renders/job_ok.mp4', 'renders/job_ok_thumb.jpg']);
    expect(progress).toEqual([0.5]);
    expect(logged('log', 'Render job started')).toEqual([expect.objectContaining({ job_id: 'job_ok', attempt: 1 })]);
    expect(logged('log', 'Render job complete')).toEqual([expect.objectContaining({ job_id: 'job_ok', duration_ms: expect.any(Number) })]);
    expect(existsSync(join(processScratchDir(tempDir, 'worker'), 'jobs', 'job_ok'))).toBe(false);
    await p.onApplicationShutdown();
  });

  it('logs one Render timings line for a completed job: every phase in order, the wait since created_at, the progress writes apart', async () => {
    lifecycle.add('job_timed', {}, new Date(Date.now() - 5000));
    const renderer = scriptedRenderer(async (input) => {
      input.onProgress?.(0.5);
      await new Promise((r) => setTimeout(r, 30));
    });
    await processor(renderer);
    await consumer!.handle(task('job_timed'));

    const line = timings('job_timed');
    expect(line).toMatchObject({ job_id: 'job_timed', attempt: 1, outcome: 'complete', progress_writes: { count: 1 } });
    // The scripted renderer reports no phases of its own: its whole call is one `render` phase.
    expect(Object.keys(line.phases)).toEqual([
      'queue_wait',
      'claim',
      'routing',
      'route_save',
      'state_check',
      'props',
      'render',
      'storage',
      'complete',
      'cleanup',
    ]);
    expect(line.phases.queue_wait).toBeGreaterThanOrEqual(5000);
    expect(line.phases.queue_wait).toBeLessThan(60_000);
    expect(line.phases.render).toBeGreaterThanOrEqual(25);
    // queue_wait happened before the worker's total; the worker's phases fit in it.
    const own = Object.entries(line.phases)
      .filter(([name]) => name !== 'queue_wait')
      .reduce((sum, [, ms]) => sum + ms, 0);
    expect(own).toBeLessThanOrEqual(line.total_ms + 1);
    expect(line.unaccounted_ms).toBeCloseTo(Math.max(0, line.total_ms - own), 0);
    expect(line.progress_writes!.total_ms).toBeGreaterThanOrEqual(0);
    // Nothing of the request (props, waypoints) goes into the line.
    expect(JSON.stringify(line)).not.toMatch(/Lisbon|waypoints/);
  });

  it('puts the phases a renderer reports in place of the one `render` phase, with its notes as details', async () => {
    lifecycle.add('job_phases');
    await processor(
      scriptedRenderer(async (input) => {
        await input.timer!.time('browser', () => undefined);
        await input.timer!.time('frames', () => new Promise((r) => setTimeout(r, 20)));
        input.timer!.note('browser_launched', false);
      }),
    );
    await consumer!.handle(task('job_phases'));

    const line = timings('job_phases');
    expect(line.outcome).toBe('complete');
    expect(Object.keys(line.phases)).toEqual(
      expect.arrayContaining(['claim', 'routing', 'props', 'browser', 'frames', 'storage', 'complete']),
    );
    expect(Object.keys(line.phases).indexOf('browser')).toBe(Object.keys(line.phases).indexOf('props') + 1);
    expect(line.phases).not.toHaveProperty('render');
    expect(line.phases.frames).toBeGreaterThanOrEqual(15);
    expect(line.details).toEqual({ browser_launched: false });
    // The renderer reported no progress: no progress writes.
    expect(line).not.toHaveProperty('progress_writes');
  });

  it('fails a road leg without a road router with ROAD_ROUTE_ERROR before rendering, logged as a warning', async () => {
    lifecycle.add('job_road', { transport: 'car' });
    const renderer = scriptedRenderer();
    await processor(renderer);
    await consumer!.handle(task('job_road'));

    expect(renderer.render).not.toHaveBeenCalled();
    expect(lifecycle.failed).toEqual([expect.objectContaining({ jobId: 'job_road', code: 'ROAD_ROUTE_ERROR' })]);
    expect(logged('warn', 'Render job failed')).toEqual([
      expect.objectContaining({ job_id: 'job_road', code: 'ROAD_ROUTE_ERROR', duration_ms: expect.any(Number) }),
    ]);
    expect(logs.error).not.toHaveBeenCalled();
    // The timings stop where the job failed: routing, then the failure's own write.
    const line = timings('job_road');
    expect(line.outcome).toBe('failed');
    expect(Object.keys(line.phases)).toEqual(['queue_wait', 'claim', 'routing', 'fail', 'cleanup']);
  });

  it('records a renderer crash as RENDER_FAILED with a generic message, logged as an error', async () => {
    lifecycle.add('job_crash');
    await processor(
      scriptedRenderer(async () => {
        throw new Error('Chromium exploded at /tmp/secret/path');
      }),
    );
    await consumer!.handle(task('job_crash'));

    expect(lifecycle.failed).toEqual([{ jobId: 'job_crash', code: 'RENDER_FAILED', message: expect.not.stringContaining('Chromium') }]);
    expect(logged('error', 'Render job crashed')).toEqual([
      expect.objectContaining({ job_id: 'job_crash', code: 'RENDER_FAILED', err: expect.any(Error) }),
    ]);
  });

  it('records a renderer JobFailure (a timeout) with its own code', async () => {
    lifecycle.add('job_slow');
    await processor(
      scriptedRenderer(async () => {
        throw new JobFailure('RENDER_TIMEOUT', 'The render did not finish within 30 seconds.');
      }),
    );
    await consumer!.handle(task('job_slow'));
    expect(lifecycle.failed).toEqual([
      { jobId: 'job_slow', code: 'RENDER_TIMEOUT', message: 'The render did not finish within 30 seconds.' },
    ]);
  });

  it('fails STORAGE_ERROR when the files cannot be stored, and keeps neither the stored nor the local files', async () => {
    lifecycle.add('job_store');
    storage.failOn = '_thumb.jpg'; // the video went up, the thumbnail did not
    await processor(scriptedRenderer());
    await consumer!.handle(task('job_store'));

    expect(lifecycle.failed).toEqual([expect.objectContaining({ jobId: 'job_store', code: 'STORAGE_ERROR' })]);
    expect(lifecycle.completed).toEqual([]);
    expect(storage.files.size).toBe(0);
    expect(existsSync(join(processScratchDir(tempDir, 'worker'), 'jobs', 'job_store'))).toBe(false);
  });

  it('stops a render cancelled mid-way: no final state written by the worker, nothing stored', async () => {
    lifecycle.add('job_cancel');
    let rendering!: () => void;
    const started = new Promise<void>((resolve) => (rendering = resolve));
    await processor(
      scriptedRenderer(async (input) => {
        rendering();
        await untilAborted(input);
      }),
    );
    const handled = consumer!.handle(task('job_cancel'));
    await started;
    // What the API does on DELETE: the state change, then the message on the cancel channel.
    await lifecycle.cancel('job_cancel');
    cancelListener!('render-cancel', 'job_cancel');
    await handled;

    expect(lifecycle.status('job_cancel')).toBe('cancelled');
    expect(lifecycle.failed).toEqual([]);
    expect(lifecycle.completed).toEqual([]);
    expect(storage.uploads).toEqual([]);
    const line = timings('job_cancel');
    expect(line.outcome).toBe('cancelled');
    expect(line.phases).toHaveProperty('render');
    expect(line.phases).not.toHaveProperty('storage');
  }, 5_000);

  it('keeps the files when another attempt of the same job (its queue entry delivered twice) completed it meanwhile', async () => {
    lifecycle.add('job_twice');
    storage.onPut = async (key) => {
      // The other attempt stores the same keys and completes while this one is storing.
      if (!key.endsWith('.mp4')) return;
      storage.files.set('renders/job_twice.mp4', 'other attempt');
      storage.files.set('renders/job_twice_thumb.jpg', 'other attempt');
      await lifecycle.complete('job_twice', { videoKey: 'renders/job_twice.mp4' } as CompletedRender);
    };
    await processor(scriptedRenderer());
    await consumer!.handle(task('job_twice'));

    expect(lifecycle.completed).toEqual(['job_twice']);
    expect([...storage.files.keys()].sort()).toEqual(['renders/job_twice.mp4', 'renders/job_twice_thumb.jpg']);
    expect(timings('job_twice')).toMatchObject({ outcome: 'cancelled' });
  });

  it('does not store a render that finished after its job was cancelled', async () => {
    lifecycle.add('job_late');
    await processor(scriptedRenderer(async () => void (await lifecycle.cancel('job_late'))));
    await consumer!.handle(task('job_late'));

    expect(lifecycle.status('job_late')).toBe('cancelled');
    expect(storage.uploads).toEqual([]);
    expect(lifecycle.completed).toEqual([]);
  });

  it('leaves a job interrupted by shutdown processing, for the queue to hand to another worker', async () => {
    lifecycle.add('job_shutdown');
    let rendering!: () => void;
    const started = new Promise<void>((resolve) => (rendering = resolve));
    const renderer = scriptedRenderer(async (input) => {
      rendering();
      await untilAborted(input);
    });
    const p = await processor(renderer);
    const handled = consumer!.handle(task('job_shutdown'));
    await started;
    await p.onApplicationShutdown();

    await expect(handled).rejects.toBeInstanceOf(RenderCancelledError);
    expect(timings('job_shutdown').outcome).toBe('interrupted');
    expect(queue.stopConsuming).toHaveBeenCalled();
    expect(renderer.stop).toHaveBeenCalled();
    expect(lifecycle.status('job_shutdown')).toBe('processing');
    expect(lifecycle.failed).toEqual([]);
    // The rejected entry is reported as given up while shutting down: that is not a failure.
    consumer!.onGivenUp({ jobId: 'job_shutdown', accountId: 'acc_1' }, new Error('shutdown'));
    await new Promise((r) => setImmediate(r));
    expect(lifecycle.status('job_shutdown')).toBe('processing');
  });

  it('fails a job the queue gave up on (it stalled too often) as RENDER_FAILED', async () => {
    lifecycle.add('job_stalled');
    await lifecycle.claim('job_stalled');
    await processor(scriptedRenderer());
    consumer!.onGivenUp({ jobId: 'job_stalled', accountId: 'acc_1' }, new Error('job stalled more than allowable limit'));
    await new Promise((r) => setImmediate(r));

    expect(lifecycle.failed).toEqual([
      { jobId: 'job_stalled', code: 'RENDER_FAILED', message: expect.stringMatching(/interrupted repeatedly/) },
    ]);
  });

  it('skips a job that is no longer active when its entry arrives', async () => {
    lifecycle.add('job_gone');
    await lifecycle.cancel('job_gone');
    const renderer = scriptedRenderer();
    await processor(renderer);
    await consumer!.handle(task('job_gone'));
    expect(renderer.render).not.toHaveBeenCalled();
    expect(lifecycle.status('job_gone')).toBe('cancelled');
    // Not claimed, nothing done: no timings.
    expect(logged('log', 'Render timings')).toEqual([]);
  });

  describe('chunks of a split job (contract §18)', () => {
    /** A job of 72 frames (3 s at 24 fps) split in two chunks of 36, its plan and props as RenderChunks keeps them. */
    async function splitJob(id: string): Promise<ChunkedJob> {
      lifecycle.add(id, { fps: 24 });
      await lifecycle.claim(id);
      const props = { durationInFrames: 72, fps: 24, width: 720, height: 720 } as ChunkedJob['props'];
      return { plan: planChunks(72, 12, 2), props };
    }
    const fakeChunks = (job: ChunkedJob, stored: { all: boolean }) => ({
      load: jest.fn(async () => job),
      chunkKey: (jobId: string, [a, b]: [number, number]) => `render-chunks/${jobId}/${a}-${b}.ts`,
      thumbnailKey: (jobId: string) => `render-chunks/${jobId}/thumb.jpg`,
      recordFrames: jest.fn(async () => null),
      markStored: jest.fn(async () => stored.all),
    });
    const chunkTask = (jobId: string, chunk: number): RenderTask => ({
      data: { jobId, accountId: 'acc_1', chunk },
      reportProgress: () => undefined,
    });
    const chunkRenderer = (fail = false) =>
      scriptedRenderer(async () => {
        if (fail) throw new Error('browser crashed');
      });

    it('splits a job when RENDER_CHUNK_FRAMES is set and two slots are alive: plan stored, chunks queued, nothing rendered', async () => {
      lifecycle.add('job_split', { fps: 24 });
      const save = jest.fn(async (_id: string, job: ChunkedJob) => job);
      const renderer = scriptedRenderer();
      await processor(renderer, { chunkFrames: 12, aliveSlots: 2, chunks: { save } });
      await consumer!.handle(task('job_split'));

      expect(renderer.render).not.toHaveBeenCalled();
      expect(save).toHaveBeenCalledWith(
        'job_split',
        expect.objectContaining({
          plan: {
            framesPerChunk: 36,
            ranges: [
              [0, 35],
              [36, 71],
            ],
          },
        }),
      );
      expect(queue.addChunks).toHaveBeenCalledWith({ jobId: 'job_split', accountId: 'acc_1' }, 2);
      expect(lifecycle.status('job_split')).toBe('processing');
      expect(timings('job_split')).toMatchObject({ outcome: 'split' });
    });

    it('cleans up again, queueing no chunk, when the job ended while its plan was being stored (an entry taken up again)', async () => {
      lifecycle.add('job_split_late', { fps: 24 });
      // The job's chunks (queued by the stalled first attempt) fail it while this attempt stores the plan.
      const save = jest.fn(async (id: string, job: ChunkedJob) => {
        await lifecycle.fail(id, { code: 'STORAGE_ERROR', message: 'a chunk could not be stored' });
        return job;
      });
      const discard = jest.fn(async () => undefined);
      const renderer = scriptedRenderer();
      await processor(renderer, { chunkFrames: 12, aliveSlots: 2, chunks: { save, discard } });
      await consumer!.handle(task('job_split_late'));

      expect(discard).toHaveBeenCalledWith('job_split_late');
      expect(discard.mock.invocationCallOrder[0]).toBeGreaterThan(save.mock.invocationCallOrder[0]);
      expect(queue.addChunks).not.toHaveBeenCalled();
      expect(renderer.render).not.toHaveBeenCalled();
      expect(lifecycle.status('job_split_late')).toBe('failed');
      expect(timings('job_split_late')).toMatchObject({ outcome: 'cancelled' });
    });

    it('splits a job the page renders into four chunks per alive slot, none shorter than RENDER_CHUNK_FRAMES', async () => {
      lifecycle.add('job_split_in_page', { fps: 24 });
      const save = jest.fn(async (_id: string, job: ChunkedJob) => job);
      await processor(scriptedRenderer(), { chunkFrames: 12, aliveSlots: 2, chunks: { save }, engine: 'in_page' });
      await consumer!.handle(task('job_split_in_page'));
      // 72 frames over 2 slots × 4 would be chunks of 9: RENDER_CHUNK_FRAMES keeps them at 12.
      expect(save.mock.calls[0][1].plan).toEqual({
        framesPerChunk: 12,
        ranges: [
          [0, 11],
          [12, 23],
          [24, 35],
          [36, 47],
          [48, 59],
          [60, 71],
        ],
      });
      expect(queue.addChunks).toHaveBeenCalledWith({ jobId: 'job_split_in_page', accountId: 'acc_1' }, 6);
    });

    it('renders a job whole when only one slot is alive, as if never split', async () => {
      lifecycle.add('job_alone', { fps: 24 });
      const renderer = scriptedRenderer();
      await processor(renderer, { chunkFrames: 12, aliveSlots: 1 });
      await consumer!.handle(task('job_alone'));
      expect(renderer.render).toHaveBeenCalledTimes(1);
      expect(renderer.render.mock.calls[0][0].frameRange).toBeUndefined();
      expect(queue.addChunks).not.toHaveBeenCalled();
      expect(lifecycle.status('job_alone')).toBe('complete');
    });

    it('renders a chunk’s frames only, without a thumbnail unless it is the last, stores it, and does not join before all are stored', async () => {
      const job = await splitJob('job_c0');
      const chunks = fakeChunks(job, { all: false });
      const renderer = chunkRenderer();
      await processor(renderer, { chunks });
      await consumer!.handle(chunkTask('job_c0', 0));

      const input = renderer.render.mock.calls[0][0] as RenderVideoInput;
      expect(input.frameRange).toEqual([0, 35]);
      expect(input.thumbnailPath).toBeUndefined();
      expect(storage.uploads).toEqual(['render-chunks/job_c0/0-35.ts']);
      expect(chunks.markStored).toHaveBeenCalledWith('job_c0', job.plan, 0);
      expect(queue.addJoin).not.toHaveBeenCalled();
      expect(lifecycle.status('job_c0')).toBe('processing');
      expect(timings('job_c0')).toMatchObject({ entry: 'chunk', chunk: 0, frames: [0, 35], outcome: 'complete' });
    });

    it('does not render again a chunk whose file is stored (its worker died after storing it); the chunk completing the set queues the join', async () => {
      const job = await splitJob('job_c1');
      storage.files.set('render-chunks/job_c1/36-71.ts', 'ts');
      storage.files.set('render-chunks/job_c1/thumb.jpg', 'jpg');
      const chunks = fakeChunks(job, { all: true });
      const renderer = chunkRenderer();
      await processor(renderer, { chunks });
      await consumer!.handle(chunkTask('job_c1', 1));

      expect(renderer.render).not.toHaveBeenCalled();
      expect(queue.addJoin).toHaveBeenCalledWith({ jobId: 'job_c1', accountId: 'acc_1', chunk: 1 });
      expect(timings('job_c1')).toMatchObject({ entry: 'chunk', outcome: 'complete', details: { reused: true } });
    });

    it('fails the job once when a chunk fails, and tells the job’s other chunks to stop', async () => {
      const job = await splitJob('job_cf');
      await processor(chunkRenderer(true), { chunks: fakeChunks(job, { all: false }) });
      await consumer!.handle(chunkTask('job_cf', 0));
      await consumer!.handle(chunkTask('job_cf', 1)); // skips itself: the job has failed

      expect(lifecycle.failed).toEqual([{ jobId: 'job_cf', code: 'RENDER_FAILED', message: expect.any(String) }]);
      expect(published).toEqual([['render-cancel', 'job_cf']]);
      expect(timings('job_cf')).toMatchObject({ entry: 'chunk', chunk: 0, outcome: 'failed' });
    });

    it('aborts every running chunk of a job when its cancel arrives', async () => {
      const job = await splitJob('job_cc');
      const renderer = scriptedRenderer(untilAborted);
      await processor(renderer, { chunks: fakeChunks(job, { all: false }) });
      const running = [consumer!.handle(chunkTask('job_cc', 0)), consumer!.handle(chunkTask('job_cc', 1))];
      // Once both chunks are drawing.
      while (renderer.render.mock.calls.length < 2) await new Promise((r) => setImmediate(r));
      await lifecycle.cancel('job_cc');
      cancelListener!('render-cancel', 'job_cc');
      await Promise.all(running);

      const lines = (logged('log', 'Render timings') as RenderTimings[]).filter((line) => line.job_id === 'job_cc');
      expect(lines.map((line) => [line.chunk, line.outcome]).sort()).toEqual([
        [0, 'cancelled'],
        [1, 'cancelled'],
      ]);
      expect(storage.uploads).toEqual([]);
      expect(lifecycle.failed).toEqual([]);
    });
  });
});
