/**
 * For tests only: what the e2e and fault tests in test/ arrange and observe inside webhooks (its tables, the delivery
 * sweeper they run now, and the signing and verification functions receivers use). Production code never imports
 * this file (.dependency-cruiser.cjs: testing-seams-are-for-tests); it imports ./index.ts.
 */
export { AccountEvent } from './entities/account-event.entity';
export { WebhookDelivery } from './entities/webhook-delivery.entity';
export { WebhookSigningSecret } from './entities/webhook-signing-secret.entity';
export { signPayload, webhookHeaders, type WebhookSigningSecrets } from './signing';
export { verifyWebhook } from './verify-webhook';
export { WebhookDeliverySweeper } from './webhook-delivery.processor';
