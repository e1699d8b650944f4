import { DomainError } from '../../common/errors';
import type { ErrorExample } from '../../common/openapi/error-examples';

/** Codes of the tier policy: API rate, monthly quota, concurrency, features (contract §1, §6). */
export type BillingErrorCode =
  | 'RATE_LIMIT_EXCEEDED'
  | 'RENDER_LIMIT_EXCEEDED'
  | 'CONCURRENT_JOB_LIMIT'
  | 'QUEUED_JOB_LIMIT'
  | 'SANDBOX_LIMIT_EXCEEDED'
  | 'FEATURE_NOT_AVAILABLE';

export const BillingErrors = {
  rateLimitExceeded: (retryAfterSeconds: number) =>
    new DomainError(
      'RATE_LIMIT_EXCEEDED',
      `Too many requests; retry in ${retryAfterSeconds} seconds.`,
      { retry_after_seconds: retryAfterSeconds },
      retryAfterSeconds,
    ),
  renderLimitExceeded: (used: number, limit: number, resetAt: Date) =>
    new DomainError(
      'RENDER_LIMIT_EXCEEDED',
      `All ${limit} renders of this billing period are used; the quota resets at ${resetAt.toISOString()}.`,
      { renders_used: used, renders_limit: limit, reset_at: resetAt.toISOString() },
      Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
    ),
  /** `retryAfterSeconds`: when a slot may be free (rendering knows from its jobs' estimates); 30 s when nothing better is known. */
  concurrentJobLimit: (active: number, limit: number, retryAfterSeconds = 30) =>
    new DomainError(
      'CONCURRENT_JOB_LIMIT',
      `${active} jobs are already queued or processing; your plan allows ${limit} at once. Wait for one to finish, or submit a batch.`,
      { active_jobs: active, limit },
      retryAfterSeconds,
    ),
  queuedJobLimit: (queued: number, limit: number) =>
    new DomainError(
      'QUEUED_JOB_LIMIT',
      `${queued} jobs are already queued or processing; your plan queues ${limit} at most. Wait for some to finish.`,
      { active_jobs: queued, limit },
      30,
    ),
  sandboxLimitExceeded: (used: number, limit: number, resetAt: Date) =>
    new DomainError(
      'SANDBOX_LIMIT_EXCEEDED',
      `Test keys render ${limit} videos a day on your plan and ${used} were accepted today; the count resets at ${resetAt.toISOString()}.`,
      { sandbox_renders_used: used, limit, reset_at: resetAt.toISOString() },
      Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000)),
    ),
  featureNotAvailable: (feature: string, tier: string) =>
    new DomainError('FEATURE_NOT_AVAILABLE', `${feature} is not available on the ${tier} tier.`, { tier }),
} satisfies Record<string, (...args: never[]) => DomainError<BillingErrorCode>>;

const RESET_AT = new Date('2026-12-01T00:00:00.000Z');

/** OpenAPI examples of these errors, by the situation they show. */
export const BillingErrorExamples = {
  featureNotAvailable: { summary: '1080p on the Free tier', error: BillingErrors.featureNotAvailable('Resolution 1080p', 'free') },
  rateLimitExceeded: { summary: 'Requests per minute of the tier used up', error: BillingErrors.rateLimitExceeded(42) },
  renderLimitExceeded: { summary: 'Monthly quota used up', error: BillingErrors.renderLimitExceeded(5, 5, RESET_AT) },
  concurrentJobLimit: { summary: 'Jobs queued or processing at the tier limit', error: BillingErrors.concurrentJobLimit(1, 1, 42) },
} satisfies Record<string, ErrorExample>;
