import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { AuthErrors } from './auth.errors';
import { REDIS, RedisKeys } from '../../infrastructure/redis/redis.module';

/**
 * Counts one attempt in every bucket at once, or in none: when a bucket would pass its limit, every count is taken
 * back and the answer is that bucket's remaining milliseconds (else -1). KEYS: the buckets; ARGV: window seconds and
 * limit of each, in turn.
 */
const CONSUME_ALL_OR_NONE = `local over = 0
for i, key in ipairs(KEYS) do
  local n = redis.call('incr', key)
  if n == 1 then redis.call('expire', key, ARGV[2 * i - 1]) end
  if over == 0 and n > tonumber(ARGV[2 * i]) then over = i end
end
if over == 0 then return -1 end
for _, key in ipairs(KEYS) do redis.call('decr', key) end
return redis.call('pttl', KEYS[over])`;

export interface AttemptBucket {
  name: string;
  limit: number;
  windowSeconds: number;
}

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

  /**
   * Counts this attempt in every bucket before the work it guards, in one atomic step: requests racing in parallel
   * cannot all pass a check made before any of them is recorded. 429 TOO_MANY_ATTEMPTS (nothing counted) when a
   * bucket is at its limit.
   */
  async consume(buckets: AttemptBucket[]): Promise<void> {
    const keys = buckets.map((b) => this.keys.key('attempts', b.name));
    const args = buckets.flatMap((b) => [b.windowSeconds, b.limit]);
    const remainingMs = Number(await this.redis.eval(CONSUME_ALL_OR_NONE, keys.length, ...keys, ...args));
    if (remainingMs >= 0) throw AuthErrors.tooManyAttempts(Math.max(1, Math.ceil(remainingMs / 1000)));
  }

  /** Takes back one attempt counted by `consume` (it turned out not to be a failure). */
  async giveBack(names: string[]): Promise<void> {
    const pipeline = this.redis.multi();
    for (const name of names) pipeline.decr(this.keys.key('attempts', name));
    await pipeline.exec();
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
