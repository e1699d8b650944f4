import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { runInTransaction } from '../../../database/transactions';
import { WebhookDispatcher } from '../../webhooks';
import { ACTIVE_STATUSES, RenderJob } from '../entities/render-job.entity';
import { batchCompletePayload } from './batch-presenter';
import { RenderBatchJob } from './entities/render-batch-job.entity';
import { RenderBatch } from './entities/render-batch.entity';

/** A batch's jobs in submission order. */
export async function batchJobsInOrder(
  batchId: string,
  jobs: Repository<RenderJob>,
  batchJobs: Repository<RenderBatchJob>,
): Promise<RenderJob[]> {
  const order = await batchJobs.find({ where: { batchId }, order: { position: 'ASC' } });
  const rows = await jobs.findBy({ batchId });
  const byId = new Map(rows.map((j) => [j.id, j]));
  return order.map((o) => byId.get(o.jobId)).filter((j): j is RenderJob => j !== undefined);
}

/** A batch's end (contract §4): batch.complete fires once, when its last job ended. */
@Injectable()
export class BatchCompletion {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    private readonly dispatcher: WebhookDispatcher,
  ) {}

  /**
   * Called after a job of the batch ended. When none is left queued or processing, one conditional
   * update claims the batch's end; only the caller whose update changed the row records the
   * batch.complete event (and its delivery when the batch has a webhook_url), in the same
   * transaction, so it is recorded and sent exactly once.
   */
  async onJobEnded(batchId: string): Promise<void> {
    const active = await this.jobs.countBy({ batchId, status: In(ACTIVE_STATUSES) });
    if (active > 0) return;
    const now = new Date();
    const recorded = await runInTransaction(this.dataSource, async (manager) => {
      const claimed = await manager.update(
        RenderBatch,
        { id: batchId, completionNotifiedAt: IsNull() },
        { completedAt: now, completionNotifiedAt: now },
      );
      if (!claimed.affected) return undefined;
      const batch = await manager.findOneByOrFail(RenderBatch, { id: batchId });
      const jobs = await batchJobsInOrder(batchId, manager.getRepository(RenderJob), manager.getRepository(RenderBatchJob));
      return this.dispatcher.record(
        {
          accountId: batch.accountId,
          url: batch.webhookUrl,
          event: 'batch.complete',
          payload: batchCompletePayload(batch, jobs, this.config.http),
          batchId,
          sandbox: batch.sandbox,
        },
        manager,
      );
    });
    if (recorded) await this.dispatcher.announce(recorded);
  }
}
