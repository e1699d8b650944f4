/**
 * The webhook queue seam: the one file of the webhooks module that knows the queue is Bull
 * (docs/adr/0002-queue-seam.md). Each entry is one HTTP attempt of one delivery.
 */
import { BullModule, InjectQueue } from '@nestjs/bull';
import { Injectable, Module } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../config';
import { randomBase62 } from '../../common/util/ids';

export const WEBHOOK_QUEUE = 'webhooks';

/** One HTTP attempt of one delivery: an automatic one (first send or a scheduled retry), or a manual redelivery. */
export type WebhookQueueData = { deliveryId: string; trigger: 'automatic'; attempt: number } | { deliveryId: string; trigger: 'manual' };

/** Queue entry id of an automatic attempt: the delivery id for the first send, `<id>-retry-<n>` after. */
export function automaticAttemptJobId(deliveryId: string, attempt: number): string {
  return attempt === 1 ? deliveryId : `${deliveryId}-retry-${attempt - 1}`;
}

/**
 * Finished queue entries are removed, so an id can be enqueued again by the sweeper when a delivery
 * row says an attempt is overdue; while an entry exists, adding the same id again is a no-op.
 */
const WEBHOOK_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: true, attempts: 1 } as const;

/**
 * A worker renews its lock on the attempt it runs (every third of the lock, on a timer, so an attempt waiting 30 s for
 * its receiver keeps it); when the worker dies the lock lapses and the attempt is handed to another worker within
 * 1–1.5 locks. An entry whose workers died more than three times is dropped, and the delivery sweep queues it again
 * (WebhookDeliverySweeper, after 2 locks overdue). Bull's defaults (a 30 s lock checked every 30 s, dropped after one
 * stall) left a delivery caught by two crashes waiting two minutes or more.
 */
export function webhookQueueSettings(lockSeconds: number) {
  const lockDuration = lockSeconds * 1000;
  return { lockDuration, lockRenewTime: lockDuration / 3, stalledInterval: lockDuration / 2, maxStalledCount: 3 };
}

@Injectable()
export class WebhookQueue {
  constructor(@InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<WebhookQueueData>) {}

  /**
   * Queues an attempt, after `delayMs` if given. An automatic attempt's entry id is derived from
   * the delivery and the attempt number (adding it again while it exists is a no-op); every manual
   * redelivery is a new entry. Rejects if Redis refused it.
   */
  async add(data: WebhookQueueData, options: { delayMs?: number } = {}): Promise<void> {
    const jobId =
      data.trigger === 'automatic' ? automaticAttemptJobId(data.deliveryId, data.attempt) : `${data.deliveryId}-manual-${randomBase62(8)}`;
    await this.queue.add(data, { ...WEBHOOK_JOB_OPTIONS, jobId, ...(options.delayMs !== undefined ? { delay: options.delayMs } : {}) });
  }

  /** Runs up to `concurrency` attempts at once in this process. */
  consume(concurrency: number, handle: (data: WebhookQueueData) => Promise<void>): void {
    void this.queue.process(concurrency, (job: Job<WebhookQueueData>) => handle(job.data));
  }
}

/** Registers the `webhooks` queue on the configured Redis and key prefix, and provides its adapter. */
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: WEBHOOK_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        redis: config.redis.url,
        prefix: `${config.redis.keyPrefix}:bull`,
        settings: webhookQueueSettings(config.webhooks.lockSeconds),
      }),
    }),
  ],
  providers: [WebhookQueue],
  exports: [WebhookQueue],
})
export class WebhookQueueModule {}
