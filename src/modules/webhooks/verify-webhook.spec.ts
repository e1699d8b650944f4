import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyWebhook } from './verify-webhook';

const SECRET = 'whsec_receiver_0123456789abcdefghijklmnopq';
const TS = 1774519200;
const BODY = '{"event":"render.failed","job_id":"job_x","status":"failed"}';

const hex = (key: string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest('hex');
const v1Header = (body = BODY, key = SECRET) => `sha256=${hex(key, body)}`;
const v2Header = (ts = TS, body = BODY, keys = [SECRET]) => [`t=${ts}`, ...keys.map((k) => `v1=${hex(k, `${ts}.${body}`)}`)].join(',');

describe('verifyWebhook', () => {
  describe('with the V2 header (replay-protected)', () => {
    it('accepts a fresh, correctly signed request', () => {
      expect(verifyWebhook(BODY, { 'X-Service-Signature-V2': v2Header() }, SECRET, { now: TS })).toBe(true);
    });

    it('finds the header whatever its case, and as a one-element array', () => {
      expect(verifyWebhook(BODY, { 'x-SERVICE-signature-v2': v2Header() }, SECRET, { now: TS })).toBe(true);
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': [v2Header()] }, SECRET, { now: TS })).toBe(true);
    });

    it('accepts a match in any v1 entry (rotation), in either position', () => {
      const other = 'whsec_other_zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz';
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': v2Header(TS, BODY, [other, SECRET]) }, SECRET, { now: TS })).toBe(true);
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': v2Header(TS, BODY, [SECRET, other]) }, SECRET, { now: TS })).toBe(true);
    });

    it('uses a 300 s window on both sides by default, and honours toleranceSeconds', () => {
      const headers = { 'x-service-signature-v2': v2Header() };
      expect(verifyWebhook(BODY, headers, SECRET, { now: TS + 300 })).toBe(true);
      expect(verifyWebhook(BODY, headers, SECRET, { now: TS + 301 })).toBe(false);
      expect(verifyWebhook(BODY, headers, SECRET, { now: TS - 301 })).toBe(false);
      expect(verifyWebhook(BODY, headers, SECRET, { now: TS + 1000, toleranceSeconds: 1000 })).toBe(true);
      expect(verifyWebhook(BODY, headers, SECRET, { now: TS + 31, toleranceSeconds: 30 })).toBe(false);
    });

    it('reads the system clock when no now is given', () => {
      const fresh = Math.floor(Date.now() / 1000);
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': v2Header(fresh) }, SECRET)).toBe(true);
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': v2Header(fresh - 3600) }, SECRET)).toBe(false);
    });

    it('rejects a replay with a rewritten timestamp (t is covered by the signature)', () => {
      const original = v2Header(TS);
      const moved = original.replace(`t=${TS}`, `t=${TS + 3600}`);
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': moved }, SECRET, { now: TS + 3600 })).toBe(false);
    });

    it('decides alone: a valid legacy signature does not rescue a bad or stale V2 header', () => {
      const headers = { 'x-service-signature': v1Header(), 'x-service-signature-v2': v2Header(TS - 3600) };
      expect(verifyWebhook(BODY, headers, SECRET, { now: TS })).toBe(false);
    });

    it.each([
      ['no timestamp', `v1=${hex(SECRET, `${TS}.${BODY}`)}`],
      ['no v1 entry', `t=${TS}`],
      ['two timestamps', `t=${TS},t=${TS},v1=${hex(SECRET, `${TS}.${BODY}`)}`],
      ['non-numeric timestamp', `t=${TS}abc,v1=${hex(SECRET, `${TS}abc.${BODY}`)}`],
      ['truncated digest', `t=${TS},v1=${hex(SECRET, `${TS}.${BODY}`).slice(0, 63)}`],
      ['digest with trailing junk', `t=${TS},v1=${hex(SECRET, `${TS}.${BODY}`)}00`],
      ['empty header', ''],
    ])('rejects a malformed header: %s', (_name, header) => {
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': header }, SECRET, { now: TS })).toBe(false);
    });

    it('ignores unknown schemes next to a valid v1 (forward compatible)', () => {
      const header = `${v2Header()},v2=somethingnew`;
      expect(verifyWebhook(BODY, { 'x-service-signature-v2': header }, SECRET, { now: TS })).toBe(true);
    });
  });

  describe('without the V2 header (the interface spec signature alone)', () => {
    const bodyOnly = { allowReplayableBodyOnlySignature: true };

    it('refuses a valid sha256= signature by default: it has no timestamp, so it could be a replay', () => {
      expect(verifyWebhook(BODY, { 'X-Service-Signature': v1Header() }, SECRET)).toBe(false);
      expect(verifyWebhook(BODY, { 'X-Service-Signature': v1Header() }, SECRET, { now: TS + 30 * 86_400 })).toBe(false);
    });

    it('with the explicit opt-in, accepts the signature of the exact body and rejects any change', () => {
      expect(verifyWebhook(BODY, { 'X-Service-Signature': v1Header() }, SECRET, bodyOnly)).toBe(true);
      expect(verifyWebhook(`${BODY}\n`, { 'X-Service-Signature': v1Header() }, SECRET, bodyOnly)).toBe(false);
      expect(verifyWebhook(BODY, { 'X-Service-Signature': v1Header(BODY, `${SECRET}x`) }, SECRET, bodyOnly)).toBe(false);
    });

    it('with the opt-in, accepts an upper-case digest but not a missing prefix or another algorithm', () => {
      const digest = hex(SECRET, BODY);
      expect(verifyWebhook(BODY, { 'x-service-signature': `sha256=${digest.toUpperCase()}` }, SECRET, bodyOnly)).toBe(true);
      expect(verifyWebhook(BODY, { 'x-service-signature': digest }, SECRET, bodyOnly)).toBe(false);
      expect(verifyWebhook(BODY, { 'x-service-signature': `sha1=${digest}` }, SECRET, bodyOnly)).toBe(false);
    });

    it('returns false with no signature header at all, or an undefined one', () => {
      expect(verifyWebhook(BODY, {}, SECRET)).toBe(false);
      expect(verifyWebhook(BODY, { 'x-service-signature': undefined }, SECRET)).toBe(false);
    });
  });

  it('throws on an empty secret rather than verifying against it', () => {
    expect(() => verifyWebhook(BODY, { 'x-service-signature': v1Header(BODY, '') }, '')).toThrow(TypeError);
  });

  it('imports nothing but node:crypto, so receivers can copy the file', () => {
    const source = readFileSync(join(__dirname, 'verify-webhook.ts'), 'utf8');
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports).toEqual(['node:crypto']);
    expect(source).not.toMatch(/require\(/);
  });
});
