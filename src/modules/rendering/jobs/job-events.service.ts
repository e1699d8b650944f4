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
 * slot, and the caller hears about it: render.complete / render.failed for a single job with a
 * webhook_url (a cancelled one sends nothing), or one batch.complete when a batch's last job
 * ended. Safe to call again for the same job: the usage release is idempotent, a render.* delivery
 * already recorded is not recorded twice, and the batch's end is claimed by one conditional update.
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
    } else if (job.webhookUrl && (job.status === 'complete' || job.status === 'failed')) {
      await this.sendJobWebhook(job, job.webhookUrl);
    }
  }

  private async sendJobWebhook(job: RenderJob, url: string): Promise<void> {
    const event = job.status === 'complete' ? 'render.complete' : 'render.failed';
    if (await this.dispatcher.existsForJob(job.id, event)) return;
    const payload = job.status === 'complete' ? renderCompletePayload(job, this.config.http) : renderFailedPayload(job);
    await this.dispatcher.dispatch({ accountId: job.accountId, url, event, payload, jobId: job.id });
  }
}
