import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { failpoint } from '../../../common/util/failpoints';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { removeScratchOfDeadProcesses } from '../../../common/util/process-scratch';
import { APP_CONFIG, AppConfig } from '../../../config';
import { REDIS, RedisKeys, subscriberOf } from '../../../infrastructure/redis/redis.module';
import { RoutePlanner, RoutingError } from '../../routing';
import { buildCompositionProps, routeInputOf } from '../../contract';
import { JobFailure } from '../errors/rendering.errors';
import { CANCEL_CHANNEL } from '../jobs/cancel-channel';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { entryId, RenderQueue, RenderTask } from '../jobs/render-queue';
import { Renderer } from '../renderer';
import { renderWithPhases } from './render-call';
import { RenderOutcomes } from './render-outcomes';
import { renderTimeoutMs } from './render-timeout';
import { RENDER_TIMINGS_MESSAGE, RenderOutcome, renderTimings } from './render-timings';
import { RENDERER, workerScratchDir } from './renderer.provider';
import { RunningEntries } from './running-entries';
import { SplitJobParts } from './split-job-parts';

/** Progress is written at most this often, so a render does not hammer the database. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;

/**
 * The render queue's consumer. A job entry: routing (before any frame) → composition props → split into chunks
 * (SplitJobParts, when RENDER_CHUNK_FRAMES is set and several worker slots are alive) or rendered whole by Remotion
 * → files to storage → final state (RenderOutcomes). Chunk and join entries go to SplitJobParts. Every state change
 * goes through JobLifecycle (conditional updates), so a job cancelled meanwhile, or finished by another worker after
 * a crash, ends in exactly one final state. Each job's start, end and duration are logged, and, once the worker is
 * done with a job it claimed, where its time went: one `Render timings` line (render-timings.ts) from a PhaseTimer
 * that the renderer fills too.
 */
@Injectable()
export class RenderProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenderProcessor.name);
  private subscriber?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: RenderQueue,
    private readonly lifecycle: JobLifecycle,
    @Inject(RENDERER) private readonly renderer: Renderer,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly routePlanner: RoutePlanner,
    private readonly running: RunningEntries,
    private readonly outcomes: RenderOutcomes,
    private readonly parts: SplitJobParts,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // What workers of this host killed outright left in their scratch folders (frames, partial videos) goes first.
    const leftovers = removeScratchOfDeadProcesses(this.config.rendering.tempDir, 'worker');
    if (leftovers.length) this.logger.log({ folders: leftovers }, 'Removed the scratch folders of workers that no longer run');
    // Cancellations arrive on a pub/sub channel: whichever worker renders the job stops it.
    this.subscriber = subscriberOf(this.redis, 'render-cancel');
    await this.subscriber.subscribe(this.keys.key(CANCEL_CHANNEL));
    this.subscriber.on('message', (_channel, jobId: string) => this.running.abortJob(jobId));
    this.queue.consume(this.config.rendering.workerConcurrency, {
      handle: (task) => this.handle(task),
      // The queue gives up on a job that stalled too often (its workers kept dying): record that.
      onGivenUp: (data, err) => void this.outcomes.givenUp(data, err),
    });
  }

  /**
   * Shutdown: stop taking jobs, stop the browser (running renders end), and leave their jobs
   * `processing`: the queue sees them stall and another worker (or this one, restarted) takes them up.
   */
  async onApplicationShutdown(): Promise<void> {
    this.running.beginShutdown();
    await this.queue.stopConsuming().catch(() => undefined);
    this.running.abortAll();
    await this.renderer.stop().catch(() => undefined);
    await this.subscriber?.quit().catch(() => undefined);
  }

  async handle(task: RenderTask): Promise<void> {
    if (task.data.join) return this.parts.handleJoin(task);
    if (task.data.chunk !== undefined) return this.parts.handleChunk(task, task.data.chunk);
    return this.handleJob(task);
  }

  private async handleJob(task: RenderTask): Promise<void> {
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
      this.outcomes.logCancelled(jobId, elapsed());
    };
    const stillProcessing = () => timer.time('state_check', () => this.lifecycle.isProcessing(jobId));
    const signal = this.running.start(entryId(task.data), jobId);
    const workDir = join(workerScratchDir(this.config), 'jobs', jobId);
    const videoPath = join(workDir, 'video.mp4');
    const thumbnailPath = join(workDir, 'thumb.jpg');
    try {
      mkdirSync(workDir, { recursive: true });
      const plan = await timer
        .time('routing', () => this.routePlanner.plan(routeInputOf(job.request)))
        .catch((err: unknown) => {
          throw err instanceof RoutingError ? new JobFailure(err.code, err.message) : err;
        });
      failpoint('worker.after-routing');
      await timer.time('route_save', () => this.lifecycle.recordRoute(jobId, plan));
      if (!(await stillProcessing())) return cancelled();

      const props = await timer.time('props', () => buildCompositionProps(job.request, plan, { sandbox: job.sandbox }));
      const chunkCount = await this.parts.split(task.data, props, timer, stillProcessing);
      if (chunkCount === 0) return cancelled();
      if (chunkCount > 1) {
        outcome = 'split';
        this.logger.log({ job_id: jobId, chunks: chunkCount }, 'Render job split into chunks');
        return;
      }
      const video = await renderWithPhases(this.renderer, timer, {
        props,
        videoPath,
        thumbnailPath,
        onProgress: this.progressWriter(jobId, task, writes),
        signal,
        timeoutMs: renderTimeoutMs(this.config.rendering.timeoutSeconds, props),
      });
      if (!(await stillProcessing())) return cancelled();

      if (!(await this.outcomes.finish(jobId, timer, video, videoPath, thumbnailPath))) return cancelled();
      outcome = 'complete';
      this.logger.log({ job_id: jobId, duration_ms: elapsed(), file_size_bytes: video.file_size_bytes }, 'Render job complete');
    } catch (err) {
      outcome = await this.outcomes.failed(jobId, 'job', err, timer, elapsed());
      if (outcome === 'interrupted') throw err; // leave the job to be taken up again
      if (outcome === 'cancelled') cancelled();
    } finally {
      this.running.end(entryId(task.data));
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
}
