import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { iso } from '../../common/util/time';
import { AccountSecretRenewals } from '../auth';
import { PREVIOUS_SECRET_TTL_MS, WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
import { generateSigningSecret, type WebhookSigningSecrets } from './signing';

export interface SigningSecretView {
  secret: string;
  created_at: string;
  previous_secret_expires_at: string | null;
}

/** The account's webhook signing secret: created on first use, rotated on request. */
@Injectable()
export class WebhookSecretsService {
  constructor(@InjectRepository(WebhookSigningSecret) private readonly secrets: Repository<WebhookSigningSecret>) {}

  /**
   * Forgets every secret of the account (the webhook secret, the one before it, the listen secret), inside the caller's
   * transaction: the next use creates new ones, and nothing signed with the old ones verifies any more. For an account
   * that changes hands (a password reset of a never-verified account), where a rotation's 24 h overlap would let the
   * old holder go on.
   */
  async forget(accountId: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(WebhookSigningSecret).delete({ accountId });
  }

  /**
   * The account's secret, created on first use. With `manager`, inside that transaction: a
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
        createdAt: new Date(),
        previousSecret: null,
        previousExpiresAt: null,
        listenSecret: null,
      })
      .orIgnore()
      .execute();
    return secrets.findOneByOrFail({ accountId });
  }

  async view(accountId: string): Promise<SigningSecretView> {
    return present(await this.getOrCreate(accountId), new Date());
  }

  /** A new current secret; the old one keeps signing (second `v1=` of the V2 header) for 24 h. */
  async rotate(accountId: string): Promise<SigningSecretView> {
    const current = await this.getOrCreate(accountId);
    const now = new Date();
    const result = await this.secrets.update(
      { accountId, secret: current.secret },
      {
        secret: generateSigningSecret(),
        createdAt: now,
        previousSecret: current.secret,
        previousExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_TTL_MS),
      },
    );
    // Lost a race with a concurrent rotation: that rotation's result stands.
    if (!result.affected) return this.view(accountId);
    return present(await this.secrets.findOneByOrFail({ accountId }), now);
  }

  /**
   * The account's listen secret, created on first use: it signs the events an API key reads from `GET /v1/events`.
   * Separate from the webhook secret, so that an API key (a test key included) can never obtain a signature made
   * with the secret production receivers trust.
   */
  async listenSecret(accountId: string): Promise<string> {
    const row = await this.getOrCreate(accountId);
    if (row.listenSecret) return row.listenSecret;
    // Another request may set it first: theirs is kept.
    await this.secrets
      .createQueryBuilder()
      .update()
      .set({ listenSecret: generateSigningSecret() })
      .where('account_id = :accountId AND listen_secret IS NULL', { accountId })
      .execute();
    return (await this.secrets.findOneByOrFail({ accountId })).listenSecret!;
  }

  /** The secrets that sign a webhook sent now. */
  async signingSecrets(accountId: string, now = new Date()): Promise<WebhookSigningSecrets> {
    const row = await this.getOrCreate(accountId);
    const previousLive = row.previousSecret !== null && row.previousExpiresAt !== null && row.previousExpiresAt.getTime() > now.getTime();
    return previousLive ? { current: row.secret, previous: row.previousSecret! } : { current: row.secret };
  }
}

function present(row: WebhookSigningSecret, now: Date): SigningSecretView {
  const previousLive = row.previousExpiresAt !== null && row.previousExpiresAt.getTime() > now.getTime();
  return {
    secret: row.secret,
    created_at: iso(row.createdAt),
    previous_secret_expires_at: previousLive ? iso(row.previousExpiresAt) : null,
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
