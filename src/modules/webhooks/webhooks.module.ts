import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountSecretRenewalsModule } from '../auth';
import { AccountEventSignal } from './account-event-signal';
import { AccountEventsService } from './account-events.service';
import { AccountEvent } from './entities/account-event.entity';
import { EventsController } from './events.controller';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
import { WebhookDeliveriesService } from './webhook-deliveries.service';
import { WebhookDispatcher } from './webhook-dispatcher.service';
import { WebhookQueueModule } from './webhook-queue';
import { WebhookSecretsRenewal, WebhookSecretsService } from './webhook-secrets.service';
import { WebhookTargetPolicy } from './webhook-target-policy.service';
import { WebhooksController } from './webhooks.controller';

/**
 * Webhook URL policy (SSRF guard), the dispatcher other modules send events through (it records
 * every account event, and a delivery when there is a URL), the signing secret, the delivery log
 * API and the long-polled event stream (GET /v1/events). The sending itself runs in WebhooksWorkerModule.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookSigningSecret, WebhookDelivery, WebhookDeliveryAttempt, AccountEvent]),
    WebhookQueueModule,
    AccountSecretRenewalsModule,
  ],
  controllers: [WebhooksController, EventsController],
  providers: [
    WebhookTargetPolicy,
    WebhookDispatcher,
    WebhookSecretsService,
    WebhookSecretsRenewal,
    WebhookDeliveriesService,
    AccountEventSignal,
    AccountEventsService,
  ],
  exports: [WebhookTargetPolicy, WebhookDispatcher],
})
export class WebhooksModule {}
