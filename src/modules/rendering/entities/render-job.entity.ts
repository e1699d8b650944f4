import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, JsonColumn, TimestampColumn } from '../../../database/columns';
import type { NormalizedRenderRequest, RoutePlan } from '../../contract';
import type { JobFailureCode } from '../errors/rendering.errors';

export const JOB_STATUSES = ['queued', 'processing', 'complete', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_STATUSES: JobStatus[] = ['queued', 'processing'];

@Entity({ name: 'render_jobs' })
@Index('idx_render_jobs_account_listing', ['accountId', 'sandbox', 'createdAt'])
@Index('idx_render_jobs_account_status', ['accountId', 'status'])
@Index('idx_render_jobs_idempotency_key', ['accountId', 'idempotencyKey'])
@Index('idx_render_jobs_follow_ups_due', ['followUpsDueAt'])
export class RenderJob {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @IdColumn({ name: 'account_id' })
  accountId: string;

  /** The Idempotency-Key of the request that created it (null without one): a retry under the key finds it. */
  @Column({ name: 'idempotency_key', type: 'varchar', length: 255, nullable: true })
  idempotencyKey: string | null;

  @Column({ type: 'varchar', length: 12 })
  status: JobStatus;

  /** Created with a `mapr_test_` key: watermarked, 720p at most, never uses quota. */
  @Column({ type: 'boolean', default: false })
  sandbox: boolean;

  /** Whether the job holds one render of the monthly quota (false for sandbox, and once given back). */
  @Column({ name: 'uses_quota', type: 'boolean', default: false })
  usesQuota: boolean;

  /** Billing period the render counts in, `YYYY-MM`. */
  @Column({ name: 'billing_period', type: 'varchar', length: 7 })
  billingPeriod: string;

  @JsonColumn()
  request: NormalizedRenderRequest;

  @IdColumn({ name: 'batch_id', nullable: true })
  batchId: string | null;

  @Column({ name: 'webhook_url', type: 'varchar', length: 2048, nullable: true })
  webhookUrl: string | null;

  @Column({ type: 'real', default: 0 })
  progress: number;

  @Column({ name: 'estimated_duration_seconds', type: 'integer' })
  estimatedDurationSeconds: number;

  /** Set once routing succeeds, before the first frame is rendered. */
  @JsonColumn({ nullable: true })
  route: RoutePlan | null;

  /** Storage keys of the finished files (the public URLs are derived from them). */
  @Column({ name: 'video_key', type: 'varchar', length: 255, nullable: true })
  videoKey: string | null;

  @Column({ name: 'thumbnail_key', type: 'varchar', length: 255, nullable: true })
  thumbnailKey: string | null;

  @Column({ name: 'duration_seconds', type: 'integer', nullable: true })
  durationSeconds: number | null;

  @Column({ type: 'varchar', length: 16, nullable: true })
  resolution: string | null;

  @Column({
    name: 'file_size_bytes',
    type: 'bigint',
    nullable: true,
    transformer: { to: (v) => v, from: (v) => (v == null ? null : Number(v)) },
  })
  fileSizeBytes: number | null;

  @Column({ name: 'error_code', type: 'varchar', length: 40, nullable: true })
  errorCode: JobFailureCode | null;

  @Column({ name: 'error_message', type: 'varchar', length: 500, nullable: true })
  errorMessage: string | null;

  /** How many times a worker has started this job (a crashed worker's job is taken up again). */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'started_at', nullable: true })
  startedAt: Date | null;

  @TimestampColumn({ name: 'completed_at', nullable: true })
  completedAt: Date | null;

  @TimestampColumn({ name: 'failed_at', nullable: true })
  failedAt: Date | null;

  @TimestampColumn({ name: 'cancelled_at', nullable: true })
  cancelledAt: Date | null;

  @TimestampColumn({ name: 'expires_at', nullable: true })
  expiresAt: Date | null;

  /** Set when the sweeper deleted the files after `expires_at`. */
  @TimestampColumn({ name: 'files_deleted_at', nullable: true })
  filesDeletedAt: Date | null;

  /**
   * Set by the change that ended the job, cleared once everything that follows its end has run (JobLifecycle): still
   * set long after, the process died in between or a step failed, and the job-end sweep runs them again.
   */
  @TimestampColumn({ name: 'follow_ups_due_at', nullable: true })
  followUpsDueAt: Date | null;
}
