import { createHash } from 'node:crypto';
import type { Response } from 'express';

/**
 * A weak validator of a JSON response: the SHA-256 of the body express will send for `body` (`res.json` is
 * `JSON.stringify` with the app's defaults). Weak, because the same JSON may travel gzip- or br-encoded.
 */
export function jsonEtag(body: unknown): string {
  return `W/"${createHash('sha256').update(JSON.stringify(body), 'utf8').digest('base64url').slice(0, 27)}"`;
}

/**
 * Sets the response's `ETag` from the body about to be sent and returns the body, for the job reads that pollers repeat
 * (`return withEtag(res, dto)` in a handler with `@Res({ passthrough: true })`). Express answers a request whose
 * `If-None-Match` matches with 304 and no body (`res.send` checks `req.fresh`); every other header, the rate-limit ones
 * included, is still sent. The app's automatic ETags are off (app.factory.ts): only routes that call this have one.
 */
export function withEtag<T>(res: Response, body: T): T {
  res.setHeader('ETag', jsonEtag(body));
  return body;
}
