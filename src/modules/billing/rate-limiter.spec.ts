import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import Redis from 'ioredis';
import type { AppConfig } from '../../config';
import { randomBase62 } from '../../common/util/ids';
import type { DomainError } from '../../common/errors';
import type { Principal } from '../auth';
import type { PlansService } from './plans.service';
import { anonymousSource, RateLimiter, storageHitKey } from './rate-limiter';

/**
 * The limiter against the real local Redis (TEST_REDIS_URL, else the default port) and the real
 * storage library: `count` increments through the library's script, `peek` reads the key it
 * wrote, so a change of the library's key layout fails here. Keys live under a prefix of their own.
 */
describe('RateLimiter (Redis)', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1, lazyConnect: true });
  const prefix = `mapr-unit-${randomBase62(12)}`;
  const plans = { limitsFor: jest.fn(async () => ({ limits: { requests_per_minute: 3 } })) } as unknown as PlansService;
  const config = { http: { anonymousRequestsPerMinute: 5 }, redis: { keyPrefix: prefix } } as AppConfig;
  const principal = { accountId: 'usr_1', via: 'api_key', sandbox: false } as Principal;
  let limiter: RateLimiter;
  let ip: string;

  beforeAll(async () => {
    await redis.connect();
    limiter = new RateLimiter(new ThrottlerStorageRedisService(redis), redis, plans, config);
  });

  beforeEach(() => {
    ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}-${randomBase62(6)}`;
  });

  afterAll(async () => {
    const keys = await redis.keys(`{${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  function headersOf(call: (res: { setHeader(name: string, value: string): void }) => Promise<void>) {
    const headers: Record<string, string> = {};
    return call({ setHeader: (name, value) => (headers[name] = value) }).then(
      () => headers,
      (err: DomainError) => Promise.reject(Object.assign(err, { headers })),
    );
  }
  /** The same window's end: both round the remaining time up to whole seconds from the current second, so they may differ by one. */
  function expectSameReset(a: Record<string, string>, b: Record<string, string>): void {
    expect(Math.abs(Number(a['X-RateLimit-Reset']) - Number(b['X-RateLimit-Reset']))).toBeLessThanOrEqual(1);
  }
  const count = (req: object) => headersOf((res) => limiter.count({ ip, ...req }, res as never));
  const peek = (req: object) => headersOf((res) => limiter.peek({ ip, ...req }, res as never));

  it('the storage keeps the hit count under the key peek reads', async () => {
    await count({});
    await count({});
    expect(await redis.get(storageHitKey(`${prefix}:rate:ip:${ip}`))).toBe('2');
  });

  it('no window open: the full limit remains, and the reset is a full window away', async () => {
    const before = Math.floor(Date.now() / 1000);
    const headers = await peek({});
    expect(headers['X-RateLimit-Limit']).toBe('5');
    expect(headers['X-RateLimit-Remaining']).toBe('5');
    expect(Number(headers['X-RateLimit-Reset'])).toBeGreaterThanOrEqual(before + 60);
    expect(Number(headers['X-RateLimit-Reset'])).toBeLessThanOrEqual(before + 61);
    expect(await redis.exists(storageHitKey(`${prefix}:rate:ip:${ip}`))).toBe(0);
  });

  it('reports what count left, as often as asked, without counting', async () => {
    await count({});
    const counted = await count({});
    expect(counted['X-RateLimit-Remaining']).toBe('3');
    for (const peeked of [await peek({}), await peek({})]) {
      expect(peeked['X-RateLimit-Limit']).toBe('5');
      expect(peeked['X-RateLimit-Remaining']).toBe('3');
      expectSameReset(peeked, counted);
    }
    expect((await count({}))['X-RateLimit-Remaining']).toBe('2');
  });

  it('per account at the tier’s rate when the request was identified', async () => {
    const accountPrincipal = { ...principal, accountId: `usr_${randomBase62(8)}` };
    await count({ principal: accountPrincipal });
    const headers = await peek({ principal: accountPrincipal, ip: 'another-ip' });
    expect(headers['X-RateLimit-Limit']).toBe('3');
    expect(headers['X-RateLimit-Remaining']).toBe('2');
    // The IP's own window is untouched.
    expect((await peek({}))['X-RateLimit-Remaining']).toBe('5');
  });

  it('gives an account’s test keys a window of their own, the same size; sessions share the live keys’ window', async () => {
    const accountId = `usr_${randomBase62(8)}`;
    const live = { ...principal, accountId };
    const test = { ...principal, accountId, sandbox: true };
    const session = { ...principal, accountId, via: 'jwt' } as Principal;
    for (let i = 0; i < 3; i++) await count({ principal: test });
    await expect(count({ principal: test })).rejects.toMatchObject({ code: 'RATE_LIMIT_EXCEEDED' });
    // The live window is untouched by the sandbox's traffic.
    expect((await count({ principal: live }))['X-RateLimit-Remaining']).toBe('2');
    expect((await count({ principal: session }))['X-RateLimit-Remaining']).toBe('1');
    expect((await peek({ principal: test }))['X-RateLimit-Limit']).toBe('3');
  });

  it('past the limit: count refuses with 429 RATE_LIMIT_EXCEEDED, peek reports 0 remaining and still passes', async () => {
    for (let i = 0; i < 5; i++) await count({});
    const refused = await count({}).then(
      () => Promise.reject(new Error('count let the request through')),
      (err: DomainError & { headers: Record<string, string> }) => err,
    );
    expect(refused.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused.headers['X-RateLimit-Remaining']).toBe('0');
    const headers = await peek({});
    expect(headers['X-RateLimit-Remaining']).toBe('0');
    expectSameReset(headers, refused.headers);
  });

  it('refuses at once while Redis is not connected, instead of waiting in the client’s queue', async () => {
    const offline = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 });
    const offlineLimiter = new RateLimiter(new ThrottlerStorageRedisService(offline), offline, plans, config);
    await expect(offlineLimiter.peek({ ip }, { setHeader: jest.fn() } as never)).rejects.toThrow(/Redis is wait/);
    offline.disconnect();
  });
});

describe('anonymousSource', () => {
  it('keys an IPv4 caller by its address, a v4-mapped one too', () => {
    expect(anonymousSource('203.0.113.7')).toBe('203.0.113.7');
    expect(anonymousSource('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 caller by its /64, however the address is written', () => {
    expect(anonymousSource('2001:db8:85a3:1:8a2e:370:7334:1')).toBe('2001:db8:85a3:1::/64');
    expect(anonymousSource('2001:0db8:85a3:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:85a3:1::/64');
    expect(anonymousSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(anonymousSource('2001:db8:0:0:1::2')).toBe('2001:db8:0:0::/64');
    expect(anonymousSource('::1')).toBe('0:0:0:0::/64');
    // Two hosts of one /64 share a budget; the next /64 has its own.
    expect(anonymousSource('2001:db8:1:2::a')).toBe(anonymousSource('2001:db8:1:2:ffff::b'));
    expect(anonymousSource('2001:db8:1:3::a')).not.toBe(anonymousSource('2001:db8:1:2::a'));
  });
});
