import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../../database/columns';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const WEBHOOK_EVENTS = ['render.complete', 'render.failed', 'batch.complete'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * One webhook to send: written before any HTTP attempt, so a crash never loses it. `payload` holds
 * the exact body text, serialised once; every attempt signs and sends these same bytes.
 */
@Entity({ name: 'webhook_deliveries' })
@Index('idx_webhook_deliveries_account', ['accountId', 'createdAt'])
@Index('idx_webhook_deliveries_job', ['jobId'])
@Index('idx_webhook_deliveries_batch', ['batchId'])
@Index('idx_webhook_deliveries_pending', ['status', 'nextAttemptAt'])
export class WebhookDelivery {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 40 })
  event: WebhookEvent;

  @IdColumn({ name: 'job_id', nullable: true })
  jobId: string | null;

  @IdColumn({ name: 'batch_id', nullable: true })
  batchId: string | null;

  /** For sandbox work (a `mapr_test_` key): only test keys, and dashboard sessions, see or redeliver it. */
  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  @Column({ type: 'varchar', length: 2048 })
  url: string;

  @Column({ type: 'text' })
  payload: string;

  @Column({ type: 'varchar', length: 12 })
  status: DeliveryStatus;

  /** Attempts made so far, automatic and manual (redeliveries). */
  @Column({ name: 'attempt_count', type: 'integer', default: 0 })
  attemptCount: number;

  /**
   * Number of the automatic attempt due next (1 = the first send, 2…5 = retries 1…4). A queue entry
   * for any other number is stale and does nothing, so a duplicated entry cannot send twice in a row.
   */
  @Column({ name: 'scheduled_attempt', type: 'integer', default: 1 })
  scheduledAttempt: number;

  /** When the next automatic attempt is due; null once the delivery is delivered or failed for good. */
  @TimestampColumn({ name: 'next_attempt_at', nullable: true })
  nextAttemptAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'delivered_at', nullable: true })
  deliveredAt: Date | null;
}
