import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { TypeOrmModule } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { REDIS } from '../../infrastructure/redis/redis.module';
import { BillingController } from './billing.controller';
import { AccountPlan } from './entities/account-plan.entity';
import { UsageRecord } from './entities/usage-record.entity';
import { PlansService } from './plans.service';
import { RateLimitGuard } from './rate-limit.guard';
import { UsageService } from './usage.service';

/** Tiers as data, plans, the usage ledger, quota + concurrency admission and the API rate limit. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AccountPlan, UsageRecord]),
    ThrottlerModule.forRootAsync({
      inject: [REDIS],
      useFactory: (redis: Redis) => ({
        // Limits are resolved per caller by RateLimitGuard; this entry only names the window.
        throttlers: [{ name: 'api', ttl: 60_000, limit: 60 }],
        storage: new ThrottlerStorageRedisService(redis),
      }),
    }),
  ],
  controllers: [BillingController],
  providers: [PlansService, UsageService, RateLimitGuard],
  exports: [UsageService, PlansService, RateLimitGuard],
})
export class BillingModule {}
