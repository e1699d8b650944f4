import { Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { TypeOrmModule } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { REDIS } from '../../infrastructure/redis/redis.module';
import { BillingController } from './billing.controller';
import { UsageRecord } from './entities/usage-record.entity';
import { PlansModule } from './plans.module';
import { RateLimitGuard } from './rate-limit.guard';
import { UsageService } from './usage.service';

/** Tiers as data, plans, the usage ledger, quota + concurrency admission and the API rate limit. */
@Module({
  imports: [
    PlansModule,
    TypeOrmModule.forFeature([UsageRecord]),
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
  providers: [UsageService, RateLimitGuard],
  exports: [UsageService, PlansModule, RateLimitGuard],
})
export class BillingModule {}
