import { Column, Entity, Index } from 'typeorm';
import { IdColumn, SequenceColumn, TimestampColumn } from '../../../database/columns';
import type { WebhookEvent } from './webhook-delivery.entity';

/**
 * One event of an account (render.complete, render.failed, batch.complete), recorded whether or not
 * it was sent anywhere: `GET /v1/events` reads them. At most one per job (or batch) and event, by
 * unique indexes. `payload` is the exact JSON text a webhook of it carries, byte for byte.
 */
@Entity({ name: 'account_events' })
@Index('idx_account_events_id', ['id'], { unique: true })
@Index('idx_account_events_account_seq', ['accountId', 'seq'])
@Index('idx_account_events_account_mode_seq', ['accountId', 'sandbox', 'seq'])
@Index('idx_account_events_job_event', ['jobId', 'event'], { unique: true })
@Index('idx_account_events_batch_event', ['batchId', 'event'], { unique: true })
export class AccountEvent {
  /**
   * Order of recording, increasing (bigint on Postgres, SQLite's rowid). Per account, events commit
   * in this order (see `serializeOnKey`), so "after event N" is exact; never shown to clients.
   */
  @SequenceColumn()
  seq: number;

  /** `evt_…`, the id clients see and page with. */
  @Column({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ type: 'varchar', length: 40 })
  event: WebhookEvent;

  @Column({ type: 'text' })
  payload: string;

  /** The webhook delivery that sent it, when the job or batch had a webhook_url. */
  @IdColumn({ name: 'delivery_id', nullable: true })
  deliveryId: string | null;

  @IdColumn({ name: 'job_id', nullable: true })
  jobId: string | null;

  @IdColumn({ name: 'batch_id', nullable: true })
  batchId: string | null;

  /** Made by sandbox work (a `mapr_test_` key): only test keys, and dashboard sessions, read it. */
  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
