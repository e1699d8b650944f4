export { WebhooksModule } from './webhooks.module';
export { WebhookTargetPolicy } from './webhook-target-policy.service';
