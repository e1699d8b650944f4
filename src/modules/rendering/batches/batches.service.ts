import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, In, IsNull, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { Errors } from '../../../common/errors';
import { newId } from '../../../common/util/ids';
import { runInTransaction } from '../../../database/transactions';
import type { Principal } from '../../auth';
import { WebhookDispatcher } from '../../webhooks';
import { RenderAdmission } from '../admission/render-admission';
import { ACTIVE_STATUSES, RenderJob } from '../entities/render-job.entity';
import { newQueuedJob } from '../queued-job';
import { batchCompletePayload, batchStatusUrl, presentBatch } from './batch-presenter';
import { BatchScheduler } from './batch-scheduler.service';
import type { AcceptedBatchDto, BatchDto } from './dto/batch-responses.dto';
import type { CreateBatchDto } from './dto/create-batch.dto';
import { RenderBatchJob } from './entities/render-batch-job.entity';
import { RenderBatch } from './entities/render-batch.entity';

/**
 * Batches: accepted whole or refused whole, by RenderAdmission with the checks of POST /v1/render
 * in the same order (validation of every job → e-mail verified → tier features → monthly quota
 * for all jobs at once). The concurrent limit does not refuse a batch: its jobs wait queued and
 * BatchScheduler starts them.
 */
@Injectable()
export class BatchesService {
  private readonly logger = new Logger(BatchesService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(RenderBatch) private readonly batches: Repository<RenderBatch>,
    @InjectRepository(RenderBatchJob) private readonly batchJobs: Repository<RenderBatchJob>,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    private readonly admission: RenderAdmission,
    private readonly dispatcher: WebhookDispatcher,
    private readonly scheduler: BatchScheduler,
  ) {}

  async create(principal: Principal, dto: CreateBatchDto): Promise<AcceptedBatchDto> {
    const { batch, jobIds } = await this.admission.admit(principal, { bodies: dto.jobs, batch: true, webhookUrl: dto.webhook_url }, (requests, at) => {
      const batch = this.batches.create({
        id: newId('batch'),
        accountId: principal.accountId,
        sandbox: principal.sandbox,
        webhookUrl: dto.webhook_url ?? null,
        total: requests.length,
        createdAt: at,
        completedAt: null,
        completionNotifiedAt: null,
      });
      const jobs = requests.map((request) => newQueuedJob(principal, request, at, batch.id));
      const jobIds = jobs.map((job) => job.id);
      const positions = jobIds.map((jobId, position) => ({ jobId, batchId: batch.id, accountId: principal.accountId, position, enqueuedAt: null }));
      return {
        batch,
        jobIds,
        rows: [
          { entity: RenderBatch, rows: [batch] },
          { entity: RenderJob, rows: jobs },
          { entity: RenderBatchJob, rows: positions },
        ],
      };
    });
    await this.scheduler.startWaiting(principal.accountId);
    return {
      batch_id: batch.id,
      jobs: jobIds.map((job_id) => ({ job_id, status: 'queued' as const })),
      total: jobIds.length,
      status_url: batchStatusUrl(this.config.http, batch.id),
    } satisfies AcceptedBatchDto;
  }

  /** The caller's batch; another account's (or the other mode's) is a 404. */
  async get(principal: Principal, batchId: string): Promise<BatchDto> {
    const batch = await this.batches.findOneBy({ id: batchId, accountId: principal.accountId, sandbox: principal.sandbox });
    if (!batch) throw Errors.notFound('Batch');
    return presentBatch(batch, await this.jobsOf(batch.id), this.config.http);
  }

  /**
   * Called after a job of the batch ended. When none is left queued or processing, one conditional
   * update claims the batch's end; only the caller whose update changed the row records the
   * batch.complete delivery, in the same transaction, so it is sent exactly once.
   */
  async onJobEnded(batchId: string): Promise<void> {
    const active = await this.jobs.countBy({ batchId, status: In(ACTIVE_STATUSES) });
    if (active > 0) return;
    const now = new Date();
    const delivery = await runInTransaction(this.dataSource, async (manager) => {
      const claimed = await manager.update(RenderBatch, { id: batchId, completionNotifiedAt: IsNull() }, { completedAt: now, completionNotifiedAt: now });
      if (!claimed.affected) return undefined;
      const batch = await manager.findOneByOrFail(RenderBatch, { id: batchId });
      if (!batch.webhookUrl) return undefined;
      const jobs = await this.jobsOf(batchId, manager.getRepository(RenderJob), manager.getRepository(RenderBatchJob));
      return this.dispatcher.record(
        { accountId: batch.accountId, url: batch.webhookUrl, event: 'batch.complete', payload: batchCompletePayload(batch, jobs, this.config.http), batchId },
        manager,
      );
    });
    if (delivery) await this.dispatcher.enqueue(delivery);
  }

  private async jobsOf(batchId: string, jobs = this.jobs, batchJobs = this.batchJobs): Promise<RenderJob[]> {
    const order = await batchJobs.find({ where: { batchId }, order: { position: 'ASC' } });
    const rows = await jobs.findBy({ batchId });
    const byId = new Map(rows.map((j) => [j.id, j]));
    return order.map((o) => byId.get(o.jobId)).filter((j): j is RenderJob => j !== undefined);
  }
}
