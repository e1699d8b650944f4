import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyWebhook } from '../verify-webhook';
import { signPayload, type WebhookSigningSecrets } from './webhook-signature';

/**
 * docs/webhook-test-vectors.json is published for receivers; its values were computed with an
 * independent HMAC implementation (Python's hmac, cross-checked with `openssl dgst -hmac`).
 * Signer and verifier must both agree with it.
 */
interface Vectors {
  signing: Array<{
    name: string;
    secrets: WebhookSigningSecrets;
    timestamp: number;
    body: string;
    expected_headers: Record<string, string>;
  }>;
  must_verify: VerificationCase[];
  must_fail: VerificationCase[];
}
interface VerificationCase {
  name: string;
  secret: string;
  now: number;
  body: string;
  headers: Record<string, string>;
}

const vectors: Vectors = JSON.parse(readFileSync(join(__dirname, '../../../../docs/webhook-test-vectors.json'), 'utf8'));

describe('published webhook test vectors', () => {
  it('has signing, passing and failing cases', () => {
    expect(vectors.signing.length).toBeGreaterThanOrEqual(2);
    expect(vectors.must_verify.length).toBeGreaterThanOrEqual(3);
    expect(vectors.must_fail.map((c) => c.name).join('\n')).toMatch(/tampered body[\s\S]*wrong secret[\s\S]*stale timestamp/);
  });

  it.each(vectors.signing.map((v) => [v.name, v] as const))('signPayload reproduces: %s', (_name, vector) => {
    expect(signPayload(vector.body, vector.secrets, vector.timestamp)).toEqual(vector.expected_headers);
  });

  it.each(vectors.signing.map((v) => [v.name, v] as const))('verifyWebhook accepts the published headers: %s', (_name, vector) => {
    const accepted = verifyWebhook(vector.body, vector.expected_headers, vector.secrets.current, { now: vector.timestamp });
    expect(accepted).toBe(true);
  });

  it.each(vectors.must_verify.map((c) => [c.name, c] as const))('verifies: %s', (_name, c) => {
    expect(verifyWebhook(c.body, c.headers, c.secret, { now: c.now })).toBe(true);
    // The same bytes as a Buffer (what a raw-body parser hands over) verify too.
    expect(verifyWebhook(Buffer.from(c.body, 'utf8'), c.headers, c.secret, { now: c.now })).toBe(true);
  });

  it.each(vectors.must_fail.map((c) => [c.name, c] as const))('rejects: %s', (_name, c) => {
    expect(verifyWebhook(c.body, c.headers, c.secret, { now: c.now })).toBe(false);
  });
});
