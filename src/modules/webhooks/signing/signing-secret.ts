import { randomBytes } from 'node:crypto';

export const SIGNING_SECRET_PREFIX = 'whsec_';

/** 32 random bytes = 256 bits, the HMAC-SHA256 block-size sweet spot; 43 base64url characters. */
const SIGNING_SECRET_RANDOM_BYTES = 32;

/** A new per-account webhook signing secret: `whsec_` followed by 43 base64url characters. */
export function generateSigningSecret(): string {
  return SIGNING_SECRET_PREFIX + randomBytes(SIGNING_SECRET_RANDOM_BYTES).toString('base64url');
}

/** True for strings shaped like `generateSigningSecret()` output (prefix + at least 32 base64url characters). */
export function isSigningSecret(value: string): boolean {
  return /^whsec_[A-Za-z0-9_-]{32,}$/.test(value);
}
