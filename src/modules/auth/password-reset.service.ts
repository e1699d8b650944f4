import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config';
import { runInTransaction } from '../../database/transactions';
import { requestSource } from '../../common/http/request-source';
import { MailService } from '../../infrastructure/mail/mail.service';
import { AccountSecretRenewals } from './account-secret-renewals';
import { AttemptLimiter } from './attempt-limiter.service';
import { AuthErrors } from './auth.errors';
import { loginLimits, normalizeEmail } from './auth.service';
import { ApiKey } from './entities/api-key.entity';
import { User } from './entities/user.entity';
import { hashPassword } from './passwords';
import { passwordResetEmail } from './password-reset-email';
import { PrincipalCache } from './principal-cache.service';

export const PASSWORD_RESET_AUDIENCE = 'password-reset';
/** Contract §26: a reset link is valid for one hour. */
export const PASSWORD_RESET_TTL_SECONDS = 3600;

/**
 * Forgotten passwords (contract §26, ADR 0024). A reset link is a JWT (audience `password-reset`, 1 h) that carries a
 * fingerprint of the account's password hash and token version instead of a stored row: once the password changes
 * (or every session is logged out) the fingerprint no longer matches, so the link works once without a table.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger(PasswordResetService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly dataSource: DataSource,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
    private readonly attempts: AttemptLimiter,
    private readonly principals: PrincipalCache,
    private readonly renewals: AccountSecretRenewals,
  ) {}

  /**
   * `POST /v1/auth/forgot-password`. Answers the same whether or not the address has an account: the limits count
   * both alike, and the e-mail is sent after the answer, so neither the answer nor its timing (a slow mail server)
   * tells which addresses have accounts.
   *
   * A source past its own limit is refused (429). An address past its limit is answered as any other, but no further
   * e-mail is sent that hour (ADR 0037): the inbox is not flooded, and since every link works for an hour until one is
   * used, the newest link already in the inbox still works; requests from others never stop the owner resetting.
   */
  async requestReset(rawEmail: string, ip: string): Promise<void> {
    const email = normalizeEmail(rawEmail);
    const buckets = forgotPasswordBuckets(email, ip);
    await this.attempts.consume([buckets.source]);
    const mailed = await this.attempts.take(buckets.email);
    const user = await this.users.findOneBy({ email });
    if (!user || !mailed) return;
    void this.sendResetLink(user).catch((err) =>
      this.logger.error({ err, user_id: user.id }, 'Could not send the password reset e-mail; the user can ask again'),
    );
  }

  /**
   * `POST /v1/auth/reset-password`. Sets the new password and bumps the token version in one conditional update, so
   * every access token issued before (and this link, and any other outstanding link) stops working; of two uses of
   * one link racing, one changes the password and the other is refused. The link was opened from the inbox, so the
   * address counts as verified from now on (ADR 0024).
   *
   * API keys and secrets of an account whose address was verified are not affected. An account whose address was never
   * verified may have been registered by someone else (a squatter waiting for its owner to take it over, contract
   * §27): in the same transaction its API keys are revoked and its other secrets (the webhook and listen secrets)
   * forgotten, so that whatever the registrant made or read before is dead once the owner holds the account.
   */
  async resetPassword(token: string, password: string, ip: string): Promise<void> {
    let payload: { sub?: unknown; fp?: unknown };
    try {
      payload = await this.jwt.verifyAsync(token, { audience: PASSWORD_RESET_AUDIENCE, algorithms: ['HS256'] });
    } catch {
      throw AuthErrors.invalidResetToken();
    }
    if (typeof payload.sub !== 'string' || typeof payload.fp !== 'string') throw AuthErrors.invalidResetToken();
    const user = await this.users.findOneBy({ id: payload.sub });
    if (!user || !sameFingerprint(payload.fp, this.fingerprint(user))) throw AuthErrors.invalidResetToken();
    const passwordHash = await hashPassword(password);
    const now = new Date();
    const takesOver = !user.emailVerified;
    await runInTransaction(this.dataSource, async (manager) => {
      const changed = await manager.update(
        User,
        { id: user.id, passwordHash: user.passwordHash, tokenVersion: user.tokenVersion, emailVerified: user.emailVerified },
        {
          passwordHash,
          tokenVersion: user.tokenVersion + 1,
          ...(takesOver ? { emailVerified: true, emailVerifiedAt: now } : {}),
        },
      );
      if (!changed.affected) throw AuthErrors.invalidResetToken();
      if (!takesOver) return;
      await manager.update(ApiKey, { userId: user.id, revokedAt: IsNull() }, { revokedAt: now });
      await this.renewals.renewAll(user.id, manager);
    });
    // Sessions and keys resolved before (on every API process) must see the reset now.
    await this.principals.invalidate(`account:${user.id}`);
    // The owner logs in with the new password straight away, from here and from any source that tried before; and may
    // ask for a link again.
    const login = loginLimits(user.email, ip);
    await this.attempts.clear([
      login.sourceAndEmail.name,
      login.email.name,
      login.tried.name,
      forgotPasswordBuckets(user.email, ip).email.name,
    ]);
  }

  private async sendResetLink(user: User): Promise<void> {
    const token = await this.jwt.signAsync(
      { sub: user.id, fp: this.fingerprint(user) },
      { audience: PASSWORD_RESET_AUDIENCE, expiresIn: PASSWORD_RESET_TTL_SECONDS, algorithm: 'HS256' },
    );
    // In the fragment, not the query: the browser never sends it, so no server or proxy log can hold it.
    const link = `${this.config.http.publicUrl}/reset-password#token=${encodeURIComponent(token)}`;
    await this.mail.send({ to: user.email, ...passwordResetEmail({ link, ttlMinutes: PASSWORD_RESET_TTL_SECONDS / 60 }) });
    // As for verification links: logged for the embedded default only, never in production.
    if (this.mail.deliversToOutbox && this.config.mail.logLinks)
      this.logger.log({ user_id: user.id, password_reset_link: link }, `Password reset link for ${user.email}: ${link}`);
  }

  /**
   * What a link is bound to: the password hash (a new salt on every change) and the token version (bumped by a reset
   * and by logging out everywhere). Keyed with the service's secret so the token reveals nothing about the hash.
   */
  private fingerprint(user: User): string {
    return createHmac('sha256', this.config.auth.jwtSecret)
      .update(`password-reset\n${user.passwordHash}\n${user.tokenVersion}`)
      .digest('base64url');
  }
}

function sameFingerprint(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Reset e-mails, counted per source (an IPv4 address or an IPv6 /64; 20 an hour: one source probing or flooding many
 * inboxes; beyond, 429) and per e-mail address from anywhere (5 an hour: one inbox is not flooded; beyond, the same 202
 * and no e-mail). Both count whether or not the address has an account.
 */
export function forgotPasswordBuckets(email: string, ip: string) {
  const window = 3600;
  return {
    source: { name: `forgot-password:ip:${requestSource(ip)}`, limit: 20, windowSeconds: window },
    email: { name: `forgot-password:email:${email}`, limit: 5, windowSeconds: window },
  };
}
