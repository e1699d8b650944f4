import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config';
import { UsageService } from '../../billing';
import { WebhookDispatcher } from '../../webhooks';
import { BatchCompletion } from '../batches/batch-completion.service';
import { BatchScheduler } from '../batches/batch-scheduler.service';
import type { RenderJob } from '../entities/render-job.entity';
import { renderCompletePayload, renderFailedPayload } from '../webhook-payloads';
import { JobLifecycle } from './job-lifecycle.service';

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
    await this.usage.release(job.id, { giveBack: job.status !== 'complete' });
    await this.scheduler.startWaiting(job.accountId);
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
      });
    }
  }
}
