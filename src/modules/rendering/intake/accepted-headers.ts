import type { Response } from 'express';

/** Fastest first poll worth suggesting, and the slowest (a long job still gets a progress read now and then). */
const MIN_POLL_SECONDS = 2;
const MAX_POLL_SECONDS = 15;

/**
 * Seconds a client should wait before its first status read of newly accepted work: a quarter of the estimate, so a
 * poller sees progress a few times and the end soon after it, within 2–15 s. No estimate (a batch): 5 s.
 */
export function pollHintSeconds(estimatedSeconds?: number): number {
  if (estimatedSeconds === undefined || !Number.isFinite(estimatedSeconds)) return 5;
  return Math.min(MAX_POLL_SECONDS, Math.max(MIN_POLL_SECONDS, Math.round(estimatedSeconds / 4)));
}

/**
 * The 202 of queued work says where to follow it and when to look first (`Location`, `Retry-After`), as HTTP clients
 * and SDKs expect of an asynchronous operation. Set on a replayed answer too: it describes the same job.
 */
export function announceAccepted(res: Response, statusUrl: string, estimatedSeconds?: number): void {
  res.setHeader('Location', statusUrl);
  res.setHeader('Retry-After', String(pollHintSeconds(estimatedSeconds)));
}

/** The two headers as OpenAPI documents them on a 202. */
export const ACCEPTED_HEADERS_DOC = {
  Location: { description: 'Where to follow the work: the same URL as `status_url`.', schema: { type: 'string' } },
  'Retry-After': {
    description: 'Seconds to wait before the first status read (a quarter of the estimate, 2–15 s; 5 s for a batch).',
    schema: { type: 'integer', example: 5 },
  },
};
