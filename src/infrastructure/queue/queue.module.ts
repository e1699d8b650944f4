import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../config';

export const RENDER_QUEUE = 'render';
export const WEBHOOK_QUEUE = 'webhooks';

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
