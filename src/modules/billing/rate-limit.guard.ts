import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isApiPath } from '../../common/http/api-rate-limit';
import type { AuthenticatedRequestFields } from '../auth';
import { RateLimiter } from './rate-limiter';

/**
 * Second global guard: the per-minute API rate (RateLimiter). Counts every /v1 request per account
 * at the tier's rate (live keys and sessions share one budget, test keys have their own), or per IP for unauthenticated callers,
 * and sets X-RateLimit-Limit, -Remaining and -Reset (Unix epoch seconds); a 429 adds Retry-After.
 * Responses outside /v1 (health probes, docs, CDN files) and requests no route matched get their
 * headers at the HTTP edge instead (src/app.factory.ts).
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(private readonly limiter: RateLimiter) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequestFields>();
    // Health probes, docs and CDN files are not part of the rate-limited API.
    if (!isApiPath(req.path)) return true;
    await this.limiter.count(req, context.switchToHttp().getResponse<Response>());
    return true;
  }
}
