import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, ThrottlerStorage } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import Redis from 'ioredis';
import type { ApiRateLimit } from '../../common/http/api-rate-limit';
import { requestSource } from '../../common/http/request-source';
import { APP_CONFIG, AppConfig } from '../../config';
import { REDIS } from '../../infrastructure/redis/redis.module';
import type { AuthenticatedRequestFields } from '../auth';
import { BillingErrors } from './billing.errors';
import { PlansService } from './plans.service';

/** Whose anonymous budget a request spends: its IPv4 address, or its IPv6 /64 (`requestSource`). */
export const anonymousSource = requestSource;

/** The API rate's window: fixed, one minute. */
export const RATE_WINDOW_MS = 60_000;
/** The throttler name the storage puts into its keys. */
const THROTTLER = 'api';

type CallerRequest = Pick<Request, 'ip'> & AuthenticatedRequestFields;

/** A caller's window as the headers report it. */
export interface RateWindow {
  limit: number;
  /** Requests counted in the current window (0 when none is open). */
  hits: number;
  /** Seconds until the window resets (at least 1; a full window when none is open). */
  resetInSeconds: number;
}

/**
 * The key under which `@nest-lab/throttler-storage-redis` (1.x) keeps a key's hit count, with the
 * window's expiry as the key's TTL. `peek` reads it; `rate-limiter.spec.ts` checks the layout
 * against the real storage, so an upgrade that changes it fails a test instead of the headers.
 */
export function storageHitKey(key: string): string {
  return `{${key}:${THROTTLER}}:hits`;
}

/**
 * The per-minute API rate, in Redis so every API process shares the counters: per account at the tier's rate (its live
 * keys and dashboard sessions share one budget; its test keys have a second of the same size, so sandbox traffic never
 * uses up production's), or per IP at the anonymous rate for callers not identified. `count` is the guard's (and unmatched routes'); `peek` reads the same
 * window without counting, for responses outside the API.
 */
@Injectable()
export class RateLimiter implements ApiRateLimit {
  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly plans: PlansService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async count(req: CallerRequest, res: Pick<Response, 'setHeader'>): Promise<void> {
    const { key, limit } = await this.windowOf(req);
    // A 1 ms block makes the library's script behave as a plain fixed window: hits keep counting
    // until the window's key expires.
    const { totalHits, timeToExpire } = await this.storage.increment(key, RATE_WINDOW_MS, limit, 1, THROTTLER);
    const window = { limit, hits: totalHits, resetInSeconds: Math.max(1, timeToExpire) };
    setHeaders(res, window);
    if (totalHits > limit) throw BillingErrors.rateLimitExceeded(window.resetInSeconds);
  }

  async peek(req: CallerRequest, res: Pick<Response, 'setHeader'>): Promise<void> {
    setHeaders(res, await this.current(req));
  }

  /** The caller's window as it stands: a read of the key `count` increments (GET and PTTL, one round trip). */
  async current(req: CallerRequest): Promise<RateWindow> {
    // While Redis reconnects a command would wait in ioredis' queue; a probe must not wait with it.
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    const { key, limit } = await this.windowOf(req);
    const hitKey = storageHitKey(key);
    const replies = await this.redis.multi().get(hitKey).pttl(hitKey).exec();
    if (!replies) throw new Error('Redis aborted the transaction');
    const [[getError, value], [pttlError, pttl]] = replies;
    if (getError || pttlError) throw getError ?? pttlError;
    const ttlMs = typeof pttl === 'number' && pttl > 0 ? pttl : -1;
    // No key (or one without expiry, which the next count repairs): no window is open.
    if (ttlMs < 0) return { limit, hits: 0, resetInSeconds: RATE_WINDOW_MS / 1000 };
    return { limit, hits: Number(value ?? 0), resetInSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
  }

  private async windowOf(req: CallerRequest): Promise<{ key: string; limit: number }> {
    const principal = req.principal;
    const limit = principal
      ? (await this.plans.limitsFor(principal.accountId)).limits.requests_per_minute
      : this.config.http.anonymousRequestsPerMinute;
    const tracker = principal ? accountTracker(principal) : `ip:${anonymousSource(req.ip ?? 'unknown')}`;
    return { key: `${this.config.redis.keyPrefix}:rate:${tracker}`, limit };
  }
}

/** An account's window: test keys (`mapr_test_`) count in their own, live keys and dashboard sessions in the live one. */
function accountTracker(principal: { accountId: string; via: 'jwt' | 'api_key'; sandbox: boolean }): string {
  return principal.via === 'api_key' && principal.sandbox ? `account:${principal.accountId}:test` : `account:${principal.accountId}`;
}

function setHeaders(res: Pick<Response, 'setHeader'>, window: RateWindow): void {
  res.setHeader('X-RateLimit-Limit', String(window.limit));
  res.setHeader('X-RateLimit-Remaining', String(Math.max(0, window.limit - window.hits)));
  res.setHeader('X-RateLimit-Reset', String(Math.floor(Date.now() / 1000) + window.resetInSeconds));
}
