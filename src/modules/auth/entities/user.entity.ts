import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../../database/columns';

/** An account: the person or company that owns keys, jobs and a plan. */
@Entity({ name: 'users' })
export class User {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  id: string;

  /** Stored lower-cased; unique. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash: string;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified: boolean;

  @TimestampColumn({ name: 'email_verified_at', nullable: true })
  emailVerifiedAt: Date | null;

  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** Access tokens carry the version they were issued under; bumping it (logging out everywhere) ends them all. */
  @Column({ name: 'token_version', type: 'integer', default: 0 })
  tokenVersion: number;
}
