import { newIdempotencyKey, unwrap, type ApiContext, type RequestOptions } from '../http';
import { everyItem } from '../pagination';
import type { AcceptedBatch, Batch, BatchPage, BatchSummary, CreateBatchRequest } from '../types';
import { pollUntilEnded, type CreateOptions, type WaitOptions } from './renders';

export interface BatchWaitOptions extends Omit<WaitOptions, 'onProgress'> {
  /** Called with the batch whenever one of its counts changed. */
  onProgress?: (batch: Batch) => void;
}

/** Batches: many renders in one call, one `batch.complete` webhook when the last one ends. */
export class Batches {
  constructor(private readonly api: ApiContext) {}

  /** `POST /v1/render/batch` (202), with an `Idempotency-Key` made for you unless you give one. */
  async create(body: CreateBatchRequest, options: CreateOptions = {}): Promise<AcceptedBatch> {
    return unwrap(
      this.api.http.POST('/v1/render/batch', {
        body,
        headers: { 'Idempotency-Key': options.idempotencyKey ?? newIdempotencyKey() },
        signal: options.signal,
      }),
    );
  }

  /** `GET /v1/batch/{batch_id}`: the batch and each of its jobs. */
  async get(batchId: string, options: RequestOptions = {}): Promise<Batch> {
    return unwrap(this.api.http.GET('/v1/batch/{batch_id}', { params: { path: { batch_id: batchId } }, signal: options.signal }));
  }

  /** One page of `GET /v1/batches` (newest first). */
  async listPage(query: { limit?: number; cursor?: string } = {}, options: RequestOptions = {}): Promise<BatchPage> {
    return unwrap(this.api.http.GET('/v1/batches', { params: { query }, signal: options.signal }));
  }

  /** Every batch of the account, newest first, across all pages. */
  list(query: { limit?: number } = {}): AsyncGenerator<BatchSummary, void, undefined> {
    return everyItem((cursor) => this.listPage({ ...query, cursor }));
  }

  /**
   * Reads the batch until none of its jobs is queued or processing; resolves with it (check each job's status). Each
   * read is held by the service until one of the batch's jobs starts or ends (`GET /v1/batch/{batch_id}?wait=`), so
   * every change is seen at once and waiting costs about three requests a minute, with `onProgress` or without.
   */
  async wait(batchId: string, options: BatchWaitOptions = {}): Promise<Batch> {
    return pollUntilEnded<Batch>({
      read: (signal, waitSeconds) =>
        this.api.http.GET('/v1/batch/{batch_id}', {
          params: { path: { batch_id: batchId }, query: waitSeconds > 0 ? { wait: waitSeconds } : {} },
          signal,
        }),
      holdsReads: 'every-change',
      ended: (batch) => batch.queued === 0 && batch.processing === 0,
      changeKey: (batch) => `${batch.status}:${batch.completed}:${batch.failed}:${batch.processing}:${batch.queued}`,
      options,
    });
  }
}
