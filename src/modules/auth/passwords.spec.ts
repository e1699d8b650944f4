import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id, salted: the same password gives different hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')]);
    expect(a).toMatch(/^\$argon2id\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse battery');
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery');
    await expect(verifyPassword(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'correct horse batterY')).resolves.toBe(false);
    await expect(verifyPassword(hash, '')).resolves.toBe(false);
  });

  it('answers false, not an error, for a hash that is not argon2', async () => {
    await expect(verifyPassword('not-a-hash', 'anything')).resolves.toBe(false);
    await expect(verifyPassword('', 'anything')).resolves.toBe(false);
  });

  it('keeps one decoy hash (for unknown e-mails) that no ordinary password matches', async () => {
    const decoy = await decoyPasswordHash();
    expect(decoy).toMatch(/^\$argon2id\$/);
    await expect(decoyPasswordHash()).resolves.toBe(decoy);
    await expect(verifyPassword(decoy, 'password')).resolves.toBe(false);
  });
});
