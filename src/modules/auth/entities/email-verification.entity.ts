import { Entity, Index, PrimaryColumn } from 'typeorm';
import { IdColumn, TimestampColumn } from '../../../database/columns';

/**
 * One issued verification link. The link carries a signed token whose `jti` is this row's id;
 * the row makes the link single-use (`used_at`) and lets a newer link supersede older ones.
 */
@Entity({ name: 'email_verifications' })
export class EmailVerification {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  @Index()
  @IdColumn({ name: 'user_id' })
  userId: string;

  @TimestampColumn({ name: 'expires_at' })
  expiresAt: Date;

  @TimestampColumn({ name: 'used_at', nullable: true })
  usedAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;
}
