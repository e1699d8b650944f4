/** A Bull job on the `webhooks` queue: one HTTP attempt of one delivery. */
export type WebhookQueueData =
  | { deliveryId: string; trigger: 'automatic'; attempt: number }
  | { deliveryId: string; trigger: 'manual' };

/** Bull job id of an automatic attempt: the delivery id for the first send, `<id>-retry-<n>` after. */
export function automaticAttemptJobId(deliveryId: string, attempt: number): string {
  return attempt === 1 ? deliveryId : `${deliveryId}-retry-${attempt - 1}`;
}

/**
 * Finished queue entries are removed, so an id can be enqueued again by the sweeper when a delivery
 * row says an attempt is overdue; while an entry exists, adding the same id again is a no-op.
 */
export const WEBHOOK_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 1 } as const;
