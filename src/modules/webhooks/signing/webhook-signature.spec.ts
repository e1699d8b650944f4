import { createHmac } from 'node:crypto';
import { verifyWebhook } from '../verify-webhook';
import { signStandardWebhook } from './standard-webhooks';
import { webhookHeaders } from './webhook-headers';
import { signPayload } from './webhook-signature';

const CURRENT = 'whsec_current_0123456789abcdefghijklmnopqrstuv';
const PREVIOUS = 'whsec_previous_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123';
const TS = 1774519200;

function hmacHex(key: string, data: string): string {
  return createHmac('sha256', key).update(data, 'utf8').digest('hex');
}

describe('signPayload', () => {
  const body = JSON.stringify({ event: 'render.complete', job_id: 'job_abc', status: 'complete' });

  it('signs the exact body bytes with the current secret in X-Service-Signature', () => {
    const headers = signPayload(body, { current: CURRENT, previous: PREVIOUS }, TS);
    expect(headers['X-Service-Signature']).toBe(`sha256=${hmacHex(CURRENT, body)}`);
    expect(headers['X-Service-Signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('puts the timestamp and one v1 entry per live secret, current first, in the V2 header', () => {
    const headers = signPayload(body, { current: CURRENT, previous: PREVIOUS }, TS);
    expect(headers['X-Service-Timestamp']).toBe(String(TS));
    expect(headers['X-Service-Signature-V2']).toBe(
      `t=${TS},v1=${hmacHex(CURRENT, `${TS}.${body}`)},v1=${hmacHex(PREVIOUS, `${TS}.${body}`)}`,
    );
  });

  it('has a single v1 entry without a previous secret, or when previous equals current', () => {
    for (const secrets of [{ current: CURRENT }, { current: CURRENT, previous: CURRENT }]) {
      const v2 = signPayload(body, secrets, TS)['X-Service-Signature-V2'];
      expect(v2.match(/v1=/g)).toHaveLength(1);
    }
  });

  it('hashes multi-byte characters as UTF-8 bytes, and a Buffer body gives the same result as its string', () => {
    const unicodeBody = '{"message":"Zürich → 東京"}';
    const fromString = signPayload(unicodeBody, { current: CURRENT }, TS);
    const fromBuffer = signPayload(Buffer.from(unicodeBody, 'utf8'), { current: CURRENT }, TS);
    expect(fromBuffer).toEqual(fromString);
    expect(fromString['X-Service-Signature']).toBe(
      `sha256=${createHmac('sha256', CURRENT).update(Buffer.from(unicodeBody, 'utf8')).digest('hex')}`,
    );
  });

  it('changes every signature when one body byte changes', () => {
    const a = signPayload(body, { current: CURRENT }, TS);
    const b = signPayload(body.replace('job_abc', 'job_abd'), { current: CURRENT }, TS);
    expect(b['X-Service-Signature']).not.toBe(a['X-Service-Signature']);
    expect(b['X-Service-Signature-V2']).not.toBe(a['X-Service-Signature-V2']);
  });

  it('round-trips through verifyWebhook for a receiver holding either secret during a rotation', () => {
    const headers = signPayload(body, { current: CURRENT, previous: PREVIOUS }, TS);
    expect(verifyWebhook(body, { ...headers }, CURRENT, { now: TS })).toBe(true);
    expect(verifyWebhook(body, { ...headers }, PREVIOUS, { now: TS })).toBe(true);
    expect(verifyWebhook(body, { ...headers }, 'whsec_someone_else_0000000000000000000', { now: TS })).toBe(false);
  });

  it('refuses an empty secret and a non-integer or negative timestamp', () => {
    expect(() => signPayload(body, { current: '' }, TS)).toThrow(TypeError);
    expect(() => signPayload(body, { current: CURRENT, previous: '' }, TS)).toThrow(TypeError);
    expect(() => signPayload(body, { current: CURRENT }, 1774519200.5)).toThrow(RangeError);
    expect(() => signPayload(body, { current: CURRENT }, -1)).toThrow(RangeError);
    expect(() => signPayload(body, { current: CURRENT }, Date.now() * 1e6)).toThrow(RangeError);
  });
});

describe('webhookHeaders', () => {
  const body = JSON.stringify({ event: 'batch.complete', batch_id: 'batch_abc' });

  it('is the event and delivery headers plus exactly what signPayload and signStandardWebhook give (webhook-id = delivery id)', () => {
    const secrets = { current: CURRENT, previous: PREVIOUS };
    expect(webhookHeaders(body, { event: 'batch.complete', deliveryId: 'dlv_abc' }, secrets, TS)).toEqual({
      'X-Service-Event': 'batch.complete',
      'X-Service-Delivery': 'dlv_abc',
      ...signPayload(body, secrets, TS),
      ...signStandardWebhook('dlv_abc', body, secrets, TS),
    });
  });
});
