import Redis from 'ioredis';
import { randomBase62 } from '../src/common/util/ids';
import type { AppConfig } from '../src/config';
import { RedisKeys } from '../src/infrastructure/redis/redis.module';
import type { Principal } from '../src/modules/auth';
import { credentialDigest, PrincipalCache } from '../src/modules/auth/testing';
import { TEST_REDIS_URL } from './support/test-env';

/**
 * The global guard answers recently seen credentials from this cache, so what it forgets decides
 * how fast a revoked key or an expired token stops working. Two instances stand for two API
 * processes sharing the real Redis.
 */
describe('PrincipalCache', () => {
  const keys = new RedisKeys({ redis: { keyPrefix: `t${randomBase62(10).toLowerCase()}` } } as AppConfig);
  const connections: Redis[] = [];
  let here: PrincipalCache;
  let there: PrincipalCache;

  const principal: Principal = {
    accountId: 'usr_1',
    email: 'a@example.com',
    name: 'A',
    emailVerified: true,
    accountCreatedAt: new Date(),
    via: 'api_key',
    apiKeyId: 'key_1',
    sandbox: false,
  };

  async function cacheProcess(): Promise<PrincipalCache> {
    const redis = new Redis(TEST_REDIS_URL);
    connections.push(redis);
    const cache = new PrincipalCache(redis, keys);
    await cache.onModuleInit();
    return cache;
  }

  beforeAll(async () => {
    here = await cacheProcess();
    there = await cacheProcess();
  });

  afterAll(async () => {
    await Promise.all([here.onApplicationShutdown(), there.onApplicationShutdown()]);
    await Promise.all(connections.map((c) => c.quit()));
  });

  it('keys entries by the digest of the credential, never the credential', () => {
    const digest = credentialDigest('mapr_live_secret');
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    here.set(digest, principal, ['key:key_1']);
    expect(here.get(digest)).toEqual(principal);
    expect(here.get('mapr_live_secret')).toBeUndefined();
  });

  it('forgets an entry when its credential expires, before the cache lifetime', async () => {
    const digest = credentialDigest('short-lived token');
    const now = Date.now();
    here.set(digest, principal, ['account:usr_1'], now + 50);
    expect(here.get(digest)).toEqual(principal);
    // The cache reads the wall clock: move it to the credential's expiry (and 1 ms before it) instead of sleeping.
    const clock = jest.spyOn(Date, 'now');
    try {
      clock.mockReturnValue(now + 49);
      expect(here.get(digest)).toEqual(principal);
      clock.mockReturnValue(now + 50);
      expect(here.get(digest)).toBeUndefined();
    } finally {
      clock.mockRestore();
    }
  });

  it('an invalidation in one process reaches the others at once', async () => {
    const revoked = credentialDigest('mapr_live_revoked');
    const untouched = credentialDigest('mapr_live_other');
    there.set(revoked, principal, ['key:key_1', 'account:usr_1']);
    there.set(untouched, { ...principal, apiKeyId: 'key_2' }, ['key:key_2', 'account:usr_2']);

    await here.invalidate('key:key_1');
    for (let waited = 0; there.get(revoked) && waited < 1000; waited += 10) await new Promise((r) => setTimeout(r, 10));
    expect(there.get(revoked)).toBeUndefined();
    expect(there.get(untouched)).toBeDefined();
  });
});
