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

/** An account's tier and effective limits; accounts without a plan row are on Free. */
@Injectable()
export class PlansService {
  constructor(@InjectRepository(AccountPlan) private readonly plans: Repository<AccountPlan>) {}

  async limitsFor(accountId: string): Promise<AccountLimits> {
    const plan = await this.plans.findOneBy({ accountId });
    const tier = plan?.tier ?? 'free';
    return { tier, tierName: TIERS[tier].name, limits: effectiveLimits(tier, plan?.overrides) };
  }

  /** Used by the operator CLI. Overrides replace the previous ones (pass none to clear them). */
  async setTier(accountId: string, tier: TierId, overrides: Partial<TierLimits> | null = null): Promise<AccountLimits> {
    await this.plans.save(this.plans.create({ accountId, tier, overrides, updatedAt: new Date() }));
    return this.limitsFor(accountId);
  }
}
