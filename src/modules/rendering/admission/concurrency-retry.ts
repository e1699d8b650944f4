/** Bounds of the `Retry-After` of a concurrency refusal: not sooner than a poll would be useful, not later than 5 minutes. */
export const CONCURRENCY_RETRY_MIN_SECONDS = 5;
export const CONCURRENCY_RETRY_MAX_SECONDS = 300;

/** What the hint needs of each of the account's active jobs. */
export interface ActiveJobTiming {
  startedAt: Date | null;
  estimatedDurationSeconds: number;
}

/**
 * Seconds until a concurrent slot is likely to free up, for the `Retry-After` of CONCURRENT_JOB_LIMIT: when the active
 * job expected to end first should end, a processing job at its start plus its estimate, a queued one at now plus its
 * estimate; between 5 s and 5 minutes (an overdue job gives 5 s).
 */
export function concurrencyRetryAfterSeconds(active: readonly ActiveJobTiming[], now: Date): number {
  if (active.length === 0) return CONCURRENCY_RETRY_MIN_SECONDS;
  const firstEnd = Math.min(...active.map((job) => (job.startedAt ?? now).getTime() + job.estimatedDurationSeconds * 1000));
  const seconds = Math.ceil((firstEnd - now.getTime()) / 1000);
  return Math.min(CONCURRENCY_RETRY_MAX_SECONDS, Math.max(CONCURRENCY_RETRY_MIN_SECONDS, seconds));
}
