/**
 * What the readiness check asks of the render queue. Provided (globally) by the rendering
 * module's queue adapter, so infrastructure names no module.
 */
export const QUEUE_HEALTH = Symbol('QUEUE_HEALTH');

export interface QueueHealth {
  /** Entry counts; rejects when the queue's Redis does not answer. */
  counts(): Promise<{ waiting: number; active: number; delayed: number }>;
}
