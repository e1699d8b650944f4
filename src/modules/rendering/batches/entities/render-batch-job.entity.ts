import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../../../database/columns';

/**
 * A job's place in its batch, and whether it has been put on the render queue yet. Batch jobs wait
 * `queued` without a queue entry until the account has a free concurrent slot.
 */
@Entity({ name: 'render_batch_jobs' })
@Index('idx_render_batch_jobs_batch', ['batchId', 'position'])
@Index('idx_render_batch_jobs_account', ['accountId', 'enqueuedAt'])
export class RenderBatchJob {
  @PrimaryColumn({ name: 'job_id', type: 'varchar', length: 40 })
  jobId: string;

  @IdColumn({ name: 'batch_id' })
  batchId: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  /** Index in the submitted `jobs` array. */
  @Column({ type: 'integer' })
  position: number;

  /** Null while the job waits for a slot; set once (conditionally) when it is put on the render queue. */
  @TimestampColumn({ name: 'enqueued_at', nullable: true })
  enqueuedAt: Date | null;
}
