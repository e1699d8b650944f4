export {
  WEBHOOK_HEADERS,
  signPayload,
  webhookHeaders,
  hmacSha256Hex,
  type WebhookMessage,
  type WebhookRequestHeaders,
  type WebhookSigningSecrets,
  type WebhookSignatureHeaders,
} from './webhook-signature';
export { generateSigningSecret, isSigningSecret, SIGNING_SECRET_PREFIX } from './signing-secret';
export { verifyWebhook, type VerifyWebhookOptions } from '../verify-webhook';
