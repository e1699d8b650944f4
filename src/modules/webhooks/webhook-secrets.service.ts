import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { iso } from '../../common/util/time';
import { AccountSecretRenewals } from '../auth';
import { PREVIOUS_SECRET_TTL_MS, WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
import { generateSigningSecret, type WebhookSigningSecrets } from './signing';

export interface SigningSecretView {
  secret: string;
  sandbox_secret: string;
  created_at: string;
  previous_secret_expires_at: string | null;
}

/** Which work a secret signs for: live work, or sandbox work (a `mapr_test_` key's jobs and batches). */
export interface SecretMode {
  sandbox: boolean;
}

/** The secrets made on first use, and their columns. */
const LAZY_SECRETS = {
  sandboxSecret: 'sandbox_secret',
  listenSecret: 'listen_secret',
  sandboxListenSecret: 'sandbox_listen_secret',
} as const;
type LazySecret = keyof typeof LAZY_SECRETS;

/**
 * The account's signing secrets: created on first use, rotated on request. Live work's webhooks are signed with the
 * webhook secret, sandbox work's with the sandbox secret (ADR 0038), so that no API key, a test key included, can obtain
 * a signature made with the webhook secret for anything but live work. Each mode also has a listen secret, which signs
 * the events its API keys read from `GET /v1/events`.
 */
@Injectable()
export class WebhookSecretsService {
  constructor(@InjectRepository(WebhookSigningSecret) private readonly secrets: Repository<WebhookSigningSecret>) {}

  /**
   * Forgets every secret of the account (the webhook and sandbox secrets, the ones before them, the listen secrets of
   * both modes), inside the caller's transaction: the next use creates new ones, and nothing signed with the old ones
   * verifies any more. For an account that changes hands (a password reset of a never-verified account), where a
   * rotation's 24 h overlap would let the old holder go on.
   */
  async forget(accountId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(WebhookSigningSecret).delete({ accountId });
  }

  /**
   * The account's secrets, created on first use. With `manager`, inside that transaction: a
   * transaction must not wait for a second pooled connection (under load every connection can be
   * held by transactions waiting for one), and a lost creation race must not abort it.
   */
  async getOrCreate(accountId: string, manager?: EntityManager): Promise<WebhookSigningSecret> {
    const secrets = manager ? manager.getRepository(WebhookSigningSecret) : this.secrets;
    const existing = await secrets.findOneBy({ accountId });
    if (existing) return existing;
    // Another request may create it first: theirs is used.
    await secrets
      .createQueryBuilder()
      .insert()
      .values({
        accountId,
        secret: generateSigningSecret(),
        sandboxSecret: generateSigningSecret(),
        createdAt: new Date(),
        previousSecret: null,
        previousSandboxSecret: null,
        previousExpiresAt: null,
        listenSecret: null,
        sandboxListenSecret: null,
      })
      .orIgnore()
      .execute();
    return secrets.findOneByOrFail({ accountId });
  }

  async view(accountId: string): Promise<SigningSecretView> {
    return present(await this.withSecret(accountId, 'sandboxSecret'), new Date());
  }

  /**
   * New webhook and sandbox secrets; the old ones keep signing (a second `v1=` of the V2 header, a second `v1,` of
   * `webhook-signature`) for 24 h, each for its own mode.
   */
  async rotate(accountId: string): Promise<SigningSecretView> {
    const current = await this.withSecret(accountId, 'sandboxSecret');
    const now = new Date();
    const result = await this.secrets.update(
      { accountId, secret: current.secret },
      {
        secret: generateSigningSecret(),
        sandboxSecret: generateSigningSecret(),
        createdAt: now,
        previousSecret: current.secret,
        previousSandboxSecret: current.sandboxSecret,
        previousExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS),
      },
    );
    // Lost a race with a concurrent rotation: that rotation's result stands.
    if (!result.affected) return this.view(accountId);
    return present(await this.secrets.findOneByOrFail({ accountId }), now);
  }

  /**
   * The listen secret of a mode, created on first use: it signs the events an API key of that mode reads from
   * `GET /v1/events`. Separate from the webhook secrets, so that an API key can never obtain a signature made with the
   * secret production receivers trust, and one per mode, so that a test key's never verifies what a live key forwards.
   */
  async listenSecret(accountId: string, mode: SecretMode): Promise<string> {
    const field = mode.sandbox ? 'sandboxListenSecret' : 'listenSecret';
    return (await this.withSecret(accountId, field))[field]!;
  }

  /** The secrets that sign a webhook of that mode's work sent now. */
  async signingSecrets(accountId: string, mode: SecretMode, now = new Date()): Promise<WebhookSigningSecrets> {
    const row = mode.sandbox ? await this.withSecret(accountId, 'sandboxSecret') : await this.getOrCreate(accountId);
    const [current, previous] = mode.sandbox ? [row.sandboxSecret!, row.previousSandboxSecret] : [row.secret, row.previousSecret];
    return previousLive(row, now) && previous !== null ? { current, previous } : { current };
  }

  /** The account's row with `field` set: made now when it has none yet (another request may set it first: theirs is kept). */
  private async withSecret(accountId: string, field: LazySecret): Promise<WebhookSigningSecret> {
    const row = await this.getOrCreate(accountId);
    if (row[field]) return row;
    await this.secrets
      .createQueryBuilder()
      .update()
      .set({ [field]: generateSigningSecret() })
      .where(`account_id = :accountId AND ${LAZY_SECRETS[field]} IS NULL`, { accountId })
      .execute();
    return this.secrets.findOneByOrFail({ accountId });
  }
}

function previousLive(row: WebhookSigningSecret, now: Date): boolean {
  return row.previousExpiresAt !== null && row.previousExpiresAt.getTime() > now.getTime();
}

function present(row: WebhookSigningSecret, now: Date): SigningSecretView {
  return {
    secret: row.secret,
    sandbox_secret: row.sandboxSecret!,
    created_at: iso(row.createdAt),
    previous_secret_expires_at: previousLive(row, now) ? iso(row.previousExpiresAt) : null,
  };
}

/** Registers the webhook secrets' part in renewing an account's secrets (auth's AccountSecretRenewals), on the API side. */
@Injectable()
export class WebhookSecretsRenewal implements OnModuleInit {
  constructor(
    private readonly secrets: WebhookSecretsService,
    private readonly renewals: AccountSecretRenewals,
  ) {}

  onModuleInit(): void {
    this.renewals.register((accountId, manager) => this.secrets.forget(accountId, manager));
  }
}
