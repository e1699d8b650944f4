import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../../../database/columns';

/** A group of render jobs submitted together; its one webhook is `batch.complete`. */
@Entity({ name: 'render_batches' })
@Index('idx_render_batches_account', ['accountId', 'createdAt'])
@Index('idx_render_batches_idempotency_key', ['accountId', 'idempotencyKey'])
export class RenderBatch {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  /** The Idempotency-Key of the request that created it (null without one): a retry under the key finds it. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048, nullable: true })
  webhookUrl: string | null;

  @Column({ type: 'integer' })
  total: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** When the last job ended (complete, failed or cancelled). */
  @TimestampColumn({ name: 'completed_at', nullable: true })
  completedAt: Date | null;

  /**
   * Set by the one conditional update that wins the right to announce the batch's end, so two
   * workers ending the last two jobs at the same moment send exactly one `batch.complete`.
   */
  @TimestampColumn({ name: 'completion_notified_at', nullable: true })
  completionNotifiedAt: Date | null;
}
