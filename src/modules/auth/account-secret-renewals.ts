import { Injectable, Module } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Another module's part of renewing an account's secrets: run inside the caller's transaction, with its manager. */
export type SecretRenewal = (accountId: string, manager: EntityManager) => Promise<void>;

/**
 * The secrets of an account that other modules keep (the webhook signing secret, the listen secrets), renewed when
 * the account changes hands: a password reset of an account whose e-mail was never verified (contract §27; a squatter
 * may have registered the address and read them). Auth may not call those modules (docs/architecture.md), so each
 * registers what renewing means for it when it starts, and the reset runs them all in its own transaction.
 */
@Injectable()
export class AccountSecretRenewals {
  private readonly renewals: SecretRenewal[] = [];

  register(renewal: SecretRenewal): void {
    this.renewals.push(renewal);
  }

  async renewAll(accountId: string, manager: EntityManager): Promise<void> {
    for (const renewal of this.renewals) await renewal(accountId, manager);
  }
}

/** The registry alone, imported by auth (which runs it) and by every module that keeps secrets of an account. */
@Module({ providers: [AccountSecretRenewals], exports: [AccountSecretRenewals] })
export class AccountSecretRenewalsModule {}
