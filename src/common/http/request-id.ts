import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const INCOMING_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` when well-formed, otherwise a new `req_…`. Set on
 * `req.id` (where pino-http and the error filter read it) and on the response's `X-Request-Id`,
 * once per request, before anything else can answer.
 */
export function assignRequestId(req: IncomingMessage & { id?: unknown }, res: ServerResponse): string {
  if (typeof req.id === 'string') return req.id;
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : `req_${randomUUID().replace(/-/g, '')}`;
  req.id = id;
  res.setHeader('X-Request-Id', id);
  return id;
}

/** The first middleware of the HTTP app: every response, whoever writes it, carries the request id. */
export function requestIdMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  assignRequestId(req, res);
  next();
}
