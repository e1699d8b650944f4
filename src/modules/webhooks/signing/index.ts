export { WEBHOOK_HEADERS, signPayload, hmacSha256Hex, type WebhookSigningSecrets, type WebhookSignatureHeaders } from './webhook-signature';
export { webhookHeaders, type WebhookMessage, type WebhookRequestHeaders } from './webhook-headers';
export { STANDARD_WEBHOOK_HEADERS, signStandardWebhook, type StandardWebhookHeaders } from './standard-webhooks';
export { generateSigningSecret, isSigningSecret, signingKeyBytes, SIGNING_SECRET_PREFIX } from './signing-secret';
export { verifyWebhook, type VerifyWebhookOptions } from '../verify-webhook';
