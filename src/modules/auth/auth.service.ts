import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config';
import { AuthErrors } from './auth.errors';
import { requestSource } from '../../common/http/request-source';
import { newId } from '../../common/util/ids';
import { runInTransaction } from '../../database/transactions';
import { MailService } from '../../infrastructure/mail/mail.service';
import { type AttemptBucket, AttemptLimiter, type LoginLimits } from './attempt-limiter.service';
import { EmailVerification } from './entities/email-verification.entity';
import { User } from './entities/user.entity';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { Principal } from './principal';
import { PrincipalCache } from './principal-cache.service';
import { SessionRevocations } from './session-revocations.service';
import { verificationEmail } from './verification-email';

export const ACCESS_AUDIENCE = 'access';
export const VERIFICATION_AUDIENCE = 'email-verification';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Registration, login, and e-mail verification. */
@Injectable()
export class AuthService {
  private readonly logger = new Logger(AuthService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(EmailVerification) private readonly verifications: Repository<EmailVerification>,
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly attempts: AttemptLimiter,
    private readonly principals: PrincipalCache,
    private readonly revocations: SessionRevocations,
  ) {}

  /**
   * Counted per source (an IPv4 address or an IPv6 /64) before anything else, whatever the outcome: a 409 for an
   * address that has an account counts too, which also bounds how fast the 409 can be used to find accounts (the
   * contract keeps the 409; docs/security.md weighs it).
   */
  async register(input: { email: string; password: string; name: string }, ip: string): Promise<User> {
    await this.attempts.consume(registrationBuckets(ip, this.config.auth.registrationsPerSource), AuthErrors.tooManyRegistrations);
    const email = normalizeEmail(input.email);
    if (await this.users.existsBy({ email })) throw AuthErrors.emailAlreadyRegistered();
    const user = this.users.create({
      id: newId('usr'),
      email,
      name: input.name.trim(),
      passwordHash: await hashPassword(input.password),
      emailVerified: false,
      emailVerifiedAt: null,
      createdAt: new Date(),
    });
    try {
      await this.users.insert(user);
    } catch (err) {
      // Two registrations for one address at once: the unique index decides.
      if (await this.users.existsBy({ email })) throw AuthErrors.emailAlreadyRegistered();
      throw err;
    }
    await this.sendVerification(user).catch((err) =>
      this.logger.error({ err, user_id: user.id }, 'Could not send the verification e-mail; the user can request it again'),
    );
    return user;
  }

  async login(input: { email: string; password: string }, ip: string): Promise<{ accessToken: string; user: User }> {
    const email = normalizeEmail(input.email);
    const limits = loginLimits(email, ip);
    // Counted before the password is checked, atomically: parallel guesses cannot all slip past the limit.
    await this.attempts.consumeLogin(limits);
    const user = await this.users.findOneBy({ email });
    // Unknown e-mail and wrong password take the same path and about the same time.
    const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
    if (!user || !valid) throw AuthErrors.invalidCredentials();
    // A good password was no failure: the source starts afresh on this account, and the wider buckets forget it.
    await this.attempts.loginSucceeded(limits);
    const accessToken = await this.jwt.signAsync(
      // `ver`: the account's token version (logging out everywhere bumps it); `jti`: this token, for logging it out.
      { sub: user.id, ver: user.tokenVersion },
      { audience: ACCESS_AUDIENCE, expiresIn: this.config.auth.accessTokenTtlSeconds, algorithm: 'HS256', jwtid: randomUUID() },
    );
    return { accessToken, user };
  }

  /**
   * Ends the access token of this request at once (`POST /v1/auth/logout`). A token issued before tokens had ids
   * cannot be told apart from the account's others: all of them end.
   */
  async logOut(principal: Principal): Promise<void> {
    const session = principal.session;
    if (!session) throw AuthErrors.jwtRequired();
    if (session.tokenId) await this.revocations.revoke(session.tokenId, session.expiresAt);
    else await this.users.increment({ id: principal.accountId }, 'tokenVersion', 1);
    await this.principals.invalidate(`account:${principal.accountId}`);
  }

  /** Ends every access token of the account (`POST /v1/auth/logout-everywhere`); API keys are not affected. */
  async logOutEverywhere(accountId: string): Promise<void> {
    await this.users.increment({ id: accountId }, 'tokenVersion', 1);
    await this.principals.invalidate(`account:${accountId}`);
  }

  /**
   * A dashboard session more than an hour old must prove it is still its owner's before it mints a permanent
   * credential: 403 REAUTHENTICATION_REQUIRED without the account's password, or with a wrong one (guesses are
   * limited like logins). API keys cannot create keys at all.
   */
  async assertRecentlyAuthenticated(principal: Principal, password: string | undefined): Promise<void> {
    if (isRecentLogin(principal)) return;
    if (password === undefined) throw AuthErrors.reauthenticationRequired('missing');
    const buckets = [{ name: `reauth:${principal.accountId}`, limit: 10, windowSeconds: 15 * 60 }];
    await this.attempts.consume(buckets);
    const user = await this.users.findOneByOrFail({ id: principal.accountId });
    if (!(await verifyPassword(user.passwordHash, password))) throw AuthErrors.reauthenticationRequired('wrong');
    await this.attempts.clear([buckets[0].name]);
  }

  async resendVerification(accountId: string): Promise<{ expiresInHours: number }> {
    const user = await this.users.findOneByOrFail({ id: accountId });
    if (user.emailVerified) throw AuthErrors.emailAlreadyVerified();
    const buckets = [
      { name: `verify-mail:${accountId}:minute`, limit: 1, windowSeconds: 60 },
      { name: `verify-mail:${accountId}:day`, limit: 10, windowSeconds: 24 * 3600 },
    ];
    await this.attempts.assertAllowed(buckets);
    await this.attempts.record(buckets);
    await this.sendVerification(user);
    return { expiresInHours: this.config.auth.verificationTtlHours };
  }

  /** Consumes a verification link's token. Single use; a newer link supersedes older ones. */
  async verifyEmail(token: string): Promise<User> {
    const user = await this.consumeVerification(token);
    // Credentials resolved before the verification must see the account as verified now.
    await this.principals.invalidate(`account:${user.id}`);
    return user;
  }

  private async consumeVerification(token: string): Promise<User> {
    let payload: { sub?: string; jti?: string };
    try {
      payload = await this.jwt.verifyAsync(token, { audience: VERIFICATION_AUDIENCE, algorithms: ['HS256'] });
    } catch {
      throw AuthErrors.invalidVerificationToken();
    }
    if (!payload.sub || !payload.jti) throw AuthErrors.invalidVerificationToken();
    return runInTransaction(this.dataSource, async (manager) => {
      const now = new Date();
      const consumed = await manager.update(EmailVerification, { id: payload.jti, userId: payload.sub, usedAt: IsNull() }, { usedAt: now });
      const record = await manager.findOneBy(EmailVerification, { id: payload.jti });
      if (!consumed.affected || !record || record.expiresAt < now) throw AuthErrors.invalidVerificationToken();
      // Only the verification columns: saving the whole row would undo a concurrent change to others (the name).
      await manager.update(User, { id: payload.sub, emailVerified: false }, { emailVerified: true, emailVerifiedAt: now });
      return manager.findOneByOrFail(User, { id: payload.sub });
    });
  }

  private async sendVerification(user: User): Promise<void> {
    const ttlHours = this.config.auth.verificationTtlHours;
    const now = new Date();
    const record = this.verifications.create({
      id: newId('evt'),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlHours * 3600_000),
      usedAt: null,
    });
    // Older, unused links stop working once a new one is sent.
    await this.verifications.update({ userId: user.id, usedAt: IsNull() }, { usedAt: now });
    await this.verifications.insert(record);
    const token = await this.jwt.signAsync(
      { sub: user.id },
      { audience: VERIFICATION_AUDIENCE, jwtid: record.id, expiresIn: ttlHours * 3600, algorithm: 'HS256' },
    );
    const link = `${this.config.http.publicUrl}/v1/auth/verify-email?token=${encodeURIComponent(token)}`;
    await this.mail.send({ to: user.email, ...verificationEmail({ link, ttlHours }) });
    // A convenience of the embedded default; in production the link (a credential for the address) stays out of logs.
    if (this.mail.deliversToOutbox && this.config.mail.logLinks)
      this.logger.log({ user_id: user.id, verification_link: link }, `Verification link for ${user.email}: ${link}`);
  }
}

/** A dashboard session younger than this acts on the account's credentials without giving its password again. */
const RECENT_LOGIN_MS = 3600_000;

/** Whether the caller is a dashboard session that logged in within the last hour. */
export function isRecentLogin(principal: Principal): boolean {
  const issuedAt = principal.session?.issuedAt;
  return issuedAt !== undefined && Date.now() - issuedAt.getTime() <= RECENT_LOGIN_MS;
}

/**
 * Reading or rotating the webhook secret and revoking a key need a login within the last hour, as creating a key does
 * (contract §27): a stolen session, or a screen left unlocked, cannot read the secret receivers trust or cut production
 * off. 403 REAUTHENTICATION_REQUIRED otherwise; logging in again allows it. `action` completes "log in again to …".
 */
export function assertRecentLogin(principal: Principal, action: string): void {
  if (!isRecentLogin(principal)) throw AuthErrors.reauthenticationRequired('login', action);
}

/**
 * Login attempts (ADR 0037), counted per source (an IPv4 address or an IPv6 /64) and e-mail: 10 in 15 minutes, which
 * slows one guesser on one account; per source: 50, one guesser across accounts; and per e-mail from anywhere: 100,
 * guessing spread over many sources. The e-mail's limit refuses only the sources that have tried it without the right
 * password in the last 24 hours (`tried`): past it, each new source gets one guess a day, and the owner's right
 * password from a source that has not failed still logs in. Someone guessing slows the guessing down, never locks the
 * owner out.
 */
export function loginLimits(email: string, ip: string): LoginLimits {
  const window = 15 * 60;
  const source = requestSource(ip);
  return {
    sourceAndEmail: { name: `login:source:${source}:${email}`, limit: 10, windowSeconds: window },
    source: { name: `login:ip:${source}`, limit: 50, windowSeconds: window },
    email: { name: `login:email:${email}`, limit: 100, windowSeconds: window },
    tried: { name: `login:tried:${email}`, member: source, ttlSeconds: 24 * 3600 },
  };
}

/** Registrations per source: an hour's and a day's (24 hours from the first), both counted, in one step. */
export function registrationBuckets(ip: string, perSource: { hour: number; day: number }): AttemptBucket[] {
  const source = requestSource(ip);
  return [
    { name: `register:source:${source}:hour`, limit: perSource.hour, windowSeconds: 3600 },
    { name: `register:source:${source}:day`, limit: perSource.day, windowSeconds: 24 * 3600 },
  ];
}
