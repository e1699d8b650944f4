import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../../database/columns';

export type ApiKeyMode = 'live' | 'test';

/**
 * An API key. Only its SHA-256 hash is stored (plus prefix and last four characters so a person
 * can recognise it); the full key is shown once, when it is created.
 */
@Entity({ name: 'api_keys' })
export class ApiKey {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index()
  @IdColumn({ name: 'user_id' })
  userId: string;

  @Column({ type: 'varchar', length: 60 })
  name: string;

  @Column({ type: 'varchar', length: 4 })
  mode: ApiKeyMode;

  /** Lowercase hex SHA-256 of the whole key. */
  @Column({ name: 'key_hash', type: 'varchar', length: 64, unique: true })
  keyHash: string;

  /** `mapr_live_` or `mapr_test_`. */
  @Column({ type: 'varchar', length: 16 })
  prefix: string;

  @Column({ type: 'varchar', length: 4 })
  last4: string;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  @TimestampColumn({ name: 'last_used_at', nullable: true })
  lastUsedAt: Date | null;

  @TimestampColumn({ name: 'revoked_at', nullable: true })
  revokedAt: Date | null;
}
