import { JwtService } from '@nestjs/jwt';
import type { DataSource, EntityManager, Repository } from 'typeorm';
import type { AppConfig } from '../../config';
import { HTTP_ERRORS } from '../../http-errors';
import type { MailService } from '../../infrastructure/mail/mail.service';
import type { AttemptLimiter } from './attempt-limiter.service';
import { ACCESS_AUDIENCE, AuthService, VERIFICATION_AUDIENCE } from './auth.service';
import { EmailVerification } from './entities/email-verification.entity';
import { User } from './entities/user.entity';
import type { PrincipalCache } from './principal-cache.service';
import type { SessionRevocations } from './session-revocations.service';

/**
 * The rules of e-mail verification links, with a real JwtService and in-memory repositories:
 * a link verifies once, a newer link supersedes older ones, expired or foreign tokens are refused,
 * and verification tokens and access tokens never stand in for each other.
 */
describe('AuthService e-mail verification', () => {
  const secret = 'unit-test-secret-0123456789abcdef0123456789';
  const config = {
    auth: {
      jwtSecret: secret,
      accessTokenTtlSeconds: 3600,
      verificationTtlHours: 24,
      keyPrefix: 'mapr',
      registrationsPerSource: { hour: 5, day: 20 },
    },
    http: { publicUrl: 'https://api.example' },
  } as AppConfig;
  const jwt = new JwtService({ secret });
  let users: User[];
  let verifications: EmailVerification[];
  let links: string[];
  let service: AuthService;

  const matches = <T extends object>(row: T, where: Partial<Record<keyof T, unknown>>) =>
    Object.entries(where).every(([k, v]) => {
      const value = (row as Record<string, unknown>)[k];
      // `IsNull()` (a FindOperator) matches null.
      return v && typeof v === 'object' && (v as { type?: string }).type === 'isNull' ? value === null : value === v;
    });

  beforeEach(() => {
    users = [];
    verifications = [];
    links = [];
    const store = (entity: unknown) => (entity === User ? users : verifications) as object[];
    const manager = {
      update: async (entity: unknown, where: object, patch: object) => {
        const rows = store(entity).filter((r) => matches(r, where));
        rows.forEach((r) => Object.assign(r, patch));
        return { affected: rows.length };
      },
      findOneBy: async (entity: unknown, where: object) => store(entity).find((r) => matches(r, where)) ?? null,
      findOneByOrFail: async (entity: unknown, where: object) => store(entity).find((r) => matches(r, where))!,
      save: async (row: object) => row,
    } as unknown as EntityManager;
    const userRepo = {
      create: (row: User) => Object.assign(new User(), row),
      existsBy: async (where: Partial<User>) => users.some((u) => matches(u, where)),
      insert: async (row: User) => void users.push(row),
      findOneByOrFail: async (where: Partial<User>) => users.find((u) => matches(u, where))!,
    } as unknown as Repository<User>;
    const verificationRepo = {
      create: (row: EmailVerification) => Object.assign(new EmailVerification(), row),
      insert: async (row: EmailVerification) => void verifications.push(row),
      update: (where: object, patch: object) => manager.update(EmailVerification, where, patch),
    } as unknown as Repository<EmailVerification>;
    const dataSource = {
      options: { type: 'postgres' },
      transaction: (work: (m: EntityManager) => Promise<unknown>) => work(manager),
    } as unknown as DataSource;
    const mail = {
      send: async (m: { text: string }) => void links.push(/https:\S+/.exec(m.text)![0]),
      deliversToOutbox: false,
    } as unknown as MailService;
    const attempts = {
      assertAllowed: async () => undefined,
      record: async () => undefined,
      consume: async () => undefined,
      giveBack: async () => undefined,
      clear: async () => undefined,
    } as unknown as AttemptLimiter;
    const principals = { invalidate: async () => undefined } as unknown as PrincipalCache;
    const revocations = { revoke: async () => undefined, isRevoked: async () => false } as unknown as SessionRevocations;
    service = new AuthService(config, userRepo, verificationRepo, dataSource, jwt, mail, attempts, principals, revocations);
  });

  const tokenOf = (link: string) => decodeURIComponent(new URL(link).searchParams.get('token')!);
  const refused = { code: 'INVALID_VERIFICATION_TOKEN' } as const;

  it('a refused link answers 400 over HTTP', () => {
    expect(HTTP_ERRORS[refused.code].status).toBe(400);
  });

  async function register() {
    const user = await service.register({ email: ' Ana@Example.com ', password: 'correct horse battery', name: 'Ana' }, '127.0.0.1');
    expect(links).toHaveLength(1);
    return { user, token: tokenOf(links[0]) };
  }

  it('sends a link to /v1/auth/verify-email whose token verifies the address once', async () => {
    const { user, token } = await register();
    expect(links[0]).toMatch(/^https:\/\/api\.example\/v1\/auth\/verify-email\?token=/);
    expect(user).toMatchObject({ email: 'ana@example.com', emailVerified: false });
    const verified = await service.verifyEmail(token);
    expect(verified).toMatchObject({ id: user.id, emailVerified: true });
    expect(verified.emailVerifiedAt).toBeInstanceOf(Date);
    await expect(service.verifyEmail(token)).rejects.toMatchObject(refused);
  });

  it('a newer link supersedes the older ones', async () => {
    const { user, token: first } = await register();
    await service.resendVerification(user.id);
    const second = tokenOf(links[1]);
    await expect(service.verifyEmail(first)).rejects.toMatchObject(refused);
    await expect(service.verifyEmail(second)).resolves.toMatchObject({ emailVerified: true });
  });

  it('refuses an expired link', async () => {
    const { token } = await register();
    verifications[0].expiresAt = new Date(Date.now() - 1000);
    await expect(service.verifyEmail(token)).rejects.toMatchObject(refused);
    expect(users[0].emailVerified).toBe(false);
  });

  it('refuses access tokens, tokens signed with another secret, and garbage', async () => {
    const { user, token } = await register();
    const access = await jwt.signAsync({ sub: user.id }, { audience: ACCESS_AUDIENCE, jwtid: verifications[0].id, algorithm: 'HS256' });
    await expect(service.verifyEmail(access)).rejects.toMatchObject(refused);
    const forged = await new JwtService({ secret: 'another-secret-0123456789abcdef0123456789' }).signAsync(
      { sub: user.id },
      { audience: VERIFICATION_AUDIENCE, jwtid: verifications[0].id, algorithm: 'HS256' },
    );
    await expect(service.verifyEmail(forged)).rejects.toMatchObject(refused);
    await expect(service.verifyEmail('not-a-token')).rejects.toMatchObject(refused);
    const noJti = await jwt.signAsync({ sub: user.id }, { audience: VERIFICATION_AUDIENCE, algorithm: 'HS256' });
    await expect(service.verifyEmail(noJti)).rejects.toMatchObject(refused);
    expect(users[0].emailVerified).toBe(false);
    // The real link still works afterwards.
    await expect(service.verifyEmail(token)).resolves.toMatchObject({ emailVerified: true });
  });

  it('a verification token can never pass as an access token', async () => {
    const { token } = await register();
    await expect(jwt.verifyAsync(token, { audience: ACCESS_AUDIENCE, algorithms: ['HS256'] })).rejects.toThrow();
  });

  it('refuses a second registration of the same address, whatever its case', async () => {
    await register();
    await expect(
      service.register({ email: 'ANA@example.com', password: 'another password', name: 'Ana 2' }, '127.0.0.1'),
    ).rejects.toMatchObject({
      code: 'EMAIL_ALREADY_REGISTERED',
    });
    expect(HTTP_ERRORS.EMAIL_ALREADY_REGISTERED.status).toBe(409);
  });
});
