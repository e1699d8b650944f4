import { Global, Inject, Injectable, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
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

/**
 * Logs one warning when a client loses Redis and one line when it is back. Without an `error` listener ioredis prints
 * every failed reconnect to stderr ("Unhandled error event"), many a second while Redis is away.
 */
export function logOutages(client: Redis, name: string): Redis {
  const logger = new Logger('Redis');
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn({ err, client: name }, 'Redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (down) logger.log({ client: name }, 'Redis connection back');
    down = false;
  });
  return client;
}

/** A client for SUBSCRIBE (a subscribed connection can do nothing else), with the shared one's settings. */
export function subscriberOf(shared: Redis, name: string): Redis {
  return logOutages(shared.duplicate(), name);
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
        return logOutages(new Redis(config.redis.url, { maxRetriesPerRequest: 3, enableAutoPipelining: true }), 'shared');
      },
    },
    RedisKeys,
    RedisLifecycle,
  ],
  exports: [REDIS, RedisKeys],
})
export class RedisModule {}
