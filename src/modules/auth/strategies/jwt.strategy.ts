import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { InjectRepository } from '@nestjs/typeorm';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { ACCESS_AUDIENCE } from '../auth.service';
import { User } from '../entities/user.entity';
import type { Principal } from '../principal';
import { PrincipalCache } from '../principal-cache.service';

/** Access tokens: HS256 only, audience `access`, 24 h expiry enforced. */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly cache: PrincipalCache,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: config.auth.jwtSecret,
      algorithms: ['HS256'],
      audience: ACCESS_AUDIENCE,
      ignoreExpiration: false,
    });
  }

  async validate(payload: { sub?: string }): Promise<Principal | false> {
    if (!payload.sub) return false;
    const cached = this.cache.get(`jwt:${payload.sub}`);
    if (cached) return cached;
    const user = await this.users.findOneBy({ id: payload.sub });
    if (!user) return false;
    const principal: Principal = {
      accountId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      accountCreatedAt: user.createdAt,
      via: 'jwt',
      sandbox: false,
    };
    this.cache.set(`jwt:${user.id}`, principal, [`account:${user.id}`]);
    return principal;
  }
}
