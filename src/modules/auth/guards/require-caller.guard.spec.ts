import { Reflector } from '@nestjs/core';
import { DomainError } from '../../../common/errors';
import { HTTP_ERRORS } from '../../../http-errors';
import { AuthErrors } from '../auth.errors';
import { Authenticated, Public } from '../decorators';
import type { AuthenticatedRequestFields, Principal } from '../principal';
import { httpContext } from '../../../../test/support/http-execution-context';
import { RequireCallerGuard } from './require-caller.guard';

class Routes {
  @Public() open() {}
  @Authenticated() any() {}
  @Authenticated({ accessTokenOnly: true }) dashboard() {}
}

const principal = (via: Principal['via']): Principal => ({
  accountId: 'usr_1',
  email: 'a@example.com',
  name: 'A',
  emailVerified: true,
  accountCreatedAt: new Date(0),
  via,
  sandbox: false,
});

function rejection(run: () => unknown): DomainError {
  try {
    run();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('the guard let the request through');
}

describe('RequireCallerGuard', () => {
  const guard = new RequireCallerGuard(new Reflector());
  const check = (route: keyof Routes, req: AuthenticatedRequestFields) =>
    guard.canActivate(httpContext(req, {}, Routes.prototype[route], Routes));

  it('lets public routes through without a caller', () => {
    expect(check('open', {})).toBe(true);
    expect(check('open', { authFailure: AuthErrors.invalidToken() })).toBe(true);
  });

  it('401 AUTHENTICATION_REQUIRED with WWW-Authenticate when nobody was identified', () => {
    const err = rejection(() => check('any', {}));
    expect(err).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    expect(HTTP_ERRORS.AUTHENTICATION_REQUIRED).toMatchObject({ status: 401, headers: { 'WWW-Authenticate': 'Bearer' } });
  });

  it('throws the failure the identify guard kept (INVALID_TOKEN, INVALID_API_KEY)', () => {
    expect(rejection(() => check('any', { authFailure: AuthErrors.invalidToken() }))).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(HTTP_ERRORS.INVALID_TOKEN.status).toBe(401);
    expect(rejection(() => check('any', { authFailure: AuthErrors.invalidApiKey(), principal: principal('api_key') }))).toMatchObject({
      code: 'INVALID_API_KEY',
    });
  });

  it('accepts an identified caller, by key or token', () => {
    expect(check('any', { principal: principal('api_key') })).toBe(true);
    expect(check('any', { principal: principal('jwt') })).toBe(true);
  });

  it('dashboard routes take access tokens only: an API key is 403 ACCESS_TOKEN_REQUIRED', () => {
    expect(check('dashboard', { principal: principal('jwt') })).toBe(true);
    expect(rejection(() => check('dashboard', { principal: principal('api_key') }))).toMatchObject({ code: 'ACCESS_TOKEN_REQUIRED' });
    expect(HTTP_ERRORS.ACCESS_TOKEN_REQUIRED.status).toBe(403);
  });

  it('ignores non-HTTP contexts', () => {
    const context = { ...httpContext({}), getType: () => 'rpc' } as never;
    expect(guard.canActivate(context)).toBe(true);
  });
});
