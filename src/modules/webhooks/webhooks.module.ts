import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookQueueModule } from './webhook-queue';
import { WebhookSecretsService } from './webhook-secrets.service';
import { WebhookTargetPolicy } from './webhook-target-policy.service';
import { WebhooksController } from './webhooks.controller';

/**
 * Webhook URL policy (SSRF guard), the dispatcher other modules send events through, the signing
 * secret and the delivery log API. The sending itself runs in WebhooksWorkerModule.
 */
@Module({
  imports: [TypeOrmModule.forFeature([WebhookSigningSecret, WebhookDelivery, WebhookDeliveryAttempt]), WebhookQueueModule],
  controllers: [WebhooksController],
  providers: [WebhookTargetPolicy, WebhookDispatcher, WebhookSecretsService, WebhookDeliveriesService],
  exports: [WebhookTargetPolicy, WebhookDispatcher],
})
export class WebhooksModule {}
