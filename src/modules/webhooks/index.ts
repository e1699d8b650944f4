export { WebhooksModule } from './webhooks.module';
export { WebhooksWorkerModule } from './webhooks-worker.module';
export { WebhookTargetPolicy } from './webhook-target-policy.service';
export { WebhookDispatcher, type WebhookDispatch } from './webhook-dispatcher.service';
export type { WebhookEvent } from './entities/webhook-delivery.entity';
