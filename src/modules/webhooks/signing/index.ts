export { WEBHOOK_HEADERS, signPayload, hmacSha256Hex, type WebhookSigningSecrets, type WebhookSignatureHeaders } from './webhook-signature';
export { generateSigningSecret, isSigningSecret, SIGNING_SECRET_PREFIX } from './signing-secret';
export { verifyWebhook, type VerifyWebhookOptions } from '../verify-webhook';
