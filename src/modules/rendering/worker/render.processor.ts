import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Job, Queue } from 'bull';
import Redis from 'ioredis';
import { In, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { RENDER_QUEUE } from '../../../infrastructure/queue/queue.module';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { STORAGE, StoragePort } from '../../../infrastructure/storage/storage.port';
import { RoutePlanner, RoutingError } from '../../routing';
import { buildCompositionProps } from '../contract';
import { RenderJob } from '../entities/render-job.entity';
import { JobEventsService } from '../job-events.service';
import { JobFailure } from '../job-failure';
import type { RenderQueueData } from '../render-intake.service';
import { CANCEL_CHANNEL } from '../render-jobs.service';
import { RenderCancelledError, Renderer } from '../renderer';
import { RENDERER } from './renderer.provider';

/** Progress is written at most this often, so a render does not hammer the database. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;

/**
 * Renders queued jobs: routing (before any frame) → composition props → Remotion → files to
 * storage → final state. State changes are conditional updates, so a job cancelled meanwhile, or
 * finished by another worker after a crash, ends in exactly one final state.
 */
@Injectable()
export class RenderProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RenderProcessor.name);
  private readonly running = new Map<string, AbortController>();
  private subscriber?: Redis;
  private shuttingDown = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectQueue(RENDER_QUEUE) private readonly queue: Queue<RenderQueueData>,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    @Inject(RENDERER) private readonly renderer: Renderer,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly jobEvents: JobEventsService,
    private readonly routePlanner: RoutePlanner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Cancellations arrive on a pub/sub channel: whichever worker renders the job stops it.
    this.subscriber = this.redis.duplicate();
    await this.subscriber.subscribe(this.keys.key(CANCEL_CHANNEL));
    this.subscriber.on('message', (_channel, jobId: string) => this.running.get(jobId)?.abort());
    void this.queue.process(this.config.rendering.workerConcurrency, (job) => this.handle(job));
    // Bull gives up on a job that stalled too often (its workers kept dying): record that.
    this.queue.on('failed', (job, err) => void this.recordGivenUp(job, err));
  }

  /**
   * Shutdown: stop taking jobs, stop the browser (running renders end), and leave their jobs
   * `processing`: Bull sees them stall and another worker (or this one, restarted) takes them up.
   */
  async onApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    await this.queue.close(true).catch(() => undefined);
    for (const controller of this.running.values()) controller.abort();
    await this.renderer.stop().catch(() => undefined);
    await this.subscriber?.quit().catch(() => undefined);
  }

  async handle(bullJob: Job<RenderQueueData>): Promise<void> {
    const jobId = bullJob.data.jobId;
    const claimed = await this.jobs
      .createQueryBuilder()
      .update(RenderJob)
      .set({ status: 'processing', attempts: () => 'attempts + 1' })
      .where('id = :id', { id: jobId })
      .andWhere({ status: In(['queued', 'processing']) })
      .execute();
    if (!claimed.affected) return; // cancelled before it started, or already finished
    await this.jobs.createQueryBuilder().update(RenderJob).set({ startedAt: new Date() }).where('id = :id AND started_at IS NULL', { id: jobId }).execute();
    const job = await this.jobs.findOneByOrFail({ id: jobId });

    const controller = new AbortController();
    this.running.set(jobId, controller);
    const workDir = join(this.config.rendering.tempDir, 'jobs', jobId);
    try {
      mkdirSync(workDir, { recursive: true });
      const plan = await this.routePlanner.plan(job.request).catch((err: unknown) => {
        throw err instanceof RoutingError ? new JobFailure(err.code, err.message) : err;
      });
      await this.jobs.update({ id: jobId }, { route: plan });
      if (await this.wasCancelled(jobId)) return;

      const props = buildCompositionProps(job.request, plan, { sandbox: job.sandbox });
      const progress = this.progressWriter(jobId, bullJob);
      const video = await this.renderer.render({
        props,
        videoPath: join(workDir, 'video.mp4'),
        thumbnailPath: join(workDir, 'thumb.jpg'),
        onProgress: progress,
        signal: controller.signal,
        timeoutMs: this.config.rendering.timeoutSeconds * 1000,
      });
      if (await this.wasCancelled(jobId)) return;

      const videoKey = `renders/${jobId}.mp4`;
      const thumbnailKey = `renders/${jobId}_thumb.jpg`;
      try {
        await this.storage.putFile(videoKey, join(workDir, 'video.mp4'), 'video/mp4');
        await this.storage.putFile(thumbnailKey, join(workDir, 'thumb.jpg'), 'image/jpeg');
      } catch (err) {
        this.logger.error({ err, job_id: jobId }, 'Could not store the rendered files');
        throw new JobFailure('STORAGE_ERROR', 'The video was rendered but could not be stored; the render was not charged.');
      }
      const completedAt = new Date();
      const done = await this.finish(jobId, {
        status: 'complete',
        progress: 1,
        videoKey,
        thumbnailKey,
        durationSeconds: Math.round(video.duration_seconds),
        resolution: `${video.width}x${video.height}`,
        fileSizeBytes: video.file_size_bytes,
        completedAt,
        expiresAt: new Date(completedAt.getTime() + this.config.storage.retentionDays * 24 * 3600_000),
      });
      if (!done) await Promise.all([this.storage.delete(videoKey), this.storage.delete(thumbnailKey)]).catch(() => undefined);
    } catch (err) {
      if (err instanceof RenderCancelledError || this.shuttingDown) {
        if (this.shuttingDown) throw err; // leave the job to be taken up again
        return;
      }
      const failure =
        err instanceof JobFailure ? err : new JobFailure('RENDER_FAILED', 'The renderer failed on this job; the render was not charged.');
      if (!(err instanceof JobFailure)) this.logger.error({ err, job_id: jobId }, 'Render crashed');
      await this.finish(jobId, { status: 'failed', errorCode: failure.code, errorMessage: failure.message.slice(0, 500), failedAt: new Date() });
    } finally {
      this.running.delete(jobId);
      rmSync(workDir, { recursive: true, force: true });
    }
  }

  /** Moves a processing job to its final state, unless it was cancelled meanwhile. Returns whether it did. */
  private async finish(jobId: string, changes: Partial<RenderJob>): Promise<boolean> {
    const result = await this.jobs
      .createQueryBuilder()
      .update(RenderJob)
      .set(changes)
      .where('id = :id', { id: jobId })
      .andWhere({ status: 'processing' })
      .execute();
    if (!result.affected) return false;
    await this.jobEvents.onJobEnded(await this.jobs.findOneByOrFail({ id: jobId }));
    return true;
  }

  private async wasCancelled(jobId: string): Promise<boolean> {
    return (await this.jobs.findOne({ select: { status: true }, where: { id: jobId } }))?.status !== 'processing';
  }

  private progressWriter(jobId: string, bullJob: Job<RenderQueueData>) {
    let lastWrite = 0;
    return (fraction: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_INTERVAL_MS || fraction >= 1) return;
      lastWrite = now;
      const progress = Math.round(Math.min(0.99, fraction) * 1000) / 1000;
      void this.jobs.update({ id: jobId, status: 'processing' }, { progress }).catch(() => undefined);
      void bullJob.progress(Math.round(progress * 100)).catch(() => undefined);
    };
  }

  private async recordGivenUp(bullJob: Job<RenderQueueData> | undefined, err: Error): Promise<void> {
    if (!bullJob || this.shuttingDown) return;
    this.logger.error({ err, job_id: bullJob.data.jobId }, 'Render queue gave up on a job');
    await this.finish(bullJob.data.jobId, {
      status: 'failed',
      errorCode: 'RENDER_FAILED',
      errorMessage: 'The render was interrupted repeatedly and was abandoned; the render was not charged.',
      failedAt: new Date(),
    }).catch(() => undefined);
  }
}
