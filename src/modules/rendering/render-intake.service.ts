import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';
import { CommonErrors } from '../../common/errors';
import { iso } from '../../common/util/time';
import type { Principal } from '../auth';
import { preloadCountries, preloadGazetteer } from '../routing';
import type { CreateRenderDto } from './dto/create-render.dto';
import type { AcceptedRenderDto } from './dto/render-responses.dto';
import { RenderAdmission } from './admission/render-admission';
import { RenderJob } from './entities/render-job.entity';
import { statusUrl } from './job-presenter';
import { JobLifecycle } from './jobs/job-lifecycle.service';
import { RenderQueue, renderQueueData } from './jobs/render-queue';
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
  ) {}

  /** Loads the offline gazetteer and country list at boot, so the first request naming a place or a country does not pay for it. */
  onApplicationBootstrap(): void {
    preloadGazetteer();
    preloadCountries();
  }

  async create(principal: Principal, dto: CreateRenderDto): Promise<AcceptedRenderDto> {
    const { job } = await this.admission.admit(principal, { bodies: [dto], batch: false, webhookUrl: dto.webhook_url }, ([request], at) => {
      const job = newQueuedJob(principal, request, at);
      return { job, jobIds: [job.id], rows: [{ entity: RenderJob, rows: [job] }] };
    });
    await this.enqueue(job);
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
    try {
      await this.renderQueue.add(renderQueueData(job));
    } catch (err) {
      this.logger.error({ err, job_id: job.id }, 'Could not enqueue a render job');
      await this.lifecycle.fail(job.id, { code: 'RENDER_FAILED', message: 'The job could not be queued; it was not charged.' });
      throw CommonErrors.serviceUnavailable('The render queue');
    }
  }
}
