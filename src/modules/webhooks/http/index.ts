export {
  deliverWebhook,
  WEBHOOK_USER_AGENT,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_EXCERPT_CHARS,
  type WebhookHttpClient,
  type WebhookDeliveryRequest,
  type DeliverWebhookOptions,
  type WebhookDeliveryResult,
  type WebhookDeliveryOutcome,
  type WebhookDeliveryErrorKind,
} from './deliver-webhook';
