import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { DomainError } from '../../../common/errors';
import { AuthErrors } from '../auth.errors';
import { ApiKeysService } from '../api-keys.service';
import { IS_PUBLIC } from '../decorators';
import type { AuthenticatedRequestFields, Principal } from '../principal';
import { credentialDigest, PrincipalCache } from '../principal-cache.service';

type AuthRequest = Request & AuthenticatedRequestFields & { user?: Principal };

/** Passport's guards, with their failures turned into the contract's codes. */
class AccessTokenGuard extends AuthGuard('jwt') {
  override handleRequest<T>(err: unknown, user: T): T {
    if (err && !(err instanceof DomainError)) throw err; // infrastructure trouble, not a bad token
    if (!user) throw AuthErrors.invalidToken();
    return user;
  }
}
class ApiKeyGuard extends AuthGuard('api-key') {
  override handleRequest<T>(err: unknown, user: T): T {
    if (err && !(err instanceof DomainError)) throw err;
    if (!user) throw AuthErrors.invalidApiKey();
    return user;
  }
}

/** The credential of `Authorization: Bearer <credential>`, or undefined when none was sent. */
export function bearerCredential(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * First global guard: works out who is calling. A credential seen in the last few seconds is
 * answered from the principal cache; any other goes through passport (JWT or API-key strategy),
 * which fills the cache. It does not reject: a failure is kept on the request so that the rate
 * limiter (next guard) still counts the caller, per IP, and the 401 carries rate-limit headers;
 * `RequireCallerGuard` throws it afterwards.
 */
@Injectable()
export class IdentifyCallerGuard implements CanActivate {
  private readonly accessTokens = new AccessTokenGuard();
  private readonly apiKeyGuard = new ApiKeyGuard();

  constructor(
    private readonly reflector: Reflector,
    private readonly apiKeys: ApiKeysService,
    private readonly principals: PrincipalCache,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<AuthRequest>();
    const credential = bearerCredential(req);
    if (!credential) {
      req.authFailure = AuthErrors.authenticationRequired();
      return true;
    }
    const known = this.principals.get(credentialDigest(credential));
    if (known) {
      req.principal = known;
      return true;
    }
    try {
      await (this.apiKeys.looksLikeApiKey(credential) ? this.apiKeyGuard : this.accessTokens).canActivate(context);
      req.principal = req.user;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      req.authFailure = err;
    }
    return true;
  }
}
