import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../../database/columns';
import type { WebhookDeliveryErrorKind } from '../http';

/** The delivery log: one row per HTTP attempt. */
@Entity({ name: 'webhook_delivery_attempts' })
export class WebhookDeliveryAttempt {
  @PrimaryColumn({ name: 'delivery_id', type: 'varchar', length: 40 })
  deliveryId: string;

  /** 1, 2, … in the order the attempts were made (redeliveries included). */
  @PrimaryColumn({ name: 'attempt_number', type: 'integer' })
  attemptNumber: number;

  /** `automatic` (first send and scheduled retries) or `manual` (POST …/redeliver). */
  @Column({ type: 'varchar', length: 10 })
  trigger: 'automatic' | 'manual';

  @Column({ type: 'varchar', length: 10 })
  outcome: 'delivered' | 'failed' | 'gone';

  @Column({ name: 'status_code', type: 'integer', nullable: true })
  statusCode: number | null;

  @Column({ name: 'error_kind', type: 'varchar', length: 24, nullable: true })
  errorKind: WebhookDeliveryErrorKind | null;

  @Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true })
  errorMessage: string | null;

  @Column({ name: 'latency_ms', type: 'integer' })
  latencyMs: number;

  @Column({ name: 'response_excerpt', type: 'text', nullable: true })
  responseExcerpt: string | null;

  @TimestampColumn({ name: 'attempted_at' })
  attemptedAt: Date;
}
