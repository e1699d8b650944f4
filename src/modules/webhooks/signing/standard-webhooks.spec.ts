import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signStandardWebhook } from './standard-webhooks';

const CURRENT = 'whsec_Yj4wsAn+7/c5jGmAJlvY4ExT42tJ5PJFfaqjxcyirAI=';
const PREVIOUS = 'whsec_RZyRmmTd8JksIrFht7i-LMOnVZV3_bw4IMQedwMTs_A';
const TS = 1774519200;
const BODY = '{"event":"render.complete","job_id":"job_abc","note":"Zürich → 東京"}';

describe('signStandardWebhook', () => {
  it('signs "<id>.<timestamp>.<body>" with the decoded key, base64, in the scheme library’s own format', () => {
    const headers = signStandardWebhook('dlv_abc', BODY, { current: CURRENT }, TS);
    const key = Buffer.from(CURRENT.slice(6), 'base64');
    const expected = createHmac('sha256', key).update(`dlv_abc.${TS}.${BODY}`, 'utf8').digest('base64');
    expect(headers).toEqual({ 'webhook-id': 'dlv_abc', 'webhook-timestamp': String(TS), 'webhook-signature': `v1,${expected}` });
    expect(headers['webhook-signature']).toBe(new Webhook(CURRENT).sign('dlv_abc', new Date(TS * 1000), BODY));
  });

  it('adds a space-separated entry for the previous secret during a rotation, current first, once when they are equal', () => {
    const both = signStandardWebhook('dlv_abc', BODY, { current: CURRENT, previous: PREVIOUS }, TS)['webhook-signature'].split(' ');
    expect(both).toEqual([
      signStandardWebhook('dlv_abc', BODY, { current: CURRENT }, TS)['webhook-signature'],
      signStandardWebhook('dlv_abc', BODY, { current: PREVIOUS }, TS)['webhook-signature'],
    ]);
    expect(signStandardWebhook('dlv_abc', BODY, { current: CURRENT, previous: CURRENT }, TS)['webhook-signature']).not.toContain(' ');
  });

  it('gives the same headers for a Buffer body and its string, and changes with the id, the time or one body byte', () => {
    const base = signStandardWebhook('dlv_abc', BODY, { current: CURRENT }, TS)['webhook-signature'];
    expect(signStandardWebhook('dlv_abc', Buffer.from(BODY, 'utf8'), { current: CURRENT }, TS)['webhook-signature']).toBe(base);
    expect(signStandardWebhook('dlv_abd', BODY, { current: CURRENT }, TS)['webhook-signature']).not.toBe(base);
    expect(signStandardWebhook('dlv_abc', BODY, { current: CURRENT }, TS + 1)['webhook-signature']).not.toBe(base);
    expect(signStandardWebhook('dlv_abc', BODY.replace('abc', 'abd'), { current: CURRENT }, TS)['webhook-signature']).not.toBe(base);
  });

  it('refuses an id that could be read two ways, a bad timestamp and a secret that is not whsec_ base64', () => {
    expect(() => signStandardWebhook('dlv.1', BODY, { current: CURRENT }, TS)).toThrow(TypeError);
    expect(() => signStandardWebhook('', BODY, { current: CURRENT }, TS)).toThrow(TypeError);
    expect(() => signStandardWebhook('dlv_abc', BODY, { current: CURRENT }, -1)).toThrow(RangeError);
    expect(() => signStandardWebhook('dlv_abc', BODY, { current: 'plain-secret' }, TS)).toThrow(TypeError);
  });
});
