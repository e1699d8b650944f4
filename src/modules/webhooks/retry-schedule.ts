/**
 * The retry schedule of contract §8: after the first attempt fails, retries follow at +30 s, +2 min,
 * +10 min and +1 h, each counted from the failure before it. After the fourth retry fails the
 * delivery is failed for good. `timeScale` divides the delays (test suites only; 1 in production).
 */
export const RETRY_DELAYS_MS: readonly number[] = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];

/** Automatic attempts in all: the first send plus one per retry delay. */
export const MAX_AUTOMATIC_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * Delay before the automatic attempt that follows failed attempt `failedAttempt` (1 = the first
 * send), or undefined when there is none left.
 */
export function retryDelayMs(failedAttempt: number, timeScale = 1): number | undefined {
  if (!Number.isInteger(failedAttempt) || failedAttempt < 1)
    throw new RangeError(`failedAttempt must be a positive integer, got ${failedAttempt}`);
  if (!(timeScale >= 1)) throw new RangeError(`timeScale must be at least 1, got ${timeScale}`);
  const delay = RETRY_DELAYS_MS[failedAttempt - 1];
  return delay === undefined ? undefined : Math.max(1, Math.round(delay / timeScale));
}
