import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthErrors } from '../auth.errors';
import { ACCESS_TOKEN_ONLY, IS_PUBLIC } from '../decorators';
import type { AuthenticatedRequestFields } from '../principal';

/**
 * Last global guard: rejects the request when the caller could not be identified (401), or when
 * an API key is used on a dashboard-only route (403).
 */
@Injectable()
export class RequireCallerGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequestFields>();
    if (req.authFailure) throw req.authFailure;
    if (!req.principal) throw AuthErrors.authenticationRequired();
    if (this.reflector.getAllAndOverride<boolean>(ACCESS_TOKEN_ONLY, targets) && req.principal.via !== 'jwt') {
      throw AuthErrors.jwtRequired();
    }
    return true;
  }
}
