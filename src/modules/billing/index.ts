export { BillingModule } from './billing.module';
export { UsageService, type UsageReservation } from './usage.service';
export { PlansModule } from './plans.module';
export { PlansService } from './plans.service';
export type { AccountLimits } from './plans.service';
export { RateLimitGuard } from './rate-limit.guard';
export { TIERS, TIER_IDS, TIER_RESOLUTIONS, type TierId, type TierLimits, type TierResolution } from './tiers';
