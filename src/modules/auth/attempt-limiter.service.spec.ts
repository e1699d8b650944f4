import Redis from 'ioredis';
import { randomBase62 } from '../../common/util/ids';
import type { RedisKeys } from '../../infrastructure/redis/redis.module';
import { AttemptLimiter } from './attempt-limiter.service';
import { loginLimits } from './auth.service';

/**
 * The login limits of ADR 0037 against the real local Redis (TEST_REDIS_URL, else the default port), under a prefix of
 * their own: guessing an e-mail from many sources never refuses the owner's password from a source that has not
 * failed, a source that failed waits, IPv6 sources count per /64.
 */
describe('AttemptLimiter: login limits (Redis)', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1, lazyConnect: true });
  const prefix = `mapr-unit-${randomBase62(12)}`;
  const keys = { key: (...parts: string[]) => [prefix, ...parts].join(':') } as RedisKeys;
  const limiter = new AttemptLimiter(redis, keys);
  let email: string;

  beforeAll(() => redis.connect());
  beforeEach(() => {
    email = `owner-${randomBase62(8).toLowerCase()}@example.com`;
  });
  afterAll(async () => {
    const stale = await redis.keys(`${prefix}:*`);
    if (stale.length > 0) await redis.del(...stale);
    await redis.quit();
  });

  /** A failed attempt (counted, then the password was wrong): 'ok' or the refusal's code. */
  const attempt = (ip: string) =>
    limiter.consumeLogin(loginLimits(email, ip)).then(
      () => 'ok',
      (err: { code: string }) => err.code,
    );

  it('110 wrong guesses from 11 sources leave the owner’s source free; the sources that guessed wait', async () => {
    for (let source = 1; source <= 10; source++) for (let i = 0; i < 10; i++) expect(await attempt(`198.51.100.${source}`)).toBe('ok');
    // The e-mail has had its 100: a new source gets one guess, then waits like the others.
    expect(await attempt('198.51.100.11')).toBe('ok');
    expect(await attempt('198.51.100.11')).toBe('TOO_MANY_ATTEMPTS');
    expect(await attempt('198.51.100.3')).toBe('TOO_MANY_ATTEMPTS');
    // The owner, from a source that has not failed, gets to the password check, and a good password is no failure.
    const owner = loginLimits(email, '203.0.113.7');
    await limiter.consumeLogin(owner);
    await limiter.loginSucceeded(owner);
    expect(await attempt('203.0.113.7')).toBe('ok');
  });

  it('counts one IPv6 /64 as one source, and the next /64 as another', async () => {
    for (let i = 0; i < 10; i++) expect(await attempt(`2001:db8:1:2::${(i + 1).toString(16)}`)).toBe('ok');
    expect(await attempt('2001:db8:1:2:ffff:ffff:ffff:fffe')).toBe('TOO_MANY_ATTEMPTS');
    expect(await attempt('2001:db8:1:3::1')).toBe('ok');
  });

  it('counts parallel attempts of a source new to a guessed e-mail as one: the rest are refused', async () => {
    for (let source = 1; source <= 10; source++) for (let i = 0; i < 10; i++) await attempt(`192.0.2.${source}`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => attempt('203.0.113.99')));
    expect(answers.filter((a) => a === 'ok')).toHaveLength(1);
  });

  it('take counts up to the limit, then answers false without counting', async () => {
    const bucket = { name: `take:${email}`, limit: 2, windowSeconds: 60 };
    expect([await limiter.take(bucket), await limiter.take(bucket), await limiter.take(bucket)]).toEqual([true, true, false]);
    expect(await redis.get(keys.key('attempts', bucket.name))).toBe('2');
  });
});
