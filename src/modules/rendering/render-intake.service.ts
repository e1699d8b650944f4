import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Queue } from 'bull';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config';
import { Errors } from '../../common/errors';
import { SmartBatcher } from '../../common/util/smart-batcher';
import { iso } from '../../common/util/time';
import { RENDER_QUEUE } from '../../infrastructure/queue/queue.module';
import type { Principal } from '../auth';
import { UsageService } from '../billing';
import { preloadGazetteer } from '../routing';
import type { CreateRenderDto } from './dto/create-render.dto';
import type { AcceptedRenderDto } from './dto/render-responses.dto';
import { RenderAdmission } from './admission/render-admission';
import { RenderJob } from './entities/render-job.entity';
import { statusUrl } from './job-presenter';
import { newQueuedJob } from './queued-job';

export interface RenderQueueData {
  jobId: string;
  accountId: string;
}

/** A job's entry on the render queue: the Bull job id is our job id, so adding it again is a no-op. */
export function renderQueueEntry(job: Pick<RenderJob, 'id' | 'accountId'>) {
  return { data: { jobId: job.id, accountId: job.accountId }, opts: { jobId: job.id, removeOnComplete: true, removeOnFail: 1000 } };
}

/**
 * Accepts render requests: RenderAdmission runs the checks of contract §6 and stores the job with
 * its usage, then the job goes on the render queue.
 */
@Injectable()
export class RenderIntakeService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RenderIntakeService.name);
  private readonly queueAdds = new SmartBatcher<RenderJob>((jobs) => this.addToQueue(jobs), { maxConcurrentFlushes: 2, maxWeight: 500 });

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    @InjectQueue(RENDER_QUEUE) private readonly queue: Queue<RenderQueueData>,
    private readonly usage: UsageService,
    private readonly admission: RenderAdmission,
  ) {}

  /** Loads the offline gazetteer at boot, so the first request naming a `place` does not pay for it. */
  onApplicationBootstrap(): void {
    preloadGazetteer();
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
   * Puts the job on the render queue (the Bull job id is our job id, so a repeat is a no-op).
   * If Redis refuses, the job is marked failed and its render given back, and the client hears
   * so at once; a job whose add was lost without an answer (a crash) is re-queued by the worker's
   * RenderQueueSweeper.
   */
  async enqueue(job: RenderJob): Promise<void> {
    try {
      await this.queueAdds.submit(job);
    } catch (err) {
      this.logger.error({ err, job_id: job.id }, 'Could not enqueue a render job');
      await this.jobs.update({ id: job.id }, { status: 'failed', errorCode: 'RENDER_FAILED', errorMessage: 'The job could not be queued; it was not charged.', failedAt: new Date() });
      await this.usage.release(job.id, { giveBack: true });
      throw Errors.serviceUnavailable('The render queue');
    }
  }

  /** One Redis round trip (MULTI) for every job that became ready while the last adds were in flight. */
  private async addToQueue(jobs: RenderJob[]): Promise<void> {
    const added = await this.queue.addBulk(jobs.map(renderQueueEntry));
    // addBulk does not report a refused add (that job just has no id): failing the flush makes the
    // batcher add each job again on its own, so the refused one fails alone.
    if (added.some((queued) => !queued.id)) throw new Error('Redis refused a render queue add');
  }
}
