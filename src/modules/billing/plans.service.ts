import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit, Optional } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { Repository } from 'typeorm';
import { REDIS, RedisKeys, subscriberOf } from '../../infrastructure/redis/redis.module';
import { AccountPlan } from './entities/account-plan.entity';
import { effectiveLimits, TierId, TierLimits, TIERS } from './tiers';

export interface AccountLimits {
  tier: TierId;
  tierName: string;
  limits: TierLimits;
}

/**
 * Plans change rarely (an operator command) but are read on every request by the rate limiter and
 * again by render intake: keep each account's limits in memory briefly. A change is announced on
 * Redis (the channel below, the account's id as the message) and every process holding the account
 * forgets it at once; a change nobody announced (no Redis within reach) applies within this many
 * milliseconds.
 */
export const PLAN_CACHE_TTL_MS = 5_000;
const PLAN_CACHE_MAX_ENTRIES = 10_000;
const CHANNEL = 'plan-changed';

/**
 * An account's tier and effective limits; accounts without a plan row are on Free. Without Redis (the
 * operator CLI when it cannot reach the service's) it neither hears nor announces changes.
 */
@Injectable()
export class PlansService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PlansService.name);
  private readonly cache = new Map<string, { value: Promise<AccountLimits>; expiresAt: number }>();
  private subscriber?: Redis;

  constructor(
    @InjectRepository(AccountPlan) private readonly plans: Repository<AccountPlan>,
    @Optional() @Inject(REDIS) private readonly redis?: Redis,
    @Optional() private readonly keys?: RedisKeys,
  ) {}

  async onModuleInit(): Promise<void> {
    if (!this.redis || !this.keys) return;
    this.subscriber = subscriberOf(this.redis, 'plans');
    this.subscriber.on('message', (_channel, accountId: string) => this.cache.delete(accountId));
    this.subscriber.on('error', (err) => this.logger.warn({ err }, 'Plan change channel error'));
    await this.subscriber.subscribe(this.keys.key(CHANNEL));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

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

  /**
   * Used by the operator CLI. Overrides replace the previous ones (pass none to clear them). `announced`: whether
   * every running process was told at once (over Redis); when false they apply it within PLAN_CACHE_TTL_MS.
   */
  async setTier(
    accountId: string,
    tier: TierId,
    overrides: Partial<TierLimits> | null = null,
  ): Promise<AccountLimits & { announced: boolean }> {
    await this.plans.save(this.plans.create({ accountId, tier, overrides, updatedAt: new Date() }));
    this.cache.delete(accountId);
    const announced = await this.announce(accountId);
    return { ...(await this.limitsFor(accountId)), announced };
  }

  /** Tells every process holding the account's limits to forget them. Never throws: the cache's lifetime bounds a miss. */
  private async announce(accountId: string): Promise<boolean> {
    if (!this.redis || !this.keys) return false;
    try {
      await this.redis.publish(this.keys.key(CHANNEL), accountId);
      return true;
    } catch (err) {
      this.logger.warn({ err, account_id: accountId }, 'Could not announce a plan change');
      return false;
    }
  }
}
