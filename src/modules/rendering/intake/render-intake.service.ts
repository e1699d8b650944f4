import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config';
import { CommonErrors } from '../../../common/errors';
import { failpoint } from '../../../common/util/failpoints';
import { iso } from '../../../common/util/time';
import type { Principal } from '../../auth';
import { preloadCountries, preloadGazetteer } from '../../routing';
import type { CreateRenderDto } from '../dto/create-render.dto';
import type { AcceptedRenderDto } from '../dto/render-responses.dto';
import { RenderAdmission } from '../admission/render-admission';
import { RenderJob } from '../entities/render-job.entity';
import { statusUrl } from '../jobs/job-presenter';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { RenderJobs } from '../jobs/render-job.repository';
import { RenderQueue, renderQueueData } from '../jobs/render-queue';
import { newQueuedJob } from './queued-job';

/**
 * Accepts render requests: RenderAdmission runs the checks of contract §6 and stores the job with
 * its usage, then the job goes on the render queue.
 */
@Injectable()
export class RenderIntakeService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RenderIntakeService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly renderQueue: RenderQueue,
    private readonly lifecycle: JobLifecycle,
    private readonly admission: RenderAdmission,
    private readonly jobs: RenderJobs,
  ) {}

  /** Loads the offline gazetteer and country list at boot, so the first request naming a place or a country does not pay for it. */
  onApplicationBootstrap(): void {
    preloadGazetteer();
    preloadCountries();
  }

  /** Accepts a render; `idempotencyKey` is stored with the job, in the same write (see `acceptedUnder`). */
  async create(principal: Principal, dto: CreateRenderDto, idempotencyKey?: string): Promise<AcceptedRenderDto> {
    const { job } = await this.admission.admit(principal, { bodies: [dto], batch: false, webhookUrl: dto.webhook_url }, ([request], at) => {
      const job = Object.assign(newQueuedJob(principal, request, at), { idempotencyKey: idempotencyKey ?? null });
      return { job, jobIds: [job.id], rows: [{ entity: RenderJob, rows: [job] }] };
    });
    await this.enqueue(job);
    return this.accepted(job);
  }

  /**
   * The answer to the request that created the caller's job under `idempotencyKey` since `since`, if it did: for a retry after the
   * API died between storing the job and answering (IdempotencyService). A job still queued gets its queue entry now
   * (a no-op when it has one) rather than waiting for the sweep.
   */
  async acceptedUnder(principal: Principal, idempotencyKey: string, since: Date): Promise<AcceptedRenderDto | undefined> {
    // Since the key's record was made: an older job under the key belongs to an earlier use of it (records expire).
    const job = await this.jobs.latestUnderIdempotencyKey(principal, idempotencyKey, since);
    if (!job) return undefined;
    if (job.status === 'queued' && !job.batchId) {
      await this.renderQueue.add(renderQueueData(job)).catch((err: unknown) => {
        this.logger.warn({ err, job_id: job.id }, 'Could not queue a recovered render job; the queue sweep will');
      });
    }
    return this.accepted(job);
  }

  private accepted(job: RenderJob): AcceptedRenderDto {
    return {
      job_id: job.id,
      status: 'queued',
      estimated_duration_seconds: job.estimatedDurationSeconds,
      status_url: statusUrl(this.config.http, job.id),
      created_at: iso(job.createdAt),
      sandbox: job.sandbox,
    } satisfies AcceptedRenderDto;
  }

  /**
   * Puts the job on the render queue (the entry's id is the job id, so a repeat is a no-op; adds
   * made meanwhile share one round trip). If Redis refuses, the job fails (its render is given
   * back) and the client hears so at once; a job whose add was lost without an answer (a crash)
   * is re-queued by the worker's RenderQueueSweeper.
   */
  async enqueue(job: RenderJob): Promise<void> {
    failpoint('intake.before-queue-add');
    try {
      await this.renderQueue.add(renderQueueData(job));
    } catch (err) {
      this.logger.error({ err, job_id: job.id }, 'Could not enqueue a render job');
      await this.lifecycle.fail(job.id, { code: 'RENDER_FAILED', message: 'The job could not be queued; it was not charged.' });
      throw CommonErrors.serviceUnavailable('The render queue');
    }
  }
}
