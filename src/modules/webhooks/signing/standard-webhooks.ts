import { createHmac } from 'node:crypto';
import { signingKeyBytes } from './signing-secret';
import type { WebhookSigningSecrets } from './webhook-signature';

/** Header names of the Standard Webhooks scheme (https://www.standardwebhooks.com), sent beside the `X-Service-*` ones. */
export const STANDARD_WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** The three headers `signStandardWebhook` produces. */
export interface StandardWebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * Signs one webhook attempt the Standard Webhooks way, so its libraries (`new Webhook(secret).verify(body, headers)`
 * of the `standardwebhooks` package, and its ports to other languages) verify our deliveries unchanged:
 *
 * - `webhook-id`: the message id; ours is the delivery id (`dlv_…`), the same on every retry.
 * - `webhook-timestamp`: Unix seconds of this attempt.
 * - `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the base64-DECODED part of
 *   the secret after `whsec_` (`signingKeyBytes`), one space-separated `v1,…` per live secret, current first.
 */
export function signStandardWebhook(
  messageId: string,
  body: string | Buffer,
  secrets: WebhookSigningSecrets,
  timestampSeconds: number,
): StandardWebhookHeaders {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`timestampSeconds must be a non-negative integer of Unix seconds, got ${timestampSeconds}`);
  }
  // The id is part of the signed text, separated by dots; one with a dot or a space could be read two ways.
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(messageId)) throw new TypeError(`Unusable webhook message id ${JSON.stringify(messageId)}`);
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const timestamp = String(timestampSeconds);
  const signed = Buffer.concat([Buffer.from(`${messageId}.${timestamp}.`, 'utf8'), bodyBytes]);

  const liveSecrets = [secrets.current];
  if (secrets.previous !== undefined && secrets.previous !== secrets.current) liveSecrets.push(secrets.previous);
  const signatures = liveSecrets.map((secret) => `v1,${createHmac('sha256', signingKeyBytes(secret)).update(signed).digest('base64')}`);

  return { 'webhook-id': messageId, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
