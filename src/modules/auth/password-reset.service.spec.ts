import { JwtService } from '@nestjs/jwt';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { AppConfig } from '../../config';
import type { MailService } from '../../infrastructure/mail/mail.service';
import { AccountSecretRenewals } from './account-secret-renewals';
import type { AttemptLimiter } from './attempt-limiter.service';
import { ACCESS_AUDIENCE } from './auth.service';
import { ApiKey } from './entities/api-key.entity';
import { User } from './entities/user.entity';
import { PASSWORD_RESET_AUDIENCE, PasswordResetService } from './password-reset.service';
import { verifyPassword } from './passwords';
import type { PrincipalCache } from './principal-cache.service';

/**
 * The rules of password reset links, with a real JwtService and an in-memory user table: a link works once, a reset or
 * a logout everywhere ends every earlier link, expired and foreign tokens are refused, and an unknown address gets the
 * same (silent) treatment as a known one without waiting for the mail.
 */
describe('PasswordResetService', () => {
  const secret = 'unit-test-secret-0123456789abcdef0123456789';
  const config = {
    auth: { jwtSecret: secret },
    http: { publicUrl: 'https://mapr.example' },
    mail: { logLinks: false },
  } as AppConfig;
  const jwt = new JwtService({ secret });
  let users: User[];
  let keys: Pick<ApiKey, 'id' | 'userId' | 'revokedAt'>[];
  let renewed: string[];
  let sent: { to: string; text: string }[];
  let mailDelay: Promise<void>;
  let invalidated: string[];
  let service: PasswordResetService;

  const matches = (row: User, where: Partial<User>) => Object.entries(where).every(([k, v]) => row[k as keyof User] === v);

  beforeEach(() => {
    users = [
      Object.assign(new User(), {
        id: 'usr_1',
        email: 'ana@example.com',
        name: 'Ana',
        passwordHash: 'old-hash',
        emailVerified: false,
        emailVerifiedAt: null,
        tokenVersion: 0,
        createdAt: new Date(),
      }),
    ];
    keys = [{ id: 'key_1', userId: 'usr_1', revokedAt: null }];
    renewed = [];
    sent = [];
    mailDelay = Promise.resolve();
    invalidated = [];
    const update = <T extends object>(rows: T[], where: Partial<T>, patch: Partial<T>) => {
      const hit = rows.filter((row) =>
        Object.entries(where).every(([k, v]) => (v instanceof Object ? row[k as keyof T] === null : row[k as keyof T] === v)),
      );
      hit.forEach((row) => Object.assign(row, patch));
      return { affected: hit.length };
    };
    const repo = {
      findOneBy: async (where: Partial<User>) => users.find((u) => matches(u, where)) ?? null,
      update: async (where: Partial<User>, patch: Partial<User>) => update(users, where, patch),
    } as unknown as Repository<User>;
    // A transaction that applies its writes at once (a refusal inside it comes before any write here).
    const manager = {
      update: async (entity: unknown, where: object, patch: object) =>
        entity === User ? update(users, where as Partial<User>, patch) : update(keys, where as Partial<ApiKey>, patch as Partial<ApiKey>),
    } as unknown as EntityManager;
    const dataSource = {
      options: { type: 'postgres' },
      transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager),
    } as unknown as DataSource;
    const renewals = new AccountSecretRenewals();
    renewals.register(async (accountId) => void renewed.push(accountId));
    const mail = {
      send: async (m: { to: string; text: string }) => {
        await mailDelay;
        sent.push(m);
      },
      deliversToOutbox: false,
    } as unknown as MailService;
    const attempts = { consume: async () => undefined, take: async () => true, clear: async () => undefined } as unknown as AttemptLimiter;
    const principals = { invalidate: async (tag: string) => void invalidated.push(tag) } as unknown as PrincipalCache;
    service = new PasswordResetService(config, repo, dataSource, jwt, mail, attempts, principals, renewals);
  });

  const settle = () => new Promise((resolve) => setImmediate(resolve));
  async function linkToken(): Promise<string> {
    await service.requestReset('  Ana@Example.com ', '127.0.0.1');
    await settle();
    const link = /https:\S+/.exec(sent.at(-1)!.text)![0];
    expect(link).toMatch(/^https:\/\/mapr\.example\/reset-password#token=/);
    return decodeURIComponent(link.split('#token=')[1]!);
  }

  it('e-mails a 1-hour link to a known address; an unknown one gets nothing, and neither waits for the mail', async () => {
    let release!: () => void;
    mailDelay = new Promise((resolve) => (release = resolve));
    await service.requestReset('ana@example.com', '127.0.0.1');
    await service.requestReset('ghost@example.com', '127.0.0.1');
    expect(sent).toHaveLength(0);
    release();
    await settle();
    expect(sent.map((m) => m.to)).toEqual(['ana@example.com']);
    const claims = jwt.decode(decodeURIComponent(/#token=(\S+)/.exec(sent[0]!.text)![1]!));
    expect(claims).toMatchObject({ sub: 'usr_1', aud: PASSWORD_RESET_AUDIENCE });
    expect(claims.exp - claims.iat).toBe(3600);
    expect(JSON.stringify(claims)).not.toContain('old-hash');
  });

  it('sets the password once: bumps the token version, verifies the address, and refuses the link again', async () => {
    const token = await linkToken();
    await service.resetPassword(token, 'a brand new password', '127.0.0.1');
    const [user] = users;
    expect(await verifyPassword(user!.passwordHash, 'a brand new password')).toBe(true);
    expect(user).toMatchObject({ tokenVersion: 1, emailVerified: true });
    expect(invalidated).toEqual(['account:usr_1']);
    await expect(service.resetPassword(token, 'another new password', '127.0.0.1')).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('revokes the keys and renews the secrets of an account whose address was never verified (a squatter’s), in the same step', async () => {
    const token = await linkToken();
    await service.resetPassword(token, 'a brand new password', '127.0.0.1');
    expect(keys[0]!.revokedAt).toBeInstanceOf(Date);
    expect(renewed).toEqual(['usr_1']);
  });

  it('leaves the keys and secrets of a verified account alone', async () => {
    users[0]!.emailVerified = true;
    const token = await linkToken();
    await service.resetPassword(token, 'a brand new password', '127.0.0.1');
    expect(users[0]).toMatchObject({ tokenVersion: 1, emailVerified: true });
    expect(keys[0]!.revokedAt).toBeNull();
    expect(renewed).toEqual([]);
  });

  it('ends outstanding links when the account logs out everywhere', async () => {
    const token = await linkToken();
    users[0]!.tokenVersion += 1;
    await expect(service.resetPassword(token, 'a brand new password', '127.0.0.1')).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
  });

  it('refuses expired links, access tokens and garbage', async () => {
    const token = await linkToken();
    const claims = jwt.decode(token);
    const past = Math.floor(Date.now() / 1000) - 7200;
    const expired = jwt.sign({ sub: claims.sub, fp: claims.fp, iat: past, exp: past + 3600 }, { audience: PASSWORD_RESET_AUDIENCE });
    const access = jwt.sign({ sub: 'usr_1', fp: claims.fp }, { audience: ACCESS_AUDIENCE, expiresIn: 3600 });
    for (const bad of [expired, access, 'not-a-token', jwt.sign({ sub: 'usr_1' }, { audience: PASSWORD_RESET_AUDIENCE })])
      await expect(service.resetPassword(bad, 'a brand new password', '127.0.0.1')).rejects.toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    expect(users[0]!.passwordHash).toBe('old-hash');
  });
});
