import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { UsageService } from '../../billing';
import { RenderJob } from '../entities/render-job.entity';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { RenderQueue, renderQueueData } from '../jobs/render-queue';
import { RenderBatchJob } from './entities/render-batch-job.entity';
import { RenderBatch } from './entities/render-batch.entity';

const LOCK_TTL_MS = 15_000;
const LOCK_WAIT_MS = 20_000;
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;

/**
 * Starts waiting batch jobs so the account never has more than its concurrent limit running:
 * batch jobs are stored `queued` but put on the render queue only while
 * (processing jobs + queued jobs already on the queue) < limit. Runs after every batch creation
 * and every job end, under a per-account Redis lock so two workers ending jobs at the same moment
 * cannot both fill the same free slot. Waiting jobs start oldest batch first, in submission order.
 */
@Injectable()
export class BatchScheduler {
  private readonly logger = new Logger(BatchScheduler.name);

  constructor(
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    @InjectRepository(RenderBatchJob) private readonly batchJobs: Repository<RenderBatchJob>,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly usage: UsageService,
    private readonly renderQueue: RenderQueue,
    private readonly lifecycle: JobLifecycle,
  ) {}

  /**
   * Returns the ids of the jobs put on the render queue. A job the queue refused is failed (its
   * render given back) once the account's lock is released: ending it runs this again.
   */
  async startWaiting(accountId: string): Promise<string[]> {
    const { limits } = await this.usage.limitsFor(accountId);
    const refused: string[] = [];
    const started = await this.withAccountLock(accountId, async () => {
      const running = await this.runningCount(accountId);
      const free = limits.concurrent_jobs - running;
      if (free <= 0) return [];
      const waiting = await this.jobs
        .createQueryBuilder('job')
        .innerJoin(RenderBatchJob, 'bj', 'bj.job_id = job.id')
        .innerJoin(RenderBatch, 'batch', 'batch.id = bj.batch_id')
        .where('bj.account_id = :accountId', { accountId })
        .andWhere('bj.enqueued_at IS NULL')
        .andWhere("job.status = 'queued'")
        .orderBy('batch.created_at', 'ASC')
        .addOrderBy('batch.id', 'ASC')
        .addOrderBy('bj.position', 'ASC')
        .limit(free)
        .getMany();
      const queued: string[] = [];
      for (const job of waiting) {
        const claimed = await this.batchJobs.update({ jobId: job.id, enqueuedAt: IsNull() }, { enqueuedAt: new Date() });
        if (!claimed.affected) continue;
        try {
          await this.renderQueue.add(renderQueueData(job));
          queued.push(job.id);
        } catch (err) {
          // The others may still start.
          this.logger.error({ err, job_id: job.id }, 'Could not start a waiting batch job');
          refused.push(job.id);
        }
      }
      return queued;
    });
    for (const jobId of refused) {
      await this.lifecycle.fail(jobId, { code: 'RENDER_FAILED', message: 'The job could not be queued; it was not charged.' });
    }
    return started;
  }

  /** Jobs holding a slot: processing, or queued and already on the render queue (single renders always are). */
  private async runningCount(accountId: string): Promise<number> {
    return this.jobs
      .createQueryBuilder('job')
      .leftJoin(RenderBatchJob, 'bj', 'bj.job_id = job.id')
      .where('job.account_id = :accountId', { accountId })
      .andWhere("(job.status = 'processing' OR (job.status = 'queued' AND (bj.job_id IS NULL OR bj.enqueued_at IS NOT NULL)))")
      .getCount();
  }

  private async withAccountLock<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    const key = this.keys.key('batch-scheduler', accountId);
    const token = randomBytes(12).toString('hex');
    const deadline = Date.now() + LOCK_WAIT_MS;
    while ((await this.redis.set(key, token, 'PX', LOCK_TTL_MS, 'NX')) !== 'OK') {
      if (Date.now() > deadline) {
        // Whoever holds the lock is scheduling this account right now; the next job end tries again.
        this.logger.warn({ account_id: accountId }, 'Batch scheduler lock busy; skipped this round');
        return [] as unknown as T;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    try {
      return await work();
    } finally {
      await this.redis.eval(RELEASE_SCRIPT, 1, key, token).catch(() => undefined);
    }
  }
}
