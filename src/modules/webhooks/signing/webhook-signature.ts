import { createHmac } from 'node:crypto';

/** Header names of an outgoing webhook (contract §8). Receivers look them up case-insensitively. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Service-Signature',
  signatureV2: 'X-Service-Signature-V2',
  timestamp: 'X-Service-Timestamp',
  event: 'X-Service-Event',
  delivery: 'X-Service-Delivery',
} as const;

/** The account's signing secrets; `previous` is set for 24 h after a rotation and signs in parallel. */
export interface WebhookSigningSecrets {
  current: string;
  previous?: string;
}

/** The three signature headers `signPayload` produces, ready to merge into the request headers. */
export interface WebhookSignatureHeaders {
  'X-Service-Signature': string;
  'X-Service-Signature-V2': string;
  'X-Service-Timestamp': string;
}

/** What a webhook request says about itself besides its signature. */
/**
 * Signs one webhook body.
 *
 * - `X-Service-Signature: sha256=<hex>`: HMAC-SHA256 of the exact body bytes with the current secret
 *   (the interface spec's signature; it carries no timestamp, so it cannot stop replays).
 * - `X-Service-Signature-V2: t=<ts>,v1=<hex>[,v1=<hex>]`: HMAC of `"<ts>.<body>"`, one `v1` per live
 *   secret (current first), so receivers still holding the previous secret keep verifying during a rotation.
 * - `X-Service-Timestamp: <ts>`: Unix seconds.
 *
 * The key is the secret string itself (UTF-8, `whsec_` prefix included); the body must be the exact text
 * that is sent, since re-serialising JSON changes bytes. Retries are signed afresh with a new timestamp.
 */
export function signPayload(body: string | Buffer, secrets: WebhookSigningSecrets, timestampSeconds: number): WebhookSignatureHeaders {
  if (!Number.isSafeInteger(timestampSeconds) || timestampSeconds < 0) {
    throw new RangeError(`timestampSeconds must be a non-negative integer of Unix seconds, got ${timestampSeconds}`);
  }
  assertUsableSecret(secrets.current, 'current');
  if (secrets.previous !== undefined) assertUsableSecret(secrets.previous, 'previous');

  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  const timestamp = String(timestampSeconds);
  const timestampedBytes = Buffer.concat([Buffer.from(`${timestamp}.`, 'utf8'), bodyBytes]);

  const liveSecrets = [secrets.current];
  if (secrets.previous !== undefined && secrets.previous !== secrets.current) liveSecrets.push(secrets.previous);
  const v2Entries = liveSecrets.map((secret) => `v1=${hmacSha256Hex(secret, timestampedBytes)}`);

  return {
    'X-Service-Signature': `sha256=${hmacSha256Hex(secrets.current, bodyBytes)}`,
    'X-Service-Signature-V2': [`t=${timestamp}`, ...v2Entries].join(','),
    'X-Service-Timestamp': timestamp,
  };
}

/** Lowercase hex HMAC-SHA256 of `data`, keyed with the UTF-8 bytes of `secret`. */
export function hmacSha256Hex(secret: string, data: Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data).digest('hex');
}

function assertUsableSecret(secret: string, which: string): void {
  // An empty key would make every signature forgeable; fail loudly instead of signing with it.
  if (typeof secret !== 'string' || secret.length === 0) {
    throw new TypeError(`The ${which} signing secret is empty`);
  }
}
