import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { verifyWebhook } from '../verify-webhook';
import { signingKeyBytes } from './signing-secret';
import { signStandardWebhook } from './standard-webhooks';
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
  standard_webhooks: {
    signing: Array<{
      name: string;
      message_id: string;
      secrets: WebhookSigningSecrets;
      timestamp: number;
      body: string;
      expected_headers: Record<string, string>;
    }>;
  };
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

/**
 * The Standard Webhooks cases, checked against the scheme's own JS library (`standardwebhooks`), the one its users
 * reach for. Its `verify` reads the clock, so each case runs at its timestamp.
 */
describe('published Standard Webhooks vectors', () => {
  const cases = vectors.standard_webhooks.signing.map((v) => [v.name, v] as const);
  /** What a receiver passes to the library: current secrets as they are; an earlier base64url one re-encoded (docs/webhooks.md). */
  const forLibrary = (secret: string) => `whsec_${signingKeyBytes(secret).toString('base64')}`;

  afterEach(() => jest.useRealTimers());

  it('has a standard base64 secret, a base64url one and a rotation', () => {
    const secrets = vectors.standard_webhooks.signing.flatMap((v) => [v.secrets.current, v.secrets.previous ?? '']);
    expect(secrets.some((s) => /[+/]/.test(s) && s.endsWith('='))).toBe(true);
    expect(secrets.some((s) => /[-_]/.test(s.slice(6)))).toBe(true);
    expect(vectors.standard_webhooks.signing.some((v) => v.secrets.previous !== undefined)).toBe(true);
  });

  it.each(cases)('signStandardWebhook reproduces: %s', (_name, v) => {
    expect(signStandardWebhook(v.message_id, v.body, v.secrets, v.timestamp)).toEqual(v.expected_headers);
  });

  it.each(cases)('the standardwebhooks library verifies with every live secret: %s', (_name, v) => {
    jest.useFakeTimers({ now: v.timestamp * 1000 });
    for (const secret of [v.secrets.current, ...(v.secrets.previous ? [v.secrets.previous] : [])]) {
      expect(new Webhook(forLibrary(secret)).verify(v.body, v.expected_headers)).toEqual(JSON.parse(v.body));
    }
  });

  it.each(cases)('the standardwebhooks library refuses a tampered body, a wrong secret and a stale timestamp: %s', (_name, v) => {
    jest.useFakeTimers({ now: v.timestamp * 1000 });
    const wh = new Webhook(forLibrary(v.secrets.current));
    expect(() => wh.verify(v.body.replace('job_', 'jab_'), v.expected_headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(v.body, v.expected_headers)).toThrow(
      WebhookVerificationError,
    );
    jest.setSystemTime((v.timestamp + 301) * 1000);
    expect(() => wh.verify(v.body, v.expected_headers)).toThrow(WebhookVerificationError);
  });

  it('the library takes current secrets as they are, and refuses a base64url one (hence the re-encoding)', () => {
    const standard = vectors.standard_webhooks.signing[0].secrets.current;
    expect(() => new Webhook(standard)).not.toThrow();
    const base64url = vectors.standard_webhooks.signing[1].secrets.current;
    expect(base64url.slice(6)).toMatch(/[-_]/);
    expect(() => new Webhook(base64url)).toThrow(/incorrect characters/);
  });
});
