import { signStandardWebhook, type StandardWebhookHeaders } from './standard-webhooks';
import { signPayload, WEBHOOK_HEADERS, type WebhookSignatureHeaders, type WebhookSigningSecrets } from './webhook-signature';

/** What a webhook request is about. */
export interface WebhookMessage {
  event: string;
  /** `X-Service-Delivery`: the delivery id (the same on every attempt). */
  deliveryId: string;
}

/** Every header `webhookHeaders` produces: the event, the delivery id and both kinds of signature. */
export type WebhookRequestHeaders = WebhookSignatureHeaders &
  StandardWebhookHeaders & {
    'X-Service-Event': string;
    'X-Service-Delivery': string;
  };

/**
 * The headers of one webhook request, signed now: what every delivery attempt carries (besides
 * Content-Type and User-Agent, which the HTTP client sets) and what `GET /v1/events` hands a
 * forwarder, so both always carry the same set.
 */
export function webhookHeaders(
  body: string | Buffer,
  message: WebhookMessage,
  secrets: WebhookSigningSecrets,
  timestampSeconds: number,
): WebhookRequestHeaders {
  return {
    [WEBHOOK_HEADERS.event]: message.event,
    [WEBHOOK_HEADERS.delivery]: message.deliveryId,
    ...signPayload(body, secrets, timestampSeconds),
    // The Standard Webhooks set (webhook-id = the delivery id) over the same bytes and time.
    ...signStandardWebhook(message.deliveryId, body, secrets, timestampSeconds),
  };
}
