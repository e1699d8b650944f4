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
import { CHUNK_FRAMES_SHARE, ChunkPlan, framesIn, planChunks } from '../jobs/chunk-plan';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { ChunkedJob, RenderChunks } from '../jobs/render-chunks';
import { entryId, RenderQueue, RenderQueueData, RenderTask } from '../jobs/render-queue';
import { RenderCancelledError, RenderedVideo, Renderer, RenderVideoInput } from '../renderer';
import { renderTimeoutMs } from './render-timeout';
import { RENDER_TIMINGS_MESSAGE, RenderEntry, RenderOutcome, renderTimings } from './render-timings';
import { RENDERER } from './renderer.provider';
import { WorkerPresence } from './worker-presence.service';

/** Progress is written at most this often, so a render does not hammer the database. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;
/** A chunk tells Redis its frame count at most this often (the job's progress is written from there, once a second). */
const CHUNK_FRAMES_REPORT_MS = 250;
/** Progress shown while a split job's chunks are joined (the chunks filled up to CHUNK_FRAMES_SHARE). */
const JOINING_PROGRESS = 0.97;

/** What the work of a chunk or join entry is given (runPart). */
interface EntryRun {
  jobId: string;
  timer: PhaseTimer;
  writes: PhaseTimer;
  signal: AbortSignal;
  workDir: string;
  stillProcessing(): Promise<boolean>;
}

/**
 * Renders queued jobs: routing (before any frame) → composition props → Remotion → files to
 * storage → final state. Every state change goes through JobLifecycle (conditional updates), so a
 * job cancelled meanwhile, or finished by another worker after a crash, ends in exactly one final
 * state.
 *
 * A job may be split into chunks (contract §18, RENDER_CHUNK_FRAMES): the worker that claimed it stores the plan
 * and props (RenderChunks) and puts one entry per chunk on the queue instead of rendering. Any worker renders a
 * chunk's frames and stores the file (a chunk already stored is not rendered again); the one that stores the
 * last puts the join on the queue, and the worker that takes it joins the chunks, stores the video and the
 * thumbnail (rendered by the last chunk) and completes the job. A chunk that fails fails the job (the first
 * failure wins) and tells the other chunks to stop, as a cancel does. Each job's start, end and duration are logged, and, once the worker is done with a job it claimed,
 * where its time went: one `Render timings` line (render-timings.ts) from a PhaseTimer that the renderer
 * fills too.
 */
@Injectable()
export class RenderProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenderProcessor.name);
  /** Entries this worker is running (by entry id), with their job, so a cancel stops every chunk of a job. */
  private readonly running = new Map<string, { jobId: string; controller: AbortController }>();
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
    private readonly presence: WorkerPresence,
    private readonly chunks: RenderChunks,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Cancellations arrive on a pub/sub channel: whichever worker renders the job stops it.
    this.subscriber = this.redis.duplicate();
    await this.subscriber.subscribe(this.keys.key(CANCEL_CHANNEL));
    this.subscriber.on('message', (_channel, jobId: string) => this.abortJob(jobId));
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
    for (const { controller } of this.running.values()) controller.abort();
    await this.renderer.stop().catch(() => undefined);
    await this.subscriber?.quit().catch(() => undefined);
  }

  async handle(task: RenderTask): Promise<void> {
    if (task.data.join) return this.handleJoin(task);
    if (task.data.chunk !== undefined) return this.handleChunk(task, task.data.chunk);
    return this.handleJob(task);
  }

  private abortJob(jobId: string): void {
    for (const entry of this.running.values()) if (entry.jobId === jobId) entry.controller.abort();
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
      this.logCancelled(jobId, elapsed());
    };
    const stillProcessing = () => timer.time('state_check', () => this.lifecycle.isProcessing(jobId));
    const controller = new AbortController();
    this.running.set(entryId(task.data), { jobId, controller });
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
      const chunkCount = await this.split(task.data, props, timer);
      if (chunkCount > 1) {
        outcome = 'split';
        this.logger.log({ job_id: jobId, chunks: chunkCount }, 'Render job split into chunks');
        return;
      }
      const video = await this.render(timer, {
        props,
        videoPath: join(workDir, 'video.mp4'),
        thumbnailPath: join(workDir, 'thumb.jpg'),
        onProgress: this.progressWriter(jobId, task, writes),
        signal: controller.signal,
        timeoutMs: renderTimeoutMs(this.config.rendering.timeoutSeconds, props),
      });
      if (!(await stillProcessing())) return cancelled();

      if (!(await this.finish(jobId, timer, video, join(workDir, 'video.mp4'), join(workDir, 'thumb.jpg')))) return cancelled();
      outcome = 'complete';
      this.logger.log({ job_id: jobId, duration_ms: elapsed(), file_size_bytes: video.file_size_bytes }, 'Render job complete');
    } catch (err) {
      outcome = await this.failed(jobId, 'job', err, timer, elapsed());
      if (outcome === 'interrupted') throw err; // leave the job to be taken up again
      if (outcome === 'cancelled') cancelled();
    } finally {
      this.running.delete(entryId(task.data));
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
   * Splits the job when RENDER_CHUNK_FRAMES is set and more than one worker slot is alive (chunk-plan.ts): stores
   * the plan and props (a plan stored by an earlier attempt wins) and puts the chunks on the queue. Answers the
   * number of chunks; 1 means render the job whole, as if never split.
   */
  private async split(data: RenderQueueData, props: RenderVideoInput['props'], timer: PhaseTimer): Promise<number> {
    const chunkFrames = this.config.rendering.chunkFrames;
    if (!chunkFrames || props.durationInFrames <= chunkFrames) return 1;
    const plan = planChunks(props.durationInFrames, chunkFrames, await timer.time('workers', () => this.presence.aliveSlots()));
    if (plan.ranges.length === 1 && !(await this.chunks.load(data.jobId))) return 1;
    return timer.time('split', async () => {
      const stored = await this.chunks.save(data.jobId, { plan, props });
      await this.queue.addChunks(data, stored.plan.ranges.length);
      return stored.plan.ranges.length;
    });
  }

  /** Stores the video and thumbnail and completes the job; false when the job was cancelled (or ended) meanwhile. */
  private async finish(jobId: string, timer: PhaseTimer, video: RenderedVideo, videoPath: string, thumbnailPath: string): Promise<boolean> {
    const videoKey = `renders/${jobId}.mp4`;
    const thumbnailKey = `renders/${jobId}_thumb.jpg`;
    const removeStored = () =>
      timer.time('storage_remove', () =>
        Promise.all([this.storage.delete(videoKey), this.storage.delete(thumbnailKey)]).catch(() => undefined),
      );
    try {
      await timer.time('storage', () => this.storage.putFile(videoKey, videoPath, 'video/mp4'));
      await timer.time('storage', () => this.storage.putFile(thumbnailKey, thumbnailPath, 'image/jpeg'));
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
    if (!done) await removeStored();
    return done;
  }

  /**
   * What a throw ends an entry as: `interrupted` by a shutdown (left to the queue), `cancelled`, or `failed`, which
   * fails the job (the first failure of its chunks wins; the job ends once) and tells its other chunks to stop.
   */
  private async failed(jobId: string, entry: RenderEntry, err: unknown, timer: PhaseTimer, durationMs: number): Promise<RenderOutcome> {
    if (this.shuttingDown) {
      this.logger.warn({ job_id: jobId, entry, duration_ms: durationMs }, 'Render job interrupted by shutdown; left for another worker');
      return 'interrupted';
    }
    if (err instanceof RenderCancelledError) return 'cancelled';
    const failure =
      err instanceof JobFailure ? err : new JobFailure('RENDER_FAILED', 'The renderer failed on this job; the render was not charged.');
    if (err instanceof JobFailure) {
      this.logger.warn({ job_id: jobId, entry, code: failure.code, duration_ms: durationMs, reason: failure.message }, 'Render job failed');
    } else {
      this.logger.error({ err, job_id: jobId, entry, code: failure.code, duration_ms: durationMs }, 'Render job crashed');
    }
    const won = await timer.time('fail', () => this.lifecycle.fail(jobId, { code: failure.code, message: failure.message }));
    if (won && entry !== 'job') await this.redis.publish(this.keys.key(CANCEL_CHANNEL), jobId).catch(() => undefined);
    return 'failed';
  }

  /**
   * Runs a chunk or join entry of a split job: skipped when the job is no longer processing (cancelled, failed by
   * another chunk, complete) or its plan is gone; otherwise `work` runs with a signal that a cancel of the job
   * aborts, and one `Render timings` line tells where its time went.
   */
  private async runPart(
    task: RenderTask,
    entry: 'chunk' | 'join',
    work: (run: EntryRun, job: ChunkedJob) => Promise<RenderOutcome>,
    chunk?: number,
  ): Promise<void> {
    const jobId = task.data.jobId;
    const handleStarted = performance.now();
    const timer = new PhaseTimer();
    const writes = new PhaseTimer();
    const attempt = await timer.time('state_check', () => this.lifecycle.processingAttempt(jobId));
    if (attempt === null) return; // the job ended (cancelled, failed by another chunk, complete): nothing to do
    const chunked = await timer.time('state_check', () => this.chunks.load(jobId));
    if (!chunked) return; // ended meanwhile and cleaned up
    const range = chunk === undefined ? undefined : chunked.plan.ranges[chunk];
    const startedAt = Date.now();
    const controller = new AbortController();
    const id = entryId(task.data);
    this.running.set(id, { jobId, controller });
    const workDir = join(this.config.rendering.tempDir, 'jobs', id);
    let outcome: RenderOutcome = 'failed';
    try {
      mkdirSync(workDir, { recursive: true });
      outcome = await work(
        {
          jobId,
          timer,
          writes,
          signal: controller.signal,
          workDir,
          stillProcessing: () => timer.time('state_check', () => this.lifecycle.isProcessing(jobId)),
        },
        chunked,
      );
    } catch (err) {
      outcome = await this.failed(jobId, entry, err, timer, Date.now() - startedAt);
      if (outcome === 'interrupted') throw err; // the queue hands the entry to another worker
    } finally {
      this.running.delete(id);
      if (outcome === 'cancelled') this.logCancelled(jobId, Date.now() - startedAt);
      const stopCleanup = timer.start('cleanup');
      rmSync(workDir, { recursive: true, force: true });
      stopCleanup();
      this.logger.log(
        renderTimings(
          {
            id: jobId,
            attempt,
            outcome,
            totalMs: performance.now() - handleStarted,
            entry,
            ...(range && chunk !== undefined ? { chunk: { index: chunk, frames: range } } : {}),
          },
          timer.summary(),
          writes.summary(),
        ),
        RENDER_TIMINGS_MESSAGE,
      );
    }
  }

  /**
   * One chunk: its frames rendered (unless its file is stored already: a chunk whose worker died after storing
   * it), stored, and counted; the chunk that completes the set puts the join on the queue.
   */
  private handleChunk(task: RenderTask, index: number): Promise<void> {
    return this.runPart(
      task,
      'chunk',
      async (run, { plan, props }) => {
        const range = plan.ranges[index];
        if (!range) throw new Error(`chunk ${index} is not in the job's plan`);
        const last = index === plan.ranges.length - 1;
        const chunkKey = this.chunks.chunkKey(run.jobId, range);
        const thumbnailKey = this.chunks.thumbnailKey(run.jobId);
        const stored = await run.timer
          .time('storage_check', async () => (await this.storage.exists(chunkKey)) && (!last || (await this.storage.exists(thumbnailKey))))
          .catch((err: unknown) => {
            this.logger.error({ err, job_id: run.jobId, chunk: index }, 'Could not look up a chunk in storage');
            throw new JobFailure('STORAGE_ERROR', 'The video could not be stored; the render was not charged.');
          });
        run.timer.note('reused', stored);
        if (!stored) {
          const videoPath = join(run.workDir, 'chunk.ts');
          const thumbnailPath = last ? join(run.workDir, 'thumb.jpg') : undefined;
          await this.render(run.timer, {
            props,
            frameRange: range,
            videoPath,
            thumbnailPath,
            onProgress: this.chunkFramesReporter(run, task, plan, index),
            signal: run.signal,
            timeoutMs: renderTimeoutMs(this.config.rendering.timeoutSeconds, props),
          });
          if (!(await run.stillProcessing())) return 'cancelled';
          const removeStored = () =>
            Promise.all([this.storage.delete(chunkKey), last ? this.storage.delete(thumbnailKey) : undefined]).catch(() => undefined);
          try {
            await run.timer.time('storage', async () => {
              await this.storage.putFile(chunkKey, videoPath, 'video/mp2t', 'private, no-store');
              if (thumbnailPath) await this.storage.putFile(thumbnailKey, thumbnailPath, 'image/jpeg', 'private, no-store');
            });
          } catch (err) {
            this.logger.error({ err, job_id: run.jobId, chunk: index }, 'Could not store a rendered chunk');
            await removeStored();
            throw new JobFailure('STORAGE_ERROR', 'The video was rendered but could not be stored; the render was not charged.');
          }
          // The job may have ended while the file was stored, after its chunks were cleaned up: leave nothing behind.
          if (!(await run.stillProcessing())) {
            await removeStored();
            return 'cancelled';
          }
        }
        const progress = await this.chunks.recordFrames(run.jobId, plan, index, framesIn(range)).catch(() => null);
        if (progress !== null) await this.lifecycle.progress(run.jobId, progress).catch(() => undefined);
        const all = await run.timer.time('mark_stored', () => this.chunks.markStored(run.jobId, plan, index));
        if (all) await run.timer.time('join_queued', () => this.queue.addJoin(task.data));
        return 'complete';
      },
      index,
    );
  }

  /** The join: the chunk files fetched, joined into the MP4, stored with the thumbnail, and the job completed. */
  private handleJoin(task: RenderTask): Promise<void> {
    return this.runPart(task, 'join', async (run, { plan, props }) => {
      void this.lifecycle.progress(run.jobId, JOINING_PROGRESS).catch(() => undefined);
      const chunkPaths = plan.ranges.map((_, index) => join(run.workDir, `chunk-${index}.ts`));
      const thumbnailPath = join(run.workDir, 'thumb.jpg');
      try {
        await run.timer.time('download', () =>
          Promise.all([
            ...plan.ranges.map((range, index) => this.storage.getFile(this.chunks.chunkKey(run.jobId, range), chunkPaths[index])),
            this.storage.getFile(this.chunks.thumbnailKey(run.jobId), thumbnailPath),
          ]),
        );
      } catch (err) {
        if (!(await run.stillProcessing())) return 'cancelled';
        this.logger.error({ err, job_id: run.jobId }, 'Could not fetch the chunks to join');
        throw new JobFailure('STORAGE_ERROR', 'The video was rendered but could not be stored; the render was not charged.');
      }
      const videoPath = join(run.workDir, 'video.mp4');
      const video = await this.renderer.joinChunks({
        chunkPaths,
        videoPath,
        fps: props.fps,
        durationInFrames: props.durationInFrames,
        framesPerChunk: plan.framesPerChunk,
        signal: run.signal,
        timer: run.timer,
      });
      if (!(await run.stillProcessing())) return 'cancelled';
      if (!(await this.finish(run.jobId, run.timer, video, videoPath, thumbnailPath))) return 'cancelled';
      this.logger.log({ job_id: run.jobId, chunks: plan.ranges.length, file_size_bytes: video.file_size_bytes }, 'Render job complete');
      return 'complete';
    });
  }

  /**
   * A chunk's progress: its frames told to Redis (at most every CHUNK_FRAMES_REPORT_MS), and the job's progress
   * (the sum over its chunks) written when this worker is the one to write it this second.
   */
  private chunkFramesReporter(run: EntryRun, task: RenderTask, plan: ChunkPlan, index: number) {
    const frames = framesIn(plan.ranges[index]);
    let lastReport = 0;
    return (fraction: number) => {
      const now = Date.now();
      if (now - lastReport < CHUNK_FRAMES_REPORT_MS || fraction >= 1) return;
      lastReport = now;
      const rendered = Math.round(Math.min(1, fraction / 0.97) * frames);
      task.reportProgress(Math.min(0.99, rendered / frames));
      void this.chunks
        .recordFrames(run.jobId, plan, index, rendered)
        .then(async (progress) => {
          if (progress === null) return;
          const stop = run.writes.start('progress_writes');
          await this.lifecycle.progress(run.jobId, Math.min(CHUNK_FRAMES_SHARE, progress)).finally(() => stop());
        })
        .catch(() => undefined);
    };
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
    const won = await this.lifecycle
      .fail(data.jobId, {
        code: 'RENDER_FAILED',
        message: 'The render was interrupted repeatedly and was abandoned; the render was not charged.',
      })
      .catch(() => false);
    // A chunk given up on fails its job: the job's other chunks stop, as on a cancel.
    if (won && (data.chunk !== undefined || data.join))
      await this.redis.publish(this.keys.key(CANCEL_CHANNEL), data.jobId).catch(() => undefined);
  }
}
