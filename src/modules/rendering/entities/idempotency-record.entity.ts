import { Column, Entity, PrimaryColumn } from 'typeorm';
import { JsonColumn, TimestampColumn } from '../../../database/columns';

/**
 * One use of an `Idempotency-Key` (per account and mode, kept 24 h). While `state` is `in_progress` a
 * concurrent duplicate gets 409 IDEMPOTENCY_KEY_IN_USE; once `completed` the stored response is
 * replayed. Requests refused with a 4xx delete their record, so a corrected retry goes through.
 */
@Entity({ name: 'idempotency_keys' })
export class IdempotencyRecord {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  /** The key's mode: the same key is one request with a test key and another with a live one. */
  @PrimaryColumn({ type: 'boolean', default: false })
  sandbox: boolean;

  @PrimaryColumn({ name: 'idempotency_key', type: 'varchar', length: 255 })
  key: string;

  /** Which endpoint the key was used on, e.g. `POST /v1/render`. */
  @Column({ type: 'varchar', length: 40 })
  scope: string;

  /** SHA-256 of the canonical request body. */
  @Column({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash: string;

  @Column({ type: 'varchar', length: 12 })
  state: 'in_progress' | 'completed';

  @Column({ name: 'response_status', type: 'integer', nullable: true })
  responseStatus: number | null;

  @JsonColumn({ name: 'response_body', nullable: true })
  responseBody: unknown;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
