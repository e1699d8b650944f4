import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
import { WebhookDeliveryProcessor, WebhookDeliverySweeper } from './webhook-delivery.processor';
import { defaultWebhookHttpClient, WebhookDeliveryRunner } from './webhook-delivery-runner.service';
import { WebhookQueueModule } from './webhook-queue';
import { WebhookSecretsService } from './webhook-secrets.service';

/** Worker side of webhooks: the `webhooks` queue processor (sign, send, log, retry) and the overdue sweeper. */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookSigningSecret, WebhookDelivery, WebhookDeliveryAttempt]), WebhookQueueModule],
  providers: [WebhookSecretsService, WebhookDeliveryRunner, WebhookDeliveryProcessor, WebhookDeliverySweeper, defaultWebhookHttpClient],
})
export class WebhooksWorkerModule {}
