import { Webhook } from 'standardwebhooks';
import { generateSigningSecret, isSigningSecret, signingKeyBytes } from './signing-secret';

describe('generateSigningSecret', () => {
  it('returns whsec_ followed by the padded standard base64 of 32 random bytes', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(isSigningSecret(secret)).toBe(true);
  });

  it('never repeats across many calls', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateSigningSecret()));
    expect(secrets.size).toBe(1000);
  });

  it('uses the whole alphabet (the random part is not, say, hex)', () => {
    const characters = new Set(Array.from({ length: 200 }, () => generateSigningSecret().slice(6)).join(''));
    expect(characters.size).toBeGreaterThan(60);
  });

  it('is accepted by the standardwebhooks library, which decodes the same key bytes', () => {
    for (let i = 0; i < 50; i++) {
      const secret = generateSigningSecret();
      const expected = new Webhook(`whsec_${signingKeyBytes(secret).toString('base64')}`).sign('dlv_x', new Date(0), 'body');
      expect(new Webhook(secret).sign('dlv_x', new Date(0), 'body')).toBe(expected);
    }
  });
});

describe('isSigningSecret', () => {
  it.each([
    'whsec_Yj4wsAn+7/c5jGmAJlvY4ExT42tJ5PJFfaqjxcyirAI=',
    'whsec_RZyRmmTd8JksIrFht7i-LMOnVZV3_bw4IMQedwMTs_A', // base64url, as made by earlier versions
  ])('accepts %p', (value) => expect(isSigningSecret(value)).toBe(true));

  it.each([
    '',
    'whsec_',
    'whsec_short',
    'sk_0123456789abcdefghijklmnopqrstuvwxyz',
    'whsec_has spaces in it 0123456789abcdef',
    'whsec_mixes+both/alphabets-0123456789abcdef_',
    'whsec_Yj4wsAn+7/c5jGmAJlvY4ExT42tJ5PJFfaqjxcyirAI===',
  ])('rejects %p', (value) => expect(isSigningSecret(value)).toBe(false));
});

describe('signingKeyBytes', () => {
  it('decodes a base64url secret and its standard base64 spelling to the same 32 bytes', () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 37 + 251) % 256));
    const base64url = `whsec_${bytes.toString('base64url')}`;
    const standard = `whsec_${bytes.toString('base64')}`;
    expect(base64url.slice(6)).toMatch(/[-_]/);
    expect(signingKeyBytes(base64url)).toEqual(bytes);
    expect(signingKeyBytes(standard)).toEqual(bytes);
  });

  it('refuses what is not a whsec_ secret of base64', () => {
    expect(() => signingKeyBytes('sk_abc')).toThrow(TypeError);
    expect(() => signingKeyBytes('whsec_')).toThrow(TypeError);
    expect(() => signingKeyBytes('whsec_not base64!')).toThrow(TypeError);
  });
});
