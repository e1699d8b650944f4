import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '../../../database/columns';

/** Lifetime of the previous secret after a rotation: it keeps signing in parallel for 24 h (contract §8). */
export const PREVIOUS_SECRET_TTL_MS = 24 * 3600_000;

/** One per account, created on first use. */
@Entity({ name: 'webhook_signing_secrets' })
export class WebhookSigningSecret {
  @PrimaryColumn({ name: 'account_id', type: 'varchar', length: 40 })
  accountId: string;

  /** `whsec_…`: signs every webhook of live work. */
  @Column({ type: 'varchar', length: 80 })
  secret: string;

  /** When the current secret was created (first use, or the last rotation). */
  @TimestampColumn({ name: 'created_at' })
  createdAt: Date;

  /** The secret before the last rotation; signs too (a second `v1=`) until `previousExpiresAt`. */
  @Column({ name: 'previous_secret', type: 'varchar', length: 80, nullable: true })
  previousSecret: string | null;

  @TimestampColumn({ name: 'previous_secret_expires_at', nullable: true })
  previousExpiresAt: Date | null;

  /**
   * `whsec_…`: signs every webhook of sandbox work (a `mapr_test_` key's job or batch), so that no test key can obtain a
   * signature made with `secret` (ADR 0038). Rotated with `secret`. Null only on a row an earlier version created
   * after the migration ran: filled on first use.
   */
  @Column({ name: 'sandbox_secret', type: 'varchar', length: 80, nullable: true })
  sandboxSecret: string | null;

  /** The sandbox secret before the last rotation; signs sandbox webhooks too until `previousExpiresAt`. */
  @Column({ name: 'previous_sandbox_secret', type: 'varchar', length: 80, nullable: true })
  previousSandboxSecret: string | null;

  /**
   * `whsec_…`, created on first use: signs the events a live API key reads from `GET /v1/events` (what
   * `mapr webhooks listen` forwards), so that no API key can make signatures with `secret`.
   */
  @Column({ name: 'listen_secret', type: 'varchar', length: 80, nullable: true })
  listenSecret: string | null;

  /** `whsec_…`, created on first use: the listen secret of a `mapr_test_` key, one of its own (a live one's never verifies). */
  @Column({ name: 'sandbox_listen_secret', type: 'varchar', length: 80, nullable: true })
  sandboxListenSecret: string | null;
}
