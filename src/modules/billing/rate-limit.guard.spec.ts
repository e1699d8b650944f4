import type { ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import type { AppConfig } from '../../config';
import type { DomainError } from '../../common/errors';
import { HTTP_ERRORS } from '../../http-errors';
import { httpContext } from '../../../test/support/http-execution-context';
import type { Principal } from '../auth';
import type { PlansService } from './plans.service';
import { RateLimitGuard } from './rate-limit.guard';
import { RateLimiter } from './rate-limiter';

const principal = { accountId: 'usr_1', via: 'api_key', sandbox: false } as Principal;

describe('RateLimitGuard', () => {
  let hits: number;
  let increment: jest.Mock;
  let guard: RateLimitGuard;

  beforeEach(() => {
    hits = 0;
    increment = jest.fn(async () => ({ totalHits: ++hits, timeToExpire: 42, isBlocked: false, timeToBlockExpire: 0 }));
    const plans = { limitsFor: jest.fn(async () => ({ limits: { requests_per_minute: 3 } })) } as unknown as PlansService;
    const config = { http: { anonymousRequestsPerMinute: 2 }, redis: { keyPrefix: 'px' } } as AppConfig;
    guard = new RateLimitGuard(new RateLimiter({ increment } as unknown as ThrottlerStorage, {} as Redis, plans, config));
  });

  function call(req: object) {
    const headers: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => (headers[name] = value) };
    return { headers, result: guard.canActivate(httpContext({ ip: '10.0.0.9', path: '/v1/render', ...req }, res)) };
  }

  async function rejection(promise: Promise<boolean>): Promise<DomainError> {
    return promise.then(
      () => Promise.reject(new Error('the guard let the request through')),
      (err: DomainError) => err,
    );
  }

  it('counts an account at its tier’s rate, per account, and sets the three headers', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { headers, result } = call({ principal });
    await expect(result).resolves.toBe(true);
    expect(increment).toHaveBeenCalledWith('px:rate:account:usr_1', 60_000, 3, 1, 'api');
    expect(headers['X-RateLimit-Limit']).toBe('3');
    expect(headers['X-RateLimit-Remaining']).toBe('2');
    const reset = Number(headers['X-RateLimit-Reset']);
    expect(reset).toBeGreaterThanOrEqual(before + 42);
    expect(reset).toBeLessThanOrEqual(before + 43);
  });

  it('counts unauthenticated callers per IP at the anonymous rate (their 401s included)', async () => {
    const { headers, result } = call({ authFailure: new Error('401 later') });
    await expect(result).resolves.toBe(true);
    expect(increment).toHaveBeenCalledWith('px:rate:ip:10.0.0.9', 60_000, 2, 1, 'api');
    expect(headers['X-RateLimit-Limit']).toBe('2');
  });

  it('over the limit: 429 RATE_LIMIT_EXCEEDED with Retry-After, and Remaining never below 0', async () => {
    for (let i = 0; i < 3; i++) await call({ principal }).result;
    const { headers, result } = call({ principal });
    const err = await rejection(result);
    // Over HTTP: 429, and Retry-After from retryAfterSeconds (src/http-errors.spec.ts).
    expect(err).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', retryAfterSeconds: 42, extra: { retry_after_seconds: 42 } });
    expect(HTTP_ERRORS.RATE_LIMIT_EXCEEDED.status).toBe(429);
    expect(headers['X-RateLimit-Remaining']).toBe('0');
    expect(headers['X-RateLimit-Limit']).toBe('3');
  });

  it('the last request within the limit still passes', async () => {
    for (let i = 0; i < 2; i++) await call({ principal }).result;
    const { headers, result } = call({ principal });
    await expect(result).resolves.toBe(true);
    expect(headers['X-RateLimit-Remaining']).toBe('0');
  });

  it('leaves health probes, docs and CDN files alone', async () => {
    for (const path of ['/health/live', '/docs', '/cdn/renders/job_1.mp4']) {
      const { headers, result } = call({ path });
      await expect(result).resolves.toBe(true);
      expect(headers).toEqual({});
    }
    expect(increment).not.toHaveBeenCalled();
  });
});
