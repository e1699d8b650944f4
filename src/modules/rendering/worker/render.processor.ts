import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { APP_CONFIG, AppConfig } from '../../../config';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { STORAGE, StoragePort } from '../../../infrastructure/storage/storage.port';
import { RoutePlanner, RoutingError } from '../../routing';
import { buildCompositionProps } from '../contract';
import { JobFailure } from '../rendering.errors';
import { CANCEL_CHANNEL } from '../jobs/cancel-channel';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { RenderQueue, RenderQueueData, RenderTask } from '../jobs/render-queue';
import { RenderCancelledError, RenderedVideo, Renderer, RenderVideoInput } from '../renderer';
import { RENDER_TIMINGS_MESSAGE, RenderOutcome, renderTimings } from './render-timings';
import { RENDERER } from './renderer.provider';

/** Progress is written at most this often, so a render does not hammer the database. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;

/**
 * Renders queued jobs: routing (before any frame) → composition props → Remotion → files to
 * storage → final state. Every state change goes through JobLifecycle (conditional updates), so a
 * job cancelled meanwhile, or finished by another worker after a crash, ends in exactly one final
 * state. Each job's start, end and duration are logged, and, once the worker is done with a job it claimed,
 * where its time went: one `Render timings` line (render-timings.ts) from a PhaseTimer that the renderer
 * fills too.
 */
@Injectable()
export class RenderProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenderProcessor.name);
  private readonly running = new Map<string, AbortController>();
  private subscriber?: Redis;
  private shuttingDown = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: RenderQueue,
    private readonly lifecycle: JobLifecycle,
    @Inject(RENDERER) private readonly renderer: Renderer,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly routePlanner: RoutePlanner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Cancellations arrive on a pub/sub channel: whichever worker renders the job stops it.
    this.subscriber = this.redis.duplicate();
    await this.subscriber.subscribe(this.keys.key(CANCEL_CHANNEL));
    this.subscriber.on('message', (_channel, jobId: string) => this.running.get(jobId)?.abort());
    this.queue.consume(this.config.rendering.workerConcurrency, {
      handle: (task) => this.handle(task),
      // The queue gives up on a job that stalled too often (its workers kept dying): record that.
      onGivenUp: (data, err) => void this.recordGivenUp(data, err),
    });
  }

  /**
   * Shutdown: stop taking jobs, stop the browser (running renders end), and leave their jobs
   * `processing`: the queue sees them stall and another worker (or this one, restarted) takes them up.
   */
  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.queue.stopConsuming().catch(() => undefined);
    for (const controller of this.running.values()) controller.abort();
    await this.renderer.stop().catch(() => undefined);
    await this.subscriber?.quit().catch(() => undefined);
  }

  async handle(task: RenderTask): Promise<void> {
    const jobId = task.data.jobId;
    const pickedUpAt = Date.now();
    const handleStarted = performance.now();
    const timer = new PhaseTimer();
    const writes = new PhaseTimer();
    const job = await timer.time('claim', () => this.lifecycle.claim(jobId));
    if (!job) return; // cancelled before it started, or already finished: nothing done, nothing to time
    if (job.createdAt instanceof Date) timer.record('queue_wait', pickedUpAt - job.createdAt.getTime());
    const startedAt = Date.now();
    const elapsed = () => Date.now() - startedAt;
    this.logger.log({ job_id: jobId, attempt: job.attempts }, 'Render job started');

    let outcome: RenderOutcome = 'failed';
    const cancelled = () => {
      outcome = 'cancelled';
      this.logCancelled(jobId, elapsed());
    };
    const stillProcessing = () => timer.time('state_check', () => this.lifecycle.isProcessing(jobId));
    const controller = new AbortController();
    this.running.set(jobId, controller);
    const workDir = join(this.config.rendering.tempDir, 'jobs', jobId);
    try {
      mkdirSync(workDir, { recursive: true });
      const plan = await timer
        .time('routing', () => this.routePlanner.plan(job.request))
        .catch((err: unknown) => {
          throw err instanceof RoutingError ? new JobFailure(err.code, err.message) : err;
        });
      await timer.time('route_save', () => this.lifecycle.recordRoute(jobId, plan));
      if (!(await stillProcessing())) return cancelled();

      const props = await timer.time('props', () => buildCompositionProps(job.request, plan, { sandbox: job.sandbox }));
      const video = await this.render(timer, {
        props,
        videoPath: join(workDir, 'video.mp4'),
        thumbnailPath: join(workDir, 'thumb.jpg'),
        onProgress: this.progressWriter(jobId, task, writes),
        signal: controller.signal,
        timeoutMs: this.config.rendering.timeoutSeconds * 1000,
      });
      if (!(await stillProcessing())) return cancelled();

      const videoKey = `renders/${jobId}.mp4`;
      const thumbnailKey = `renders/${jobId}_thumb.jpg`;
      const removeStored = () =>
        timer.time('storage_remove', () =>
          Promise.all([this.storage.delete(videoKey), this.storage.delete(thumbnailKey)]).catch(() => undefined),
        );
      try {
        await timer.time('storage', () => this.storage.putFile(videoKey, join(workDir, 'video.mp4'), 'video/mp4'));
        await timer.time('storage', () => this.storage.putFile(thumbnailKey, join(workDir, 'thumb.jpg'), 'image/jpeg'));
      } catch (err) {
        this.logger.error({ err, job_id: jobId }, 'Could not store the rendered files');
        await removeStored();
        throw new JobFailure('STORAGE_ERROR', 'The video was rendered but could not be stored; the render was not charged.');
      }
      const completedAt = new Date();
      // complete() also runs what a job's end sets off (usage, batch, webhook event), awaited: timed with it.
      const done = await timer.time('complete', () =>
        this.lifecycle.complete(jobId, {
          videoKey,
          thumbnailKey,
          durationSeconds: Math.round(video.duration_seconds),
          resolution: `${video.width}x${video.height}`,
          fileSizeBytes: video.file_size_bytes,
          completedAt,
          expiresAt: new Date(completedAt.getTime() + this.config.storage.retentionDays * 24 * 3600_000),
        }),
      );
      if (!done) {
        await removeStored();
        return cancelled();
      }
      outcome = 'complete';
      this.logger.log({ job_id: jobId, duration_ms: elapsed(), file_size_bytes: video.file_size_bytes }, 'Render job complete');
    } catch (err) {
      if (this.shuttingDown) {
        outcome = 'interrupted';
        this.logger.warn({ job_id: jobId, duration_ms: elapsed() }, 'Render job interrupted by shutdown; left for another worker');
        throw err; // leave the job to be taken up again
      }
      if (err instanceof RenderCancelledError) return cancelled();
      const failure =
        err instanceof JobFailure ? err : new JobFailure('RENDER_FAILED', 'The renderer failed on this job; the render was not charged.');
      if (err instanceof JobFailure) {
        this.logger.warn({ job_id: jobId, code: failure.code, duration_ms: elapsed(), reason: failure.message }, 'Render job failed');
      } else {
        this.logger.error({ err, job_id: jobId, code: failure.code, duration_ms: elapsed() }, 'Render job crashed');
      }
      await timer.time('fail', () => this.lifecycle.fail(jobId, { code: failure.code, message: failure.message }));
    } finally {
      this.running.delete(jobId);
      const stopCleanup = timer.start('cleanup');
      rmSync(workDir, { recursive: true, force: true });
      stopCleanup();
      this.logger.log(
        renderTimings(
          { id: jobId, attempt: job.attempts, outcome, totalMs: performance.now() - handleStarted },
          timer.summary(),
          writes.summary(),
        ),
        RENDER_TIMINGS_MESSAGE,
      );
    }
  }

  /**
   * The renderer's call, its phases recorded in `timer` by the renderer itself; one that reports none
   * (a stand-in renderer) gets the whole call as one `render` phase.
   */
  private async render(timer: PhaseTimer, input: Omit<RenderVideoInput, 'timer'>): Promise<RenderedVideo> {
    const before = new Set(timer.names());
    const started = performance.now();
    try {
      return await this.renderer.render({ ...input, timer });
    } finally {
      if (timer.names().every((name) => before.has(name))) timer.record('render', performance.now() - started);
    }
  }

  private logCancelled(jobId: string, durationMs: number): void {
    this.logger.log({ job_id: jobId, duration_ms: durationMs }, 'Render job stopped: cancelled');
  }

  /** Progress writes run alongside the frames (not awaited): timed in `writes`, apart from the job's sequential phases. */
  private progressWriter(jobId: string, task: RenderTask, writes: PhaseTimer) {
    let lastWrite = 0;
    return (fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS || fraction >= 1) return;
      lastWrite = now;
      const progress = Math.round(Math.min(0.99, fraction) * 1000) / 1000;
      const stop = writes.start('progress_writes');
      void this.lifecycle
        .progress(jobId, progress)
        .catch(() => undefined)
        .finally(() => stop());
      task.reportProgress(progress);
    };
  }

  private async recordGivenUp(data: RenderQueueData, err: Error): Promise<void> {
    if (this.shuttingDown) return;
    this.logger.error({ err, job_id: data.jobId, code: 'RENDER_FAILED' }, 'Render queue gave up on a job');
    await this.lifecycle
      .fail(data.jobId, {
        code: 'RENDER_FAILED',
        message: 'The render was interrupted repeatedly and was abandoned; the render was not charged.',
      })
      .catch(() => undefined);
  }
}
