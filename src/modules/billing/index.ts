export { BillingModule } from './billing.module';
export { UsageService, type UsageReservation } from './usage.service';
export { PlansModule } from './plans.module';
export { PLAN_CACHE_TTL_MS, PlansService } from './plans.service';
export type { AccountLimits } from './plans.service';
export { RateLimitGuard } from './rate-limit.guard';
export {
  previewDurationReach,
  SELF_SERVE_TIERS,
  smallestTierAllowing,
  TIERS,
  TIER_IDS,
  TIER_RESOLUTIONS,
  type TierId,
  type TierLimits,
  type TierResolution,
} from './tiers';
export { BillingErrorExamples, BillingErrors, type BillingErrorCode } from './billing.errors';

import { AccountPlan } from './entities/account-plan.entity';
import { UsageRecord } from './entities/usage-record.entity';
/** The module's tables, for the composition root's TypeORM options (src/entities.ts). */
export const BILLING_ENTITIES = [AccountPlan, UsageRecord];
