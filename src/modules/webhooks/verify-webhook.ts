/**
 * Verifies a mapr webhook on the receiving side.
 *
 * Self-contained on purpose (only `node:crypto`): receivers may copy this file into their own code.
 *
 *   app.post('/hooks/mapr', express.raw({ type: 'application/json' }), (req, res) => {
 *     if (!verifyWebhook(req.body, req.headers, process.env.MAPR_WEBHOOK_SECRET!)) return res.sendStatus(401);
 *     const event = JSON.parse(req.body.toString('utf8'));
 *     ...
 *   });
 *
 * Pass the RAW body (the exact bytes received): parsing and re-serialising JSON changes bytes and breaks
 * the signature.
 *
 * - When `X-Service-Signature-V2: t=<ts>,v1=<hex>[,v1=<hex>…]` is present it alone decides: `t` must be
 *   within `toleranceSeconds` (default 300) of now, and one `v1` must equal the HMAC-SHA256 of
 *   `"<t>.<body>"` keyed with `secret`. During a secret rotation the sender adds one `v1` per live secret,
 *   so a receiver holding either secret verifies.
 * - Without it the delivery is refused, even when it carries `X-Service-Signature: sha256=<hex>` (HMAC of the
 *   body alone): that form has no timestamp, so a captured delivery stays valid for ever, and anyone on the
 *   path can strip the V2 header to fall back to it. `allowReplayableBodyOnlySignature: true` accepts it
 *   anyway (drop duplicates by the event's `event` and `job_id` or `batch_id` then: one delivery each).
 * - Neither header signs the delivery id: to drop duplicates, use the event's `event` and `job_id` or `batch_id`
 *   (one delivery each), or check the Standard Webhooks `webhook-signature`, which signs `webhook-id` (the SDK's
 *   `verifyWebhook` with `scheme: 'standard_webhooks'`), and use that id.
 *
 * Comparison is constant-time (`crypto.timingSafeEqual` on equal-length buffers).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface VerifyWebhookOptions {
  /** Largest accepted distance between the V2 timestamp and now, in seconds. Default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** "Now" in Unix SECONDS (not milliseconds). Default: the system clock. */
  now?: number;
  /** Accept `X-Service-Signature` alone (no timestamp: replayable). Default false. */
  allowReplayableBodyOnlySignature?: boolean;
}

const DEFAULT_TOLERANCE_SECONDS = 300;
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

export function verifyWebhook(
  body: string | Buffer,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  options: VerifyWebhookOptions = {},
): boolean {
  // An empty key would accept signatures anyone can compute: a configuration error, not a bad request.
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('verifyWebhook: secret is empty');
  const bodyBytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;

  const v2Header = readHeader(headers, 'x-service-signature-v2');
  if (v2Header !== undefined) {
    const parsed = parseV2Header(v2Header);
    if (parsed === undefined) return false;
    const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
    const now = options.now ?? Math.floor(Date.now() / 1000);
    if (Math.abs(now - Number(parsed.timestamp)) > tolerance) return false;
    const expected = hmacSha256(secret, Buffer.concat([Buffer.from(`${parsed.timestamp}.`, 'utf8'), bodyBytes]));
    // Check every entry (no early exit) so timing does not reveal which entry matched.
    let matched = false;
    for (const candidate of parsed.signatures) {
      if (equalDigest(candidate, expected)) matched = true;
    }
    return matched;
  }

  if (options.allowReplayableBodyOnlySignature !== true) return false;
  const v1Header = readHeader(headers, 'x-service-signature');
  if (v1Header === undefined) return false;
  const match = /^sha256=(.*)$/.exec(v1Header.trim());
  if (match === null) return false;
  return equalDigest(match[1], hmacSha256(secret, bodyBytes));
}

/** Header lookup ignoring case; repeated headers (arrays) are joined as an HTTP list. */
function readHeader(headers: Record<string, string | string[] | undefined>, lowerName: string): string | undefined {
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== lowerName || value === undefined) continue;
    return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}

/** `t=<digits>,v1=<hex>,…`; exactly one `t`, at least one `v1`; unknown keys are ignored (future schemes). */
function parseV2Header(value: string): { timestamp: string; signatures: string[] } | undefined {
  let timestamp: string | undefined;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const key = part.slice(0, separator).trim();
    const entry = part.slice(separator + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,15}$/.test(entry)) return undefined;
      timestamp = entry;
    } else if (key === 'v1') {
      signatures.push(entry);
    }
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

function hmacSha256(secret: string, data: Buffer): Buffer {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(data).digest();
}

function equalDigest(candidateHex: string, expected: Buffer): boolean {
  if (!HEX_SHA256.test(candidateHex)) return false;
  const candidate = Buffer.from(candidateHex, 'hex');
  return candidate.length === expected.length && timingSafeEqual(candidate, expected);
}
