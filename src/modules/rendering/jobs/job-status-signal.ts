import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { RedisSignal } from '../../../infrastructure/redis/redis-signal';

/**
 * "A job of the account changed status" (started, ended), across processes: JobLifecycle publishes after each
 * winning change, in whichever process made it, and API processes holding a read of a job or a batch of the account
 * (ADR 0034) listen, so they read again at once instead of every half second.
 */
@Injectable()
export class JobStatusSignal extends RedisSignal {
  constructor(@Inject(REDIS) redis: Redis, keys: RedisKeys) {
    super(redis, keys, 'job-status');
  }
}
