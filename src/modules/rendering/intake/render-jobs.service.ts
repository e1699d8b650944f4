import { Inject, Injectable, Logger } from '@nestjs/common';
import Redis from 'ioredis';
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
import { RenderJobs } from '../jobs/render-job.repository';
import { RenderQueue } from '../jobs/render-queue';
import { RenderingErrors } from '../errors/rendering.errors';
import { decodeCursor, encodeCursor } from './list-cursor';

/** Reading, listing and cancelling jobs. Sandbox keys see only sandbox jobs, live credentials only live ones. */
@Injectable()
export class RenderJobsService {
  private readonly logger = new Logger(RenderJobsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jobs: RenderJobs,
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
    const job = await this.jobs.ownedBy(principal, jobId);
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
      reread: async () => (await this.jobs.byId(job.id)) ?? job,
      changed: (now) => now.status !== job.status,
    });
  }

  async list(principal: Principal, query: { status?: JobStatus; limit: number; cursor?: string }): Promise<JobListDto> {
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await this.jobs.newestFirst(principal, {
      status: query.status,
      after: cursor && { createdAt: new Date(cursor.t), id: cursor.id },
      take: query.limit + 1,
    });
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
    const current = await this.jobs.current(job.id);
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
