/**
 * Verifying mapr's webhooks, with the platform's Web Crypto only (Node 20+, browsers, edge runtimes).
 * Always verify the raw body bytes: JSON parsed and serialised again is not the body that was signed.
 */

/** Headers as Node (`req.headers`), the Fetch API (`Headers`) or a plain object hold them. */
export type HeadersLike = Headers | Record<string, string | string[] | undefined>;

export interface VerifyOptions {
  /** How far the signed timestamp may be from now (default 300 s): older deliveries are replays. */
  toleranceSeconds?: number;
  /** "Now" in Unix seconds (tests). */
  now?: number;
  /**
   * Also accept a delivery that carries only `X-Service-Signature` (HMAC of the body, no timestamp). Off by
   * default: such a signature stays valid for ever, so anyone who captured one delivery can replay it, and
   * anyone on the path can strip the timestamped headers to fall back to it. Turn it on only for a proxy that
   * forwards nothing but that header, and drop duplicates by `X-Service-Delivery` then.
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

/**
 * Checks a delivery's signature and answers its parsed event; throws `WebhookVerificationError` when it
 * is not genuine. The first of these present decides, with the timestamp tolerance:
 * - `X-Service-Signature-V2` (`t=<ts>,v1=<hex>[,v1=<hex>]`, HMAC-SHA256 of "<ts>.<body>" keyed with the secret);
 * - the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>[ v1,<base64>]`,
 *   HMAC-SHA256 of "<id>.<ts>.<body>" keyed with the base64-decoded part of the secret after `whsec_`), which a proxy
 *   that keeps only those may leave.
 * A delivery with neither is refused (`missing_signature`) even when it carries `X-Service-Signature`
 * (`sha256=<hex>` of the body alone), which cannot tell a replay apart, unless `allowReplayableBodyOnlySignature`
 * says otherwise. Pass several secrets while you rotate yours.
 */
export async function verifyWebhook<Event = unknown>(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: HeadersLike,
  secret: string | readonly string[],
  options: VerifyOptions = {},
): Promise<Event> {
  const secrets = (typeof secret === 'string' ? [secret] : [...secret]).filter((s) => s.length > 0);
  if (secrets.length === 0) throw new TypeError('verifyWebhook needs the signing secret (whsec_…)');
  const body: Uint8Array<ArrayBuffer> = typeof rawBody === 'string' ? encoder.encode(rawBody) : Uint8Array.from(new Uint8Array(rawBody));
  const v2 = header(headers, 'x-service-signature-v2');
  const standard = header(headers, 'webhook-signature');
  const v1 = header(headers, 'x-service-signature');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? 300;
  const checkTime = (timestamp: number) => {
    if (Math.abs(now - timestamp) > tolerance) {
      throw new WebhookVerificationError('timestamp_out_of_tolerance', `The signature's timestamp is more than ${tolerance} s from now`);
    }
  };
  if (v2 !== undefined) {
    const { timestamp, signatures } = parseV2(v2);
    checkTime(timestamp);
    const signed = concat(encoder.encode(`${timestamp}.`), body);
    await requireMatch(secrets, signed, signatures);
  } else if (standard !== undefined) {
    const id = header(headers, 'webhook-id');
    const timestamp = header(headers, 'webhook-timestamp');
    const signatures = standard
      .split(' ')
      .filter((entry) => entry.startsWith('v1,'))
      .map((entry) => entry.slice(3));
    if (!id || timestamp === undefined || !/^\d+$/.test(timestamp) || signatures.length === 0) {
      throw new WebhookVerificationError(
        'malformed_signature',
        'The Standard Webhooks headers are not webhook-id, webhook-timestamp and v1,<base64>',
      );
    }
    checkTime(Number(timestamp));
    await requireMatch(secrets, concat(encoder.encode(`${id}.${timestamp}.`), body), signatures, standardSignature);
  } else if (v1 !== undefined && options.allowReplayableBodyOnlySignature === true) {
    const match = /^sha256=([0-9a-f]{64})$/i.exec(v1.trim());
    if (!match) throw new WebhookVerificationError('malformed_signature', 'X-Service-Signature is not sha256=<hex>');
    await requireMatch(secrets, body, [match[1].toLowerCase()]);
  } else {
    throw new WebhookVerificationError(
      'missing_signature',
      v1 === undefined
        ? 'No X-Service-Signature-V2 or webhook-signature header'
        : 'No X-Service-Signature-V2 or webhook-signature header: X-Service-Signature alone has no timestamp and can be replayed (see allowReplayableBodyOnlySignature)',
    );
  }
  try {
    return JSON.parse(new TextDecoder().decode(body)) as Event;
  } catch {
    throw new WebhookVerificationError('invalid_json', 'The body is not JSON');
  }
}

function parseV2(value: string): { timestamp: number; signatures: string[] } {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of value.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    const item = rest.join('=');
    if (key === 't' && /^\d+$/.test(item)) timestamp = Number(item);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(item)) signatures.push(item.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookVerificationError('malformed_signature', 'X-Service-Signature-V2 is not t=<timestamp>,v1=<hex>');
  }
  return { timestamp, signatures };
}

/**
 * Passes when one of `expected` is what one of the secrets signs `signed` to (`sign`: hex HMAC keyed with the secret
 * itself for the X-Service-* headers, base64 HMAC keyed with the decoded secret for Standard Webhooks).
 */
async function requireMatch(
  secrets: string[],
  signed: Uint8Array<ArrayBuffer>,
  expected: string[],
  sign: (secret: string, data: Uint8Array<ArrayBuffer>) => Promise<string | null> = hmacSha256Hex,
): Promise<void> {
  for (const secret of secrets) {
    const actual = await sign(secret, signed);
    if (actual === null) continue;
    // Every candidate is compared in full, so timing does not tell which one (or how much) matched.
    if (expected.map((candidate) => constantTimeEqual(candidate, actual)).some(Boolean)) return;
  }
  throw new WebhookVerificationError('signature_mismatch', 'No signature matches the secret: wrong secret, or the body was changed');
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
