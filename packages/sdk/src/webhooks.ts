/**
 * Verifying mapr's webhooks, with the platform's Web Crypto only (Node 20+, browsers, edge runtimes).
 * Always verify the raw body bytes: JSON parsed and serialised again is not the body that was signed.
 */

/** Headers as Node (`req.headers`), the Fetch API (`Headers`) or a plain object hold them. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

/** One of the three signatures every delivery carries (docs/webhooks.md). */
export type WebhookScheme = 'v2' | 'standard_webhooks' | 'body_only';

export interface VerifyOptions {
  /**
   * Check this signature only (by default the first present of `X-Service-Signature-V2` and the Standard Webhooks
   * headers decides). `'standard_webhooks'` is the one that signs the delivery id (`webhook-id`): ask for it when you
   * drop duplicates by that id, so that nobody can replay a delivery under a new id.
   */
  scheme?: WebhookScheme;
  /** How far the signed timestamp may be from now (default 300 s): older deliveries are replays. */
  toleranceSeconds?: number;
  /**
   * The account's sandbox secret (`sandbox_secret` of `GET /v1/webhooks/secret`; two while you rotate), for a receiver
   * that takes the webhooks of sandbox work too. A delivery it verifies is accepted only when its event says
   * `sandbox: true`, so whoever holds the sandbox secret cannot pass anything off as live work. Sandbox work is never
   * signed with `secret`.
   */
  sandboxSecret?: string | readonly string[];
  /** "Now" in Unix seconds (tests). */
  now?: number;
  /**
   * Also accept a delivery that carries only `X-Service-Signature` (HMAC of the body, no timestamp). Off by
   * default: such a signature stays valid for ever, so anyone who captured one delivery can replay it, and
   * anyone on the path can strip the timestamped headers to fall back to it. Turn it on only for a proxy that
   * forwards nothing but that header, and drop duplicates by the event's `event` and `job_id` or `batch_id` then (one
   * delivery each): that header signs the body alone, not the delivery id.
   */
  allowReplayableBodyOnlySignature?: boolean;
}

export type VerificationFailure =
  'missing_signature' | 'malformed_signature' | 'timestamp_out_of_tolerance' | 'signature_mismatch' | 'invalid_json';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: VerificationFailure,
    message: string,
  ) {
    super(message);
  }
}

const encoder = new TextEncoder();
/** Unix seconds: at most 15 digits (no real timestamp has more). */
const TIMESTAMP = /^\d{1,15}$/;

/**
 * Checks a delivery's signature and answers its parsed event; throws `WebhookVerificationError` when it
 * is not genuine. Without `options.scheme`, the first of these present decides, with the timestamp tolerance:
 * - `X-Service-Signature-V2` (`t=<ts>,v1=<hex>[,v1=<hex>]`, HMAC-SHA256 of "<ts>.<body>" keyed with the secret);
 * - the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>[ v1,<base64>]`,
 *   HMAC-SHA256 of "<id>.<ts>.<body>" keyed with the base64-decoded part of the secret after `whsec_`), which a proxy
 *   that keeps only those may leave.
 * A delivery with neither is refused (`missing_signature`) even when it carries `X-Service-Signature`
 * (`sha256=<hex>` of the body alone), which cannot tell a replay apart, unless `allowReplayableBodyOnlySignature`
 * says otherwise. With `options.scheme` only that signature is checked. Pass several secrets while you rotate yours;
 * to take sandbox work's webhooks too, pass the sandbox secret as `options.sandboxSecret` (never among `secret`).
 *
 * Only the Standard Webhooks signature covers the delivery id: to drop repeated deliveries by id, verify with
 * `{ scheme: 'standard_webhooks' }` and use `webhook-id`.
 */
export async function verifyWebhook<Event = unknown>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<Event> {
  const secrets = secretList(secret);
  if (secrets.length === 0) throw new TypeError('verifyWebhook needs the signing secret (whsec_…)');
  const body: Uint8Array<ArrayBuffer> = typeof rawBody === 'string' ? encoder.encode(rawBody) : Uint8Array.from(new Uint8Array(rawBody));
  const v2 = header(headers, 'x-service-signature-v2');
  const standard = header(headers, 'webhook-signature');
  const v1 = header(headers, 'x-service-signature');
  const allowBodyOnly = options.allowReplayableBodyOnlySignature === true;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const checkTime = (timestamp: number) => {
    if (Math.abs(now - timestamp) > tolerance) {
      throw new WebhookVerificationError('timestamp_out_of_tolerance', `The signature's timestamp is more than ${tolerance} s from now`);
    }
  };
  const scheme: WebhookScheme | undefined =
    options.scheme ??
    (v2 !== undefined ? 'v2' : standard !== undefined ? 'standard_webhooks' : v1 !== undefined && allowBodyOnly ? 'body_only' : undefined);
  let check: { signed: Uint8Array<ArrayBuffer>; signatures: string[]; sign?: Signer };
  if (scheme === 'v2' && v2 !== undefined) {
    const { timestamp, signatures } = parseV2(v2);
    checkTime(timestamp);
    check = { signed: concat(encoder.encode(`${timestamp}.`), body), signatures };
  } else if (scheme === 'standard_webhooks' && standard !== undefined) {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = standard
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .map((entry) => entry.slice(3));
    if (!id || timestamp === undefined || !TIMESTAMP.test(timestamp) || signatures.length === 0) {
      throw new WebhookVerificationError(
        'malformed_signature',
        'The Standard Webhooks headers are not webhook-id, webhook-timestamp and v1,<base64>',
      );
    }
    checkTime(Number(timestamp));
    check = { signed: concat(encoder.encode(`${id}.${timestamp}.`), body), signatures, sign: standardSignature };
  } else if (scheme === 'body_only' && v1 !== undefined && allowBodyOnly) {
    const match = /^sha256=([0-9a-f]{64})$/i.exec(v1.trim());
    if (!match) throw new WebhookVerificationError('malformed_signature', 'X-Service-Signature is not sha256=<hex>');
    check = { signed: body, signatures: [match[1].toLowerCase()] };
  } else {
    throw new WebhookVerificationError('missing_signature', missingSignature(scheme, v1 !== undefined, allowBodyOnly));
  }
  const sandboxSecrets = secretList(options.sandboxSecret);
  const bySandboxSecret = !(await matches(secrets, check.signed, check.signatures, check.sign));
  if (bySandboxSecret && !(sandboxSecrets.length > 0 && (await matches(sandboxSecrets, check.signed, check.signatures, check.sign)))) {
    throw new WebhookVerificationError('signature_mismatch', 'No signature matches the secret: wrong secret, or the body was changed');
  }
  let event: Event;
  try {
    event = JSON.parse(new TextDecoder().decode(body)) as Event;
  } catch {
    throw new WebhookVerificationError('invalid_json', 'The body is not JSON');
  }
  // Whoever holds the sandbox secret (a lower bar than the live one) can sign anything: only sandbox events count.
  if (bySandboxSecret && (event as { sandbox?: unknown } | null)?.sandbox !== true) {
    throw new WebhookVerificationError('signature_mismatch', 'Signed with the sandbox secret, but the event is not marked sandbox');
  }
  return event;
}

function secretList(secret: string | readonly string[] | undefined): string[] {
  if (secret === undefined) return [];
  return (typeof secret === 'string' ? [secret] : [...secret]).filter((s) => s.length > 0);
}

function missingSignature(scheme: WebhookScheme | undefined, hasBodyOnly: boolean, allowBodyOnly: boolean): string {
  const replayable = 'X-Service-Signature alone has no timestamp and can be replayed (see allowReplayableBodyOnlySignature)';
  if (scheme === 'body_only' && hasBodyOnly && !allowBodyOnly) return replayable;
  if (scheme === 'v2') return 'No X-Service-Signature-V2 header';
  if (scheme === 'standard_webhooks') return 'No webhook-signature header';
  if (scheme === 'body_only') return 'No X-Service-Signature header';
  return hasBodyOnly
    ? `No X-Service-Signature-V2 or webhook-signature header: ${replayable}`
    : 'No X-Service-Signature-V2 or webhook-signature header';
}

function parseV2(value: string): { timestamp: number; signatures: string[] } {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const item = rest.join('=');
    if (key === 't' && TIMESTAMP.test(item)) timestamp = Number(item);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(item)) signatures.push(item.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookVerificationError('malformed_signature', 'X-Service-Signature-V2 is not t=<timestamp>,v1=<hex>');
  }
  return { timestamp, signatures };
}

type Signer = (secret: string, data: Uint8Array<ArrayBuffer>) => Promise<string | null>;

/**
 * True when one of `expected` is what one of the secrets signs `signed` to (`sign`: hex HMAC keyed with the secret
 * itself for the X-Service-* headers, base64 HMAC keyed with the decoded secret for Standard Webhooks).
 */
async function matches(
  secrets: string[],
  signed: Uint8Array<ArrayBuffer>,
  expected: string[],
  sign: Signer = hmacSha256Hex,
): Promise<boolean> {
  for (const secret of secrets) {
    const actual = await sign(secret, signed);
    if (actual === null) continue;
    // Every candidate is compared in full, so timing does not tell which one (or how much) matched.
    if (expected.map((candidate) => constantTimeEqual(candidate, actual)).some(Boolean)) return true;
  }
  return false;
}

/**
 * The Standard Webhooks signature of `data`: base64 HMAC keyed with the secret's base64 after `whsec_`, decoded
 * (base64url for secrets of earlier versions); null for a secret of another shape, which cannot have signed it.
 */
async function standardSignature(secret: string, data: Uint8Array<ArrayBuffer>): Promise<string | null> {
  const key = signingKeyBytes(secret);
  return key ? base64Of(await hmacSha256(key, data)) : null;
}

function signingKeyBytes(secret: string): Uint8Array<ArrayBuffer> | null {
  if (!secret.startsWith('whsec_')) return null;
  let encoded = secret.slice('whsec_'.length).replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]+$/.test(encoded)) return null;
  if (encoded.length % 4 === 1) encoded = encoded.slice(0, -1); // six bits that make no byte
  if (encoded.length === 0) return null; // no key bytes: Web Crypto refuses an empty HMAC key
  const binary = atob(encoded + '='.repeat((4 - (encoded.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function base64Of(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

async function hmacSha256(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const imported = await globalThis.crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await globalThis.crypto.subtle.sign('HMAC', imported, data));
}

async function hmacSha256Hex(secret: string, data: Uint8Array<ArrayBuffer>): Promise<string> {
  return Array.from(await hmacSha256(encoder.encode(secret), data), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

function header(headers: HeadersLike, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(',') : value;
  }
  return undefined;
}
