import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../../database/columns';

/**
 * Billing's ledger: one row per admitted job. It is the durable truth behind the Redis counters
 * (which make admission atomic and fast) and behind `GET /v1/usage`.
 */
@Entity({ name: 'usage_records' })
@Index('idx_usage_records_period', ['accountId', 'billingPeriod', 'countsTowardQuota'])
@Index('idx_usage_records_active', ['accountId', 'active'])
export class UsageRecord {
  @PrimaryColumn({ name: 'job_id', type: 'varchar', length: 40 })
  jobId: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  @Column({ name: 'billing_period', type: 'varchar', length: 7 })
  billingPeriod: string;

  /** False for sandbox jobs, and once a failed or cancelled job has given its render back. */
  @Column({ name: 'counts_toward_quota', type: 'boolean' })
  countsTowardQuota: boolean;

  /** True while the job is queued or processing (counts toward the concurrent limit). */
  @Column({ type: 'boolean' })
  active: boolean;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'ended_at', nullable: true })
  endedAt: Date | null;
}
