import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  ThrottlerModuleOptions,
  ThrottlerStorage,
} from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config';
import { BillingErrors } from './billing.errors';
import type { AuthenticatedRequestFields } from '../auth';
import { PlansService } from './plans.service';

const WINDOW_MS = 60_000;

/**
 * Second global guard: the per-minute API rate. Counted per account (its keys and tokens share
 * one budget) at the tier's rate, or per IP for unauthenticated callers, in Redis so every API
 * process shares the counters. Every /v1 response carries X-RateLimit-Limit, -Remaining and
 * -Reset (Unix epoch seconds); a 429 adds Retry-After.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly plans: PlansService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequestFields>();
    const res = context.switchToHttp().getResponse<Response>();
    // Health probes, docs and CDN files are not part of the rate-limited API.
    if (!req.path.startsWith('/v1/')) return true;

    const principal = req.principal;
    const limit = principal
      ? (await this.plans.limitsFor(principal.accountId)).limits.requests_per_minute
      : this.config.http.anonymousRequestsPerMinute;
    const tracker = principal ? `account:${principal.accountId}` : `ip:${req.ip}`;
    // A 1 ms block makes the library's script behave as a plain fixed window: hits keep counting
    // until the window's key expires.
    const { totalHits, timeToExpire } = await this.storageService.increment(
      `${this.config.redis.keyPrefix}:rate:${tracker}`,
      WINDOW_MS,
      limit,
      1,
      'api',
    );
    const secondsToReset = Math.max(1, timeToExpire);
    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - totalHits)));
    res.setHeader('X-RateLimit-Reset', String(Math.floor(Date.now() / 1000) + secondsToReset));
    if (totalHits > limit) throw BillingErrors.rateLimitExceeded(secondsToReset);
    return true;
  }
}
