import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';

export const RENDER_QUEUE = 'render';
export const WEBHOOK_QUEUE = 'webhooks';

/**
 * Render jobs hold a lock their worker renews; when a worker dies the lock lapses and the job is
 * "stalled": Bull hands it to another worker. Three stalls in a row and it gives up (the worker
 * then records the job as failed).
 */
export function renderQueueSettings(lockSeconds: number) {
  const lockDuration = lockSeconds * 1000;
  return { lockDuration, lockRenewTime: lockDuration / 3, stalledInterval: lockDuration / 2, maxStalledCount: 3 };
}

/** The Bull root: every queue shares the configured Redis and key prefix. */
@Module({
  imports: [
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        redis: config.redis.url,
        prefix: `${config.redis.keyPrefix}:bull`,
      }),
    }),
  ],
  exports: [BullModule],
})
export class QueueModule {}
