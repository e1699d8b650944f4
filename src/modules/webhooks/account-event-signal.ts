import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../infrastructure/redis/redis.module';
import { RedisSignal } from '../../infrastructure/redis/redis-signal';

/**
 * "The account has a new event", across processes: the process that records an event (usually a worker) publishes,
 * and API processes with a waiting `GET /v1/events` listen (RedisSignal: a hint, the database stays the truth).
 */
@Injectable()
export class AccountEventSignal extends RedisSignal {
  constructor(@Inject(REDIS) redis: Redis, keys: RedisKeys) {
    super(redis, keys, 'account-events');
  }
}
