import type { Batch } from '../api/types';

/** Polling cadence while a batch is still running (a Free account has 10 requests a minute). */
export const BATCH_POLL_MS = 5000;

/** How far a batch has got: jobs that ended (complete, failed or cancelled) out of all of them. */
export function batchSummary(batch: Batch) {
  const cancelled = Math.max(0, batch.total - batch.completed - batch.failed - batch.processing - batch.queued);
  const ended = batch.completed + batch.failed + cancelled;
  return {
    cancelled,
    ended,
    fraction: batch.total ? ended / batch.total : 0,
    active: batch.status !== 'complete',
    // A finished batch with failures reads differently from one where everything worked.
    badge: batch.status !== 'complete' || batch.failed === 0 ? batch.status : batch.failed === batch.total ? 'failed' : 'partial',
  };
}
