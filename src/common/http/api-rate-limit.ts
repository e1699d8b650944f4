import { Logger } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isPreflight } from './cors';

/**
 * The API rate limit as the HTTP edge needs it outside the guards. Provided by the billing module,
 * which owns the counters; defined here so the composition root can wire it into express without
 * common depending on billing.
 */
export const API_RATE_LIMIT = Symbol('API_RATE_LIMIT');

export interface ApiRateLimit {
  /**
   * Counts the request against its caller's window (the account when the request was identified,
   * otherwise the IP) and sets the three `X-RateLimit-*` headers; rejects with the 429 error when
   * the window is used up.
   */
  count(req: Request, res: Response): Promise<void>;
  /** Sets the three `X-RateLimit-*` headers from the caller's window as it stands, without counting. */
  peek(req: Request, res: Response): Promise<void>;
}

const logger = new Logger('RateLimit');

/** Whether the path belongs to the rate-limited API (`/v1/...`), where the rate-limit guard counts. */
export function isApiPath(path: string): boolean {
  return path.startsWith('/v1/');
}

/**
 * Outside the API (health probes, docs, CDN files) and for CORS preflights: the response carries
 * the caller's rate-limit headers, read without counting, so a load balancer's probes, a video
 * player's range requests or a browser's preflights never use up anyone's budget. A failed read
 * (Redis away) leaves the headers out rather than failing a probe. Other `/v1/` requests are left
 * to the guard: no extra Redis round trip on the API.
 */
export function peekRateLimitOutsideApi(rateLimit: ApiRateLimit): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) && !isPreflight(req)) return next();
    rateLimit.peek(req, res).then(
      () => next(),
      (err: unknown) => {
        logger.debug({ err, path: req.path }, 'Rate-limit headers left out: the window could not be read');
        next();
      },
    );
  };
}

/**
 * For requests no route matched (registered just before the 404): they are API requests that
 * failed, counted like unauthenticated ones (per IP; no route, so no caller was identified). Over
 * the limit the 429 goes on to the exception filter instead of the 404.
 */
export function countUnmatchedRequest(rateLimit: ApiRateLimit): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    rateLimit.count(req, res).then(() => next(), next);
  };
}
