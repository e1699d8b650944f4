import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { TypeOrmModule } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { API_RATE_LIMIT } from '../../common/http/api-rate-limit';
import { REDIS } from '../../infrastructure/redis/redis.module';
import { BillingController } from './billing.controller';
import { UsageRecord } from './entities/usage-record.entity';
import { PlansModule } from './plans.module';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';
import { UsageService } from './usage.service';

/** Tiers as data, plans, the usage ledger, quota + concurrency admission and the API rate limit. */
@Module({
  imports: [
    PlansModule,
    TypeOrmModule.forFeature([UsageRecord]),
    ThrottlerModule.forRootAsync({
      inject: [REDIS],
      useFactory: (redis: Redis) => ({
        // Limits are resolved per caller by RateLimiter; this entry only names the window.
        throttlers: [{ name: 'api', ttl: 60_000, limit: 60 }],
        storage: new ThrottlerStorageRedisService(redis),
      }),
    }),
  ],
  controllers: [BillingController],
  providers: [UsageService, RateLimiter, RateLimitGuard, { provide: API_RATE_LIMIT, useExisting: RateLimiter }],
  // API_RATE_LIMIT: the HTTP edge's view of the rate limit (headers outside /v1, unmatched routes).
  exports: [UsageService, PlansModule, RateLimitGuard, API_RATE_LIMIT],
})
export class BillingModule {}
