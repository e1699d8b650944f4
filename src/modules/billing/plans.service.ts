import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountPlan } from './entities/account-plan.entity';
import { effectiveLimits, TierId, TierLimits, TIERS } from './tiers';

export interface AccountLimits {
  tier: TierId;
  tierName: string;
  limits: TierLimits;
}

/**
 * Plans change rarely (an operator command) but are read on every request by the rate limiter and
 * again by render intake: keep each account's limits in memory briefly. A change made in this
 * process applies at once; one made elsewhere within this many milliseconds.
 */
const PLAN_CACHE_TTL_MS = 5_000;
const PLAN_CACHE_MAX_ENTRIES = 10_000;

/** An account's tier and effective limits; accounts without a plan row are on Free. */
@Injectable()
export class PlansService {
  private readonly cache = new Map<string, { value: Promise<AccountLimits>; expiresAt: number }>();

  constructor(@InjectRepository(AccountPlan) private readonly plans: Repository<AccountPlan>) {}

  limitsFor(accountId: string): Promise<AccountLimits> {
    const now = Date.now();
    const cached = this.cache.get(accountId);
    if (cached && cached.expiresAt > now) return cached.value;
    if (this.cache.size >= PLAN_CACHE_MAX_ENTRIES) this.cache.clear();
    const value = this.load(accountId);
    this.cache.set(accountId, { value, expiresAt: now + PLAN_CACHE_TTL_MS });
    value.catch(() => this.cache.delete(accountId));
    return value;
  }

  private async load(accountId: string): Promise<AccountLimits> {
    const plan = await this.plans.findOneBy({ accountId });
    const tier = plan?.tier ?? 'free';
    return { tier, tierName: TIERS[tier].name, limits: effectiveLimits(tier, plan?.overrides) };
  }

  /** Used by the operator CLI. Overrides replace the previous ones (pass none to clear them). */
  async setTier(accountId: string, tier: TierId, overrides: Partial<TierLimits> | null = null): Promise<AccountLimits> {
    await this.plans.save(this.plans.create({ accountId, tier, overrides, updatedAt: new Date() }));
    this.cache.delete(accountId);
    return this.limitsFor(accountId);
  }
}
