import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { APP_CONFIG, AppConfig } from '../../../config';
import { STORAGE, StoragePort } from '../../../infrastructure/storage/storage.port';
import { JobFailure } from '../errors/rendering.errors';
import { rendersInPage } from '../../contract';
import { CHUNK_FRAMES_SHARE, ChunkPlan, framesIn, IN_PAGE_CHUNKS_PER_SLOT, planChunks } from '../jobs/chunk-plan';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { ChunkedJob, RenderChunks } from '../jobs/render-chunks';
import { entryId, RenderQueue, RenderQueueData, RenderTask } from '../jobs/render-queue';
import { Renderer, RenderVideoInput } from '../renderer';
import { renderWithPhases } from './render-call';
import { RenderOutcomes } from './render-outcomes';
import { renderTimeoutMs } from './render-timeout';
import { RENDER_TIMINGS_MESSAGE, RenderOutcome, renderTimings } from './render-timings';
import { RENDERER, workerScratchDir } from './renderer.provider';
import { RunningEntries } from './running-entries';
import { WorkerPresence } from './worker-presence.service';

/** A chunk tells Redis its frame count at most this often (the job's progress is written from there, once a second). */
const CHUNK_FRAMES_REPORT_MS = 250;
/** Progress shown while a split job's chunks are joined (the chunks filled up to CHUNK_FRAMES_SHARE). */
const JOINING_PROGRESS = 0.97;

/** What the work of a chunk or join entry is given (runPart). */
interface PartRun {
  jobId: string;
  timer: PhaseTimer;
  writes: PhaseTimer;
  signal: AbortSignal;
  workDir: string;
  stillProcessing(): Promise<boolean>;
}

/**
 * A job split into chunks (contract §18, RENDER_CHUNK_FRAMES, ADR 0009). The worker that claimed the job splits it
 * (`split`): it stores the plan and props (RenderChunks) and puts one entry per chunk on the queue instead of
 * rendering. Any worker renders a chunk's frames and stores the file (a chunk already stored is not rendered again);
 * the one that stores the last puts the join on the queue, and the worker that takes it joins the chunks, stores
 * the video and the thumbnail (written by the last chunk's encoder) and completes the job. A chunk that fails fails
 * the job (the first failure wins) and tells the other chunks to stop, as a cancel does.
 */
@Injectable()
export class SplitJobParts {
  private readonly logger = new Logger(SplitJobParts.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queue: RenderQueue,
    private readonly lifecycle: JobLifecycle,
    @Inject(RENDERER) private readonly renderer: Renderer,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly presence: WorkerPresence,
    private readonly chunks: RenderChunks,
    private readonly running: RunningEntries,
    private readonly outcomes: RenderOutcomes,
  ) {}

  /**
   * Splits the job when RENDER_CHUNK_FRAMES is set and more than one worker slot is alive (chunk-plan.ts): stores
   * the plan and props (a plan stored by an earlier attempt wins) and puts the chunks on the queue. Answers the
   * number of chunks; 1 means render the job whole, as if never split; 0 means the job ended while it was split.
   */
  async split(
    data: RenderQueueData,
    props: RenderVideoInput['props'],
    timer: PhaseTimer,
    stillProcessing: () => Promise<boolean>,
  ): Promise<number> {
    const chunkFrames = this.config.rendering.chunkFrames;
    if (!chunkFrames || props.durationInFrames <= chunkFrames) return 1;
    const perSlot = this.config.rendering.engine === 'in_page' && rendersInPage(props) ? IN_PAGE_CHUNKS_PER_SLOT : 1;
    const plan = planChunks(props.durationInFrames, chunkFrames, await timer.time('workers', () => this.presence.aliveSlots()), perSlot);
    if (plan.ranges.length === 1 && !(await this.chunks.load(data.jobId))) return 1;
    return timer.time('split', async () => {
      const stored = await this.chunks.save(data.jobId, { plan, props });
      // An entry taken up again (its worker stalled) may split a job whose chunks have failed meanwhile: the job's
      // end cleaned up its chunks before this save, so clean up again rather than leave the plan behind.
      if (!(await stillProcessing())) {
        await this.chunks.discard(data.jobId);
        return 0;
      }
      await this.queue.addChunks(data, stored.plan.ranges.length);
      return stored.plan.ranges.length;
    });
  }

  /**
   * One chunk: its frames rendered (unless its file is stored already: a chunk whose worker died after storing
   * it), stored, and counted; the chunk that completes the set puts the join on the queue.
   */
  handleChunk(task: RenderTask, index: number): Promise<void> {
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
          await renderWithPhases(this.renderer, run.timer, {
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
  handleJoin(task: RenderTask): Promise<void> {
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
      if (!(await this.outcomes.finish(run.jobId, run.timer, video, videoPath, thumbnailPath))) return 'cancelled';
      this.logger.log({ job_id: run.jobId, chunks: plan.ranges.length, file_size_bytes: video.file_size_bytes }, 'Render job complete');
      return 'complete';
    });
  }

  /**
   * Runs a chunk or join entry of a split job: skipped when the job is no longer processing (cancelled, failed by
   * another chunk, complete) or its plan is gone; otherwise `work` runs with a signal that a cancel of the job
   * aborts, and one `Render timings` line tells where its time went.
   */
  private async runPart(
    task: RenderTask,
    entry: 'chunk' | 'join',
    work: (run: PartRun, job: ChunkedJob) => Promise<RenderOutcome>,
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
    const id = entryId(task.data);
    const signal = this.running.start(id, jobId);
    const workDir = join(workerScratchDir(this.config), 'jobs', id);
    let outcome: RenderOutcome = 'failed';
    try {
      mkdirSync(workDir, { recursive: true });
      outcome = await work(
        {
          jobId,
          timer,
          writes,
          signal,
          workDir,
          stillProcessing: () => timer.time('state_check', () => this.lifecycle.isProcessing(jobId)),
        },
        chunked,
      );
    } catch (err) {
      outcome = await this.outcomes.failed(jobId, entry, err, timer, Date.now() - startedAt);
      if (outcome === 'interrupted') throw err; // the queue hands the entry to another worker
    } finally {
      this.running.end(id);
      if (outcome === 'cancelled') this.outcomes.logCancelled(jobId, Date.now() - startedAt);
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
   * A chunk's progress: its frames told to Redis (at most every CHUNK_FRAMES_REPORT_MS), and the job's progress
   * (the sum over its chunks) written when this worker is the one to write it this second.
   */
  private chunkFramesReporter(run: PartRun, task: RenderTask, plan: ChunkPlan, index: number) {
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
}
