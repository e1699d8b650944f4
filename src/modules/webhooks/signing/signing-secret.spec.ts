import { generateSigningSecret, isSigningSecret } from './signing-secret';

describe('generateSigningSecret', () => {
  it('returns whsec_ followed by at least 32 base64url characters', () => {
    const secret = generateSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32,}$/);
    expect(secret.length - 'whsec_'.length).toBe(43); // 32 random bytes
    expect(isSigningSecret(secret)).toBe(true);
  });

  it('never repeats across many calls', () => {
    const secrets = new Set(Array.from({ length: 1000 }, () => generateSigningSecret()));
    expect(secrets.size).toBe(1000);
  });

  it('uses the whole alphabet (the random part is not, say, hex)', () => {
    const characters = new Set(Array.from({ length: 200 }, () => generateSigningSecret().slice(6)).join(''));
    expect(characters.size).toBeGreaterThan(40);
  });
});

describe('isSigningSecret', () => {
  it.each(['', 'whsec_', 'whsec_short', 'sk_0123456789abcdefghijklmnopqrstuvwxyz', 'whsec_has spaces in it 0123456789abcdef'])(
    'rejects %p',
    (value) => expect(isSigningSecret(value)).toBe(false),
  );
});
