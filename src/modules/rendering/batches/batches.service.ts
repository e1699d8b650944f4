import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, MoreThanOrEqual, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { CommonErrors } from '../../../common/errors';
import { newId } from '../../../common/util/ids';
import type { Principal } from '../../auth';
import { RenderAdmission } from '../admission/render-admission';
import { ACTIVE_STATUSES, RenderJob } from '../entities/render-job.entity';
import { HeldReads } from '../intake/held-reads';
import { decodeCursor, encodeCursor } from '../intake/list-cursor';
import { newQueuedJob } from '../intake/queued-job';
import { batchJobsInOrder } from './batch-completion.service';
import { batchStatusUrl, presentBatch } from './batch-presenter';
import { BatchScheduler } from './batch-scheduler.service';
import type { AcceptedBatchDto, BatchDto, BatchListDto } from './dto/batch-responses.dto';
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
    @InjectRepository(RenderBatch) private readonly batches: Repository<RenderBatch>,
    @InjectRepository(RenderBatchJob) private readonly batchJobs: Repository<RenderBatchJob>,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    private readonly admission: RenderAdmission,
    private readonly scheduler: BatchScheduler,
    private readonly heldReads: HeldReads,
  ) {}

  /** Accepts a batch; `idempotencyKey` is stored with the batch, in the same write (see `acceptedUnder`). */
  async create(principal: Principal, dto: CreateBatchDto, idempotencyKey?: string): Promise<AcceptedBatchDto> {
    const { batch, jobIds } = await this.admission.admit(
      principal,
      { bodies: dto.jobs, batch: true, webhookUrl: dto.webhook_url },
      (requests, at) => {
        const batch = this.batches.create({
          id: newId('batch'),
          accountId: principal.accountId,
          sandbox: principal.sandbox,
          idempotencyKey: idempotencyKey ?? null,
          webhookUrl: dto.webhook_url ?? null,
          total: requests.length,
          createdAt: at,
          completedAt: null,
          completionNotifiedAt: null,
        });
        const jobs = requests.map((request) => newQueuedJob(principal, request, at, batch.id));
        const jobIds = jobs.map((job) => job.id);
        const positions = jobIds.map((jobId, position) => ({
          jobId,
          batchId: batch.id,
          accountId: principal.accountId,
          position,
          enqueuedAt: null,
        }));
        return {
          batch,
          jobIds,
          rows: [
            { entity: RenderBatch, rows: [batch] },
            { entity: RenderJob, rows: jobs },
            { entity: RenderBatchJob, rows: positions },
          ],
        };
      },
    );
    await this.scheduler.startWaiting(principal.accountId);
    return this.accepted(batch.id, jobIds);
  }

  /**
   * The answer to the request that created the caller's batch under `idempotencyKey` since `since`, if it did: for a retry after
   * the API died between storing the batch and answering (IdempotencyService). Its waiting jobs are started now.
   */
  async acceptedUnder(principal: Principal, idempotencyKey: string, since: Date): Promise<AcceptedBatchDto | undefined> {
    // Since the key's record was made: an older batch under the key belongs to an earlier use of it (records expire).
    const batch = await this.batches.findOne({
      where: { accountId: principal.accountId, sandbox: principal.sandbox, idempotencyKey, createdAt: MoreThanOrEqual(since) },
      order: { createdAt: 'DESC' },
    });
    if (!batch) return undefined;
    const order = await this.batchJobs.find({ where: { batchId: batch.id }, order: { position: 'ASC' } });
    await this.scheduler.startWaiting(principal.accountId);
    return this.accepted(
      batch.id,
      order.map((row) => row.jobId),
    );
  }

  private accepted(batchId: string, jobIds: string[]): AcceptedBatchDto {
    return {
      batch_id: batchId,
      jobs: jobIds.map((job_id) => ({ job_id, status: 'queued' as const })),
      total: jobIds.length,
      status_url: batchStatusUrl(this.config.http, batchId),
    } satisfies AcceptedBatchDto;
  }

  /**
   * The caller's batch; another account's (or the other mode's) is a 404. With `waitSeconds`, held while every job's
   * status stays what it was when asked (ADR 0034): answered as soon as one of its jobs starts or ends, else when the
   * time is up; a batch whose jobs have all ended answers at once.
   */
  async get(principal: Principal, batchId: string, waitSeconds = 0, signal: AbortSignal = new AbortController().signal): Promise<BatchDto> {
    const batch = await this.batches.findOneBy({ id: batchId, accountId: principal.accountId, sandbox: principal.sandbox });
    if (!batch) throw CommonErrors.notFound('Batch');
    const jobs = await batchJobsInOrder(batch.id, this.jobs, this.batchJobs);
    if (waitSeconds <= 0 || !jobs.some((job) => ACTIVE_STATUSES.includes(job.status))) return presentBatch(batch, jobs, this.config.http);
    // The jobs' statuses alone, read again when told (one indexed query); the whole batch once they changed.
    const statusesOf = (rows: Pick<RenderJob, 'id' | 'status'>[]) =>
      rows
        .map((job) => `${job.id}:${job.status}`)
        .sort()
        .join(',');
    const asked = statusesOf(jobs);
    await this.heldReads.hold(batch.accountId, {
      waitSeconds,
      signal,
      reread: async () => statusesOf(await this.jobs.find({ select: { id: true, status: true }, where: { batchId: batch.id } })),
      changed: (statuses) => statuses !== asked,
    });
    // Read whole again: the batch row holds completed_at once its last job ended.
    const latest = (await this.batches.findOneBy({ id: batch.id })) ?? batch;
    return presentBatch(latest, await batchJobsInOrder(batch.id, this.jobs, this.batchJobs), this.config.http);
  }

  /** GET /v1/batches: the caller's batches (of its mode), newest first, paged like GET /v1/renders. */
  async list(principal: Principal, query: { limit: number; cursor?: string }): Promise<BatchListDto> {
    const qb = this.batches
      .createQueryBuilder('batch')
      .where('batch.account_id = :accountId', { accountId: principal.accountId })
      .andWhere('batch.sandbox = :sandbox', { sandbox: principal.sandbox })
      .orderBy('batch.created_at', 'DESC')
      .addOrderBy('batch.id', 'DESC')
      .take(query.limit + 1);
    if (query.cursor) {
      const cursor = decodeCursor(query.cursor);
      const at = new Date(cursor.t);
      qb.andWhere(
        new Brackets((w) => {
          w.where('batch.created_at < :at', { at }).orWhere(
            new Brackets((x) => x.where('batch.created_at = :at', { at }).andWhere('batch.id < :id', { id: cursor.id })),
          );
        }),
      );
    }
    const rows = await qb.getMany();
    const page = rows.slice(0, query.limit);
    const jobsOf = await this.jobsOfBatches(page.map((b) => b.id));
    return {
      data: page.map((batch) => presentBatch(batch, jobsOf.get(batch.id) ?? [], this.config.http)),
      next_cursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null,
    } satisfies BatchListDto;
  }

  /** The jobs of several batches in submission order, in two queries for the whole page rather than two per batch. */
  private async jobsOfBatches(batchIds: string[]): Promise<Map<string, RenderJob[]>> {
    const byBatch = new Map<string, RenderJob[]>(batchIds.map((id) => [id, []]));
    if (batchIds.length === 0) return byBatch;
    const [order, rows] = await Promise.all([
      this.batchJobs.find({ where: { batchId: In(batchIds) }, order: { batchId: 'ASC', position: 'ASC' } }),
      this.jobs.findBy({ batchId: In(batchIds) }),
    ]);
    const byId = new Map(rows.map((j) => [j.id, j]));
    for (const entry of order) {
      const job = byId.get(entry.jobId);
      if (job) byBatch.get(entry.batchId)?.push(job);
    }
    return byBatch;
  }
}
