import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { AuthErrors } from './auth.errors';
import { REDIS, RedisKeys } from '../../infrastructure/redis/redis.module';

/**
 * Counts sensitive attempts (failed logins per e-mail and per IP, verification e-mails per
 * account) in Redis fixed windows, so brute force is slowed across every API process.
 */
@Injectable()
export class AttemptLimiter {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  /** Throws 429 TOO_MANY_ATTEMPTS when any bucket is already at its limit (does not count). */
  async assertAllowed(buckets: { name: string; limit: number }[]): Promise<void> {
    const values = await this.redis.mget(...buckets.map((b) => this.keys.key('attempts', b.name)));
    for (const [i, bucket] of buckets.entries()) {
      if (Number(values[i] ?? 0) >= bucket.limit) {
        const ttl = await this.redis.pttl(this.keys.key('attempts', bucket.name));
        throw AuthErrors.tooManyAttempts(Math.max(1, Math.ceil(ttl / 1000)));
      }
    }
  }

  /** Counts one attempt in each bucket; a bucket's window starts with its first attempt. */
  async record(buckets: { name: string; windowSeconds: number }[]): Promise<void> {
    const pipeline = this.redis.multi();
    for (const bucket of buckets) {
      const key = this.keys.key('attempts', bucket.name);
      pipeline.incr(key);
      pipeline.expire(key, bucket.windowSeconds, 'NX');
    }
    await pipeline.exec();
  }

  async clear(names: string[]): Promise<void> {
    if (names.length) await this.redis.del(...names.map((n) => this.keys.key('attempts', n)));
  }
}
