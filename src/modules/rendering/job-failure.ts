/** Codes a failed job reports in its `error` field (contract §3). */
export const JOB_FAILURE_CODES = [
  'MARITIME_ROUTE_ERROR',
  'ROAD_ROUTE_ERROR',
  'RENDER_TIMEOUT',
  'RENDER_FAILED',
  'STORAGE_ERROR',
] as const;
export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];

/**
 * Thrown by routing, rendering and storage when a job cannot be completed. The processor
 * records `code` and `message` on the job; any other exception is recorded as RENDER_FAILED
 * with a generic message, so internals never leak into a job record.
 */
export class JobFailure extends Error {
  constructor(
    readonly code: JobFailureCode,
    message: string,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}
