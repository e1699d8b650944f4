import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../config';

export const REDIS = Symbol('REDIS');

/** Prefixes every key of ours with the configured namespace, so deployments and test runs can share a Redis. */
@Injectable()
export class RedisKeys {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}
  key(...parts: string[]): string {
    return [this.config.redis.keyPrefix, ...parts].join(':');
  }
}

@Injectable()
class RedisLifecycle implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** The shared ioredis client for counters, locks and pub/sub publishing (Bull opens its own). */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        if (!config.redis.url) throw new Error('Redis URL missing: main.ts starts the embedded Redis before the app');
        // Commands wait (up to a few retries) while Redis restarts instead of failing at once.
        return new Redis(config.redis.url, { maxRetriesPerRequest: 3, enableAutoPipelining: true });
      },
    },
    RedisKeys,
    RedisLifecycle,
  ],
  exports: [REDIS, RedisKeys],
})
export class RedisModule {}
