import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { Brackets, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { CommonErrors } from '../../../common/errors';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import type { Principal } from '../../auth';
import { routePlanToFeatureCollection } from '../../routing';
import { ACTIVE_STATUSES, JobStatus, RenderJob } from '../entities/render-job.entity';
import type { JobListDto, JobRecordDto, RouteGeoJsonDto } from '../dto/render-responses.dto';
import { HeldReads } from './held-reads';
import { presentJob } from '../jobs/job-presenter';
import { CANCEL_CHANNEL } from '../jobs/cancel-channel';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { RenderQueue } from '../jobs/render-queue';
import { RenderingErrors } from '../errors/rendering.errors';
import { decodeCursor, encodeCursor } from './list-cursor';

/** Reading, listing and cancelling jobs. Sandbox keys see only sandbox jobs, live credentials only live ones. */
@Injectable()
export class RenderJobsService {
  private readonly logger = new Logger(RenderJobsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    private readonly renderQueue: RenderQueue,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly lifecycle: JobLifecycle,
    private readonly heldReads: HeldReads,
  ) {}

  present(job: RenderJob): JobRecordDto {
    return presentJob(job, this.config.http);
  }

  /** The caller's job; another account's (or the other mode's) job is a 404, never a 403. */
  async findOwned(principal: Principal, jobId: string): Promise<RenderJob> {
    const job = await this.jobs.findOneBy({ id: jobId, accountId: principal.accountId, sandbox: principal.sandbox });
    if (!job) throw CommonErrors.notFound('Render job');
    return job;
  }

  /**
   * The caller's job, held up to `waitSeconds` while its status stays what it was when asked: answers as soon as the
   * status changes (queued → processing, or the job ends), else when the time is up, with the job as it is then (its
   * progress moved on). A job that has already ended answers at once; so does every held read when `signal` aborts
   * (the client went away) or the application stops.
   */
  async findOwnedOnChange(principal: Principal, jobId: string, waitSeconds: number, signal: AbortSignal): Promise<RenderJob> {
    const job = await this.findOwned(principal, jobId);
    if (waitSeconds <= 0 || !ACTIVE_STATUSES.includes(job.status)) return job;
    return this.heldReads.hold(job.accountId, {
      waitSeconds,
      signal,
      reread: async () => (await this.jobs.findOneBy({ id: job.id })) ?? job,
      changed: (now) => now.status !== job.status,
    });
  }

  async list(principal: Principal, query: { status?: JobStatus; limit: number; cursor?: string }): Promise<JobListDto> {
    const qb = this.jobs
      .createQueryBuilder('job')
      .where('job.account_id = :accountId', { accountId: principal.accountId })
      .andWhere('job.sandbox = :sandbox', { sandbox: principal.sandbox })
      .orderBy('job.created_at', 'DESC')
      .addOrderBy('job.id', 'DESC')
      .take(query.limit + 1);
    if (query.status) qb.andWhere('job.status = :status', { status: query.status });
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor);
      const at = new Date(cursor.t);
      qb.andWhere(
        new Brackets((w) => {
          w.where('job.created_at < :at', { at }).orWhere(
            new Brackets((x) => x.where('job.created_at = :at', { at }).andWhere('job.id < :id', { id: cursor.id })),
          );
        }),
      );
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, query.limit);
    return {
      data: page.map((j) => this.present(j)),
      next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null,
    } satisfies JobListDto;
  }

  /**
   * Cancels a queued or processing job: the status changes atomically (so a job that finishes at
   * the same moment is either complete or cancelled, never both) and the render is given back
   * (JobLifecycle's job end), then a running render is told to stop and the queue entry removed.
   */
  async cancel(principal: Principal, jobId: string): Promise<RenderJob> {
    const job = await this.findOwned(principal, jobId);
    const cancelled = await this.lifecycle.cancel(job.id);
    const current = await this.jobs.findOneByOrFail({ id: job.id });
    if (!cancelled) throw RenderingErrors.jobNotCancellable(current.status);
    await this.redis.publish(this.keys.key(CANCEL_CHANNEL), job.id);
    try {
      await this.renderQueue.remove(job.id);
    } catch (err) {
      // The worker checks the job's status before rendering, so a leftover queue entry is harmless.
      this.logger.warn({ err, job_id: job.id }, 'Could not remove a cancelled job from the queue');
    }
    return current;
  }

  async route(principal: Principal, jobId: string): Promise<RouteGeoJsonDto> {
    const job = await this.findOwned(principal, jobId);
    if (!job.route) throw RenderingErrors.routeNotReady();
    return routePlanToFeatureCollection(job.route) satisfies RouteGeoJsonDto;
  }
}
