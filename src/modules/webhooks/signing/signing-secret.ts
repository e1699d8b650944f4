import { randomBytes } from 'node:crypto';

export const SIGNING_SECRET_PREFIX = 'whsec_';

/** 32 random bytes = 256 bits, the HMAC-SHA256 block-size sweet spot. */
const SIGNING_SECRET_RANDOM_BYTES = 32;

/**
 * A new per-account webhook signing secret: `whsec_` followed by the standard (padded) base64 of 32 random bytes,
 * 44 characters. Standard base64, because Standard Webhooks libraries base64-decode the part after `whsec_` with a
 * standard decoder (the `standardwebhooks` npm package refuses `-` and `_`; Python's and Go's want the padding).
 * Secrets made before were base64url (`-`, `_`, no padding); they keep working (`signingKeyBytes`).
 */
export function generateSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(SIGNING_SECRET_RANDOM_BYTES).toString('base64');
}

/**
 * True for strings shaped like a signing secret: the prefix and at least 32 characters of base64 in either alphabet,
 * i.e. `generateSigningSecret()` output (standard, padded) and the base64url secrets of earlier versions.
 */
export function isSigningSecret(value: string): boolean {
  return /^whsec_(?:[A-Za-z0-9+/]{32,}={0,2}|[A-Za-z0-9_-]{32,})$/.test(value);
}

/**
 * The key bytes a secret stands for: the base64 after `whsec_`, decoded. That is the HMAC key of the Standard Webhooks
 * `webhook-signature` header (the `X-Service-*` headers are keyed with the whole secret string instead). Secrets of
 * either alphabet decode to their 32 random bytes: `-` and `_` are read as `+` and `/`, padding is optional.
 */
export function signingKeyBytes(secret: string): Buffer {
  if (!secret.startsWith(SIGNING_SECRET_PREFIX)) throw new TypeError('A signing secret starts with whsec_');
  const encoded = secret.slice(SIGNING_SECRET_PREFIX.length);
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) throw new TypeError('The part of a signing secret after whsec_ is not base64');
  const standard = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const key = Buffer.from(standard, 'base64');
  if (key.length === 0) throw new TypeError('The signing secret decodes to no key bytes');
  return key;
}
