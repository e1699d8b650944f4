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

/**
 * One login attempt (ADR 0037), in one step. KEYS: the source-and-e-mail bucket, the source bucket, the e-mail bucket
 * (its attempts from anywhere) and the e-mail's set of sources with an attempt not yet followed by a good password
 * (member: the source; score: when it leaves, in ms). ARGV: window seconds, the three limits, the source, now (ms) and
 * how long a source stays in the set (ms). The two source buckets refuse at their limits as `consume` does; the e-mail
 * bucket refuses only sources in the set, so a source that has not failed on the e-mail is always checked. Counted:
 * every bucket, and the source joins the set. Answers -1, or the refusing bucket's remaining milliseconds.
 */
const CONSUME_LOGIN = `local window = tonumber(ARGV[1])
local function remaining(key)
  local ms = redis.call('pttl', key)
  if ms < 1 then return 1 end
  return ms
end
local function full(key, limit) return tonumber(redis.call('get', key) or '0') >= tonumber(limit) end
if full(KEYS[1], ARGV[2]) then return remaining(KEYS[1]) end
if full(KEYS[2], ARGV[3]) then return remaining(KEYS[2]) end
redis.call('zremrangebyscore', KEYS[4], '-inf', ARGV[6])
if full(KEYS[3], ARGV[4]) and redis.call('zscore', KEYS[4], ARGV[5]) then return remaining(KEYS[3]) end
for i = 1, 3 do
  if redis.call('incr', KEYS[i]) == 1 then redis.call('expire', KEYS[i], window) end
end
redis.call('zadd', KEYS[4], tonumber(ARGV[6]) + tonumber(ARGV[7]), ARGV[5])
redis.call('pexpire', KEYS[4], ARGV[7])
return -1`;

/** The buckets of one login attempt (`loginLimits` in auth.service.ts). */
export interface LoginLimits {
  /** Per source and e-mail: one guesser on one account. */
  sourceAndEmail: AttemptBucket;
  /** Per source: one guesser across accounts. */
  source: AttemptBucket;
  /** Per e-mail from anywhere: refuses only sources in `tried`. */
  email: AttemptBucket;
  /** The e-mail's sources with an attempt not followed by a good password, and how long one stays there. */
  tried: { name: string; member: string; ttlSeconds: number };
}

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
   * bucket is at its limit (`refusal` words it for the case).
   */
  async consume(buckets: AttemptBucket[], refusal: (retryAfterSeconds: number) => Error = AuthErrors.tooManyAttempts): Promise<void> {
    const keys = buckets.map((b) => this.keys.key('attempts', b.name));
    const args = buckets.flatMap((b) => [b.windowSeconds, b.limit]);
    const remainingMs = Number(await this.redis.eval(CONSUME_ALL_OR_NONE, keys.length, ...keys, ...args));
    if (remainingMs >= 0) throw refusal(Math.max(1, Math.ceil(remainingMs / 1000)));
  }

  /**
   * Counts one login attempt before the password is checked, atomically (ADR 0037): 429 TOO_MANY_ATTEMPTS (nothing
   * counted) when the source is at a limit of its own, or when the e-mail is at its limit and this source has tried it
   * without the right password lately. A source that has not is always let through to the password check.
   */
  async consumeLogin(limits: LoginLimits): Promise<void> {
    const { sourceAndEmail, source, email, tried } = limits;
    const keys = [sourceAndEmail.name, source.name, email.name, tried.name].map((name) => this.keys.key('attempts', name));
    const remainingMs = Number(
      await this.redis.eval(
        CONSUME_LOGIN,
        keys.length,
        ...keys,
        sourceAndEmail.windowSeconds,
        sourceAndEmail.limit,
        source.limit,
        email.limit,
        tried.member,
        Date.now(),
        tried.ttlSeconds * 1000,
      ),
    );
    if (remainingMs >= 0) throw AuthErrors.tooManyAttempts(Math.max(1, Math.ceil(remainingMs / 1000)));
  }

  /**
   * The password was right: the source starts afresh on the account and leaves its set of sources that tried; the
   * source's and the e-mail's wider buckets forget this attempt.
   */
  async loginSucceeded(limits: LoginLimits): Promise<void> {
    await this.redis
      .multi()
      .del(this.keys.key('attempts', limits.sourceAndEmail.name))
      .decr(this.keys.key('attempts', limits.source.name))
      .decr(this.keys.key('attempts', limits.email.name))
      .zrem(this.keys.key('attempts', limits.tried.name), limits.tried.member)
      .exec();
  }

  /**
   * Counts one attempt in `bucket` unless it is at its limit: true when counted, false when full (nothing counted).
   * For a limit whose answer is not a refusal (the caller does less, and says the same).
   */
  async take(bucket: AttemptBucket): Promise<boolean> {
    const key = this.keys.key('attempts', bucket.name);
    return Number(await this.redis.eval(CONSUME_ALL_OR_NONE, 1, key, bucket.windowSeconds, bucket.limit)) < 0;
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
