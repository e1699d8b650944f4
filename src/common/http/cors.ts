import type { CorsOptions } from '@nestjs/common/interfaces/external/cors-options.interface';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** What a browser app may send cross-origin: the methods of the API and the request headers it reads. */
export const CORS_ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'X-Request-Id'];

/** Response headers a browser app must be able to read (a browser hides all but a few unless they are listed). */
export const CORS_EXPOSED_HEADERS = [
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Request-Id',
  'Retry-After',
  'Location',
  'ETag',
  'Idempotent-Replayed',
];

/** How long a browser may reuse a preflight's answer, in seconds. */
export const CORS_MAX_AGE_SECONDS = 600;

/** True for a CORS preflight: an OPTIONS request announcing the method it is asking for. */
export function isPreflight(req: Request): boolean {
  return req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
}

/**
 * Options for Nest's `enableCors` (the `cors` package): an allow-list of origins (exact `scheme://host[:port]`),
 * nothing for any other origin. Credentials travel in `Authorization`, never in cookies, so no
 * `Access-Control-Allow-Credentials`. Preflights of listed origins end here with 204.
 */
export function corsOptions(allowedOrigins: readonly string[]): CorsOptions {
  const allowed = new Set(allowedOrigins);
  return {
    origin: (origin: string | undefined, callback: (err: Error | null, allow?: boolean) => void) =>
      callback(null, origin !== undefined && allowed.has(origin)),
    methods: CORS_ALLOWED_METHODS,
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    preflightContinue: false,
    optionsSuccessStatus: 204,
  };
}

/**
 * After the CORS middleware: a preflight it did not answer came from an origin not on the list. It ends here too, with
 * 204 and no CORS headers (the browser then refuses the real request), rather than going on to the routes, where an
 * unmatched OPTIONS would be counted against the caller's rate limit and answered 404.
 */
export function endUnlistedPreflights(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isPreflight(req)) return next();
    res.status(204).end();
  };
}
