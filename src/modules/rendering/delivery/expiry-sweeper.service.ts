import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { STORAGE } from '../../../infrastructure/storage/storage.port';
import type { StoragePort } from '../../../infrastructure/storage/storage.port';
import { SweepSchedule } from '../../../infrastructure/sweeps/sweep-schedule';
import { RenderJob } from '../entities/render-job.entity';

export const SWEEP_INTERVAL_MS = 60_000;
export const SWEEP_BATCH_SIZE = 100;

/**
 * Deletes the files of jobs past `expires_at` (worker role): every minute across the fleet (SweepSchedule), in batches, both keys
 * through the storage port, then marks the job `files_deleted_at`. A job whose deletion fails is
 * left unmarked and retried on the next sweep; re-running a sweep is harmless.
 */
@Injectable()
export class ExpirySweeperService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ExpirySweeperService.name);
  private running: Promise<number> | undefined;

  constructor(
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly schedule: SweepSchedule,
  ) {}

  onModuleInit(): void {
    this.schedule.register({ name: 'expired-files', everyMs: SWEEP_INTERVAL_MS, run: () => this.sweepOnce() });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /** Sweeps every job expired at `now`; returns how many jobs had their files deleted. Concurrent calls share one run. */
  sweepOnce(now: Date = new Date()): Promise<number> {
    if (!this.running) {
      this.running = this.sweep(now).finally(() => {
        this.running = undefined;
      });
    }
    return this.running;
  }

  private async sweep(now: Date): Promise<number> {
    let swept = 0;
    let failed = 0;
    // Keyset pagination by id, so jobs whose deletion failed are not selected again in this run.
    let afterId = '';
    for (;;) {
      const batch = await this.jobs
        .createQueryBuilder('job')
        .select(['job.id', 'job.videoKey', 'job.thumbnailKey'])
        .where('job.expires_at <= :now', { now })
        .andWhere('job.files_deleted_at IS NULL')
        .andWhere('job.id > :afterId', { afterId })
        .orderBy('job.id', 'ASC')
        .limit(SWEEP_BATCH_SIZE)
        .getMany();
      for (const job of batch) {
        try {
          for (const key of [job.videoKey, job.thumbnailKey]) if (key) await this.storage.delete(key);
          const result = await this.jobs.update({ id: job.id, filesDeletedAt: IsNull() }, { filesDeletedAt: now });
          if (result.affected) swept += 1;
        } catch (err) {
          failed += 1;
          this.logger.warn({ err, jobId: job.id }, 'Could not delete expired files; will retry on the next sweep');
        }
      }
      if (batch.length < SWEEP_BATCH_SIZE) break;
      afterId = batch[batch.length - 1].id;
    }
    if (swept || failed) this.logger.log({ swept, failed }, `Expiry sweep: deleted the files of ${swept} job(s), ${failed} failed`);
    return swept;
  }
}
