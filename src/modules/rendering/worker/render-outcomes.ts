import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { failpoint } from '../../../common/util/failpoints';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { APP_CONFIG, AppConfig } from '../../../config';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { STORAGE, StoragePort } from '../../../infrastructure/storage/storage.port';
import { JobFailure } from '../errors/rendering.errors';
import { CANCEL_CHANNEL } from '../jobs/cancel-channel';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import type { RenderQueueData } from '../jobs/render-queue';
import { RenderCancelledError, RenderedVideo } from '../renderer';
import { RenderEntry, RenderOutcome } from './render-timings';
import { RunningEntries } from './running-entries';

/**
 * How a queue entry's work ends the job, the same for a whole job and for a split job's parts: the files stored
 * and the job completed, or the job failed once (the first failure of its chunks wins) with its other chunks told
 * to stop, or nothing written (cancelled, or interrupted by a shutdown and left to the queue).
 */
@Injectable()
export class RenderOutcomes {
  private readonly logger = new Logger(RenderOutcomes.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: JobLifecycle,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly running: RunningEntries,
  ) {}

  /** Stores the video and thumbnail and completes the job; false when the job was cancelled (or ended) meanwhile. */
  async finish(jobId: string, timer: PhaseTimer, video: RenderedVideo, videoPath: string, thumbnailPath: string): Promise<boolean> {
    const videoKey = `renders/${jobId}.mp4`;
    const thumbnailKey = `renders/${jobId}_thumb.jpg`;
    const removeStored = () =>
      timer.time('storage_remove', () =>
        Promise.all([this.storage.delete(videoKey), this.storage.delete(thumbnailKey)]).catch(() => undefined),
      );
    try {
      await timer.time('storage', () => this.storage.putFile(videoKey, videoPath, 'video/mp4'));
      failpoint('worker.between-uploads');
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
    // Lost to another attempt of the same job (a queue entry delivered twice) that completed: the files under these
    // keys are that attempt's now, and stay. Lost to a cancel or a failure: nothing may stay.
    if (!done && (await this.lifecycle.statusOf(jobId)) !== 'complete') await removeStored();
    return done;
  }

  /**
   * What a throw ends an entry as: `interrupted` by a shutdown (left to the queue), `cancelled`, or `failed`, which
   * fails the job (the first failure of its chunks wins; the job ends once) and tells its other chunks to stop.
   */
  async failed(jobId: string, entry: RenderEntry, err: unknown, timer: PhaseTimer, durationMs: number): Promise<RenderOutcome> {
    if (this.running.shuttingDown) {
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
    if (won && entry !== 'job') await this.stopOtherChunks(jobId);
    return 'failed';
  }

  /** The queue gave up on an entry that stalled too often (its workers kept dying): the job fails. */
  async givenUp(data: RenderQueueData, err: Error): Promise<void> {
    if (this.running.shuttingDown) return;
    this.logger.error({ err, job_id: data.jobId, code: 'RENDER_FAILED' }, 'Render queue gave up on a job');
    const won = await this.lifecycle
      .fail(data.jobId, {
        code: 'RENDER_FAILED',
        message: 'The render was interrupted repeatedly and was abandoned; the render was not charged.',
      })
      .catch(() => false);
    if (won && (data.chunk !== undefined || data.join)) await this.stopOtherChunks(data.jobId);
  }

  logCancelled(jobId: string, durationMs: number): void {
    this.logger.log({ job_id: jobId, duration_ms: durationMs }, 'Render job stopped: cancelled');
  }

  /** A failed chunk fails its job: the job's other chunks, on every worker, stop as on a cancel. */
  private async stopOtherChunks(jobId: string): Promise<void> {
    await this.redis.publish(this.keys.key(CANCEL_CHANNEL), jobId).catch(() => undefined);
  }
}
