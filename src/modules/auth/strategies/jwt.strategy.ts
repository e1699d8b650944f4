import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { ACCESS_AUDIENCE } from '../auth.service';
import { User } from '../entities/user.entity';
import { bearerCredential } from '../guards/identify-caller.guard';
import type { Principal } from '../principal';
import { credentialDigest, PrincipalCache } from '../principal-cache.service';
import { SessionRevocations } from '../session-revocations.service';

/** Access tokens: HS256 only, audience `access`, 24 h expiry enforced. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly cache: PrincipalCache,
    private readonly revocations: SessionRevocations,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.auth.jwtSecret,
      algorithms: ['HS256'],
      audience: ACCESS_AUDIENCE,
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /** Called once passport-jwt has checked the signature, audience and expiry. */
  async validate(
    req: Request,
    payload: { sub?: string; exp?: number; iat?: number; ver?: number; jti?: string },
  ): Promise<Principal | false> {
    if (!payload.sub || !payload.exp) return false;
    const user = await this.users.findOneBy({ id: payload.sub });
    if (!user) return false;
    // Ended by "log out everywhere" (a newer version), or this token by "log out".
    if ((payload.ver ?? 0) !== user.tokenVersion) return false;
    if (payload.jti !== undefined && (await this.revocations.isRevoked(payload.jti))) return false;
    const principal: Principal = {
      accountId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      accountCreatedAt: user.createdAt,
      via: 'jwt',
      sandbox: false,
      session: { tokenId: payload.jti, issuedAt: new Date((payload.iat ?? 0) * 1000), expiresAt: new Date(payload.exp * 1000) },
    };
    // Remembered no longer than the token is valid.
    this.cache.set(credentialDigest(bearerCredential(req)!), principal, [`account:${user.id}`], payload.exp * 1000);
    return principal;
  }
}
