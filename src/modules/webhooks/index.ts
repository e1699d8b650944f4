export { WebhooksModule } from './webhooks.module';
export { WebhooksWorkerModule } from './webhooks-worker.module';
export { WebhookTargetPolicy } from './webhook-target-policy.service';
export { WebhookDispatcher, type WebhookDispatch, type RecordedEvent } from './webhook-dispatcher.service';
export type { WebhookEvent } from './entities/webhook-delivery.entity';
export { WebhookUrlRejectedError, type WebhooksErrorCode } from './webhooks.errors';

import { AccountEvent } from './entities/account-event.entity';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
/** The module's tables, for the composition root's TypeORM options (src/entities.ts). */
export const WEBHOOKS_ENTITIES = [WebhookSigningSecret, WebhookDelivery, WebhookDeliveryAttempt, AccountEvent];
export { WEBHOOK_RECEIVER_DOC } from './webhook-delivery.openapi';
