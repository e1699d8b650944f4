import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config';
import { UsageService } from '../../billing';
import { WebhookDispatcher } from '../../webhooks';
import { BatchCompletion } from '../batches/batch-completion.service';
import { BatchScheduler } from '../batches/batch-scheduler.service';
import type { RenderJob } from '../entities/render-job.entity';
import { renderCompletePayload, renderFailedPayload } from './webhook-payloads';
import { JobLifecycle } from '../jobs/job-lifecycle.service';

/**
 * What follows a job's end, whoever ended it (the worker for complete/failed, the API for
 * cancelled), hung off JobLifecycle's one "job ended": the job leaves the concurrent count (failed
 * and cancelled jobs give their render back), waiting batch jobs of the account take the freed
 * slot, and the caller hears about it: render.complete / render.failed for a single job (an
 * account event, and a webhook when the job has a webhook_url; a cancelled job tells nothing), or
 * one batch.complete when a batch's last job ended. Safe to call again for the same job: the usage
 * release is idempotent, an event already recorded is not recorded twice (nor its webhook sent),
 * and the batch's end is claimed by one conditional update.
 */
@Injectable()
export class JobEventsService implements OnModuleInit {
  private readonly logger = new Logger(JobEventsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: JobLifecycle,
    private readonly usage: UsageService,
    private readonly dispatcher: WebhookDispatcher,
    private readonly batches: BatchCompletion,
    private readonly scheduler: BatchScheduler,
  ) {}

  onModuleInit(): void {
    this.lifecycle.onEnded((job) => this.onJobEnded(job));
  }

  async onJobEnded(job: RenderJob): Promise<void> {
    // Each follow-up stands alone: one whose dependency is away (Redis restarting while a job completes) must not
    // keep the others from happening. The caller's webhook is recorded in the database first (its delivery is
    // queued, or re-queued by the delivery sweep), so it survives a Redis outage at this moment. A step that failed
    // fails the whole after the others ran, which leaves the job's follow-ups due: the job-end sweep runs them all
    // again (each is safe to repeat).
    const failed = [
      await this.step(job, 'usage release', () => this.usage.release(job.id, { giveBack: job.status !== 'complete' })),
      await this.step(job, 'result event', () => this.tell(job)),
      await this.step(job, 'waiting batch jobs', () => this.scheduler.startWaiting(job.accountId)),
    ].filter((name): name is string => name !== undefined);
    if (failed.length) throw new Error(`what follows the end of job ${job.id} failed: ${failed.join(', ')}`);
  }

  private async tell(job: RenderJob): Promise<void> {
    if (job.batchId) {
      await this.batches.onJobEnded(job.batchId);
    } else if (job.status === 'complete' || job.status === 'failed') {
      await this.dispatcher.dispatch({
        accountId: job.accountId,
        url: job.webhookUrl,
        ...(job.status === 'complete'
          ? { event: 'render.complete', payload: renderCompletePayload(job, this.config.http) }
          : { event: 'render.failed', payload: renderFailedPayload(job) }),
        jobId: job.id,
        sandbox: job.sandbox,
      });
    }
  }

  /** Runs one step; answers its name when it failed (logged here with its cause). */
  private async step(job: RenderJob, name: string, work: () => Promise<unknown>): Promise<string | undefined> {
    try {
      await work();
      return undefined;
    } catch (err) {
      this.logger.error({ err, job_id: job.id, status: job.status, step: name }, 'What follows a job end failed');
      return name;
    }
  }
}
