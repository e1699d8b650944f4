import { Reflector } from '@nestjs/core';
import { HTTP_ERRORS } from '../../../http-errors';
import { AuthErrors } from '../auth.errors';
import type { ApiKeysService } from '../api-keys.service';
import { Authenticated, Public } from '../decorators';
import type { AuthenticatedRequestFields, Principal } from '../principal';
import { credentialDigest, PrincipalCache } from '../principal-cache.service';
import { httpContext } from '../../../../test/support/http-execution-context';
import { bearerCredential, IdentifyCallerGuard } from './identify-caller.guard';

class Routes {
  @Public() open() {}
  @Authenticated() any() {}
}

const principal: Principal = {
  accountId: 'usr_1',
  email: 'a@example.com',
  name: 'A',
  emailVerified: true,
  accountCreatedAt: new Date(0),
  via: 'api_key',
  sandbox: false,
};

type Req = AuthenticatedRequestFields & { headers: Record<string, string>; user?: Principal };
/** Passport's two guards inside IdentifyCallerGuard, replaced by stubs. */
type Strategies = { accessTokens: { canActivate: jest.Mock }; apiKeyGuard: { canActivate: jest.Mock } };

describe('IdentifyCallerGuard', () => {
  let cache: Map<string, Principal>;
  let guard: IdentifyCallerGuard;
  let strategies: Strategies;

  beforeEach(() => {
    cache = new Map();
    const apiKeys = { looksLikeApiKey: (c: string) => c.startsWith('mapr_') } as unknown as ApiKeysService;
    const principals = { get: (digest: string) => cache.get(digest) } as unknown as PrincipalCache;
    guard = new IdentifyCallerGuard(new Reflector(), apiKeys, principals);
    strategies = guard as unknown as Strategies;
    strategies.accessTokens.canActivate = jest.fn();
    strategies.apiKeyGuard.canActivate = jest.fn();
  });

  const run = async (req: Req, route: keyof Routes = 'any') => {
    const context = httpContext(req, {}, Routes.prototype[route], Routes);
    // The passport stubs see the same request as the guard.
    const ok = await guard.canActivate(context);
    return ok;
  };

  it('never rejects, and leaves public routes untouched', async () => {
    const req: Req = { headers: {} };
    await expect(run(req, 'open')).resolves.toBe(true);
    expect(req).toEqual({ headers: {} });
  });

  it('no credential: keeps AUTHENTICATION_REQUIRED for later, without asking passport', async () => {
    const req: Req = { headers: {} };
    await expect(run(req)).resolves.toBe(true);
    expect(req.authFailure).toMatchObject({ code: 'AUTHENTICATION_REQUIRED' });
    expect(HTTP_ERRORS.AUTHENTICATION_REQUIRED.status).toBe(401);
    expect(req.principal).toBeUndefined();
    expect(strategies.accessTokens.canActivate).not.toHaveBeenCalled();
    expect(strategies.apiKeyGuard.canActivate).not.toHaveBeenCalled();
  });

  it('a credential seen recently comes from the cache', async () => {
    cache.set(credentialDigest('mapr_live_abc'), principal);
    const req: Req = { headers: { authorization: 'Bearer mapr_live_abc' } };
    await run(req);
    expect(req.principal).toBe(principal);
    expect(req.authFailure).toBeUndefined();
    expect(strategies.apiKeyGuard.canActivate).not.toHaveBeenCalled();
  });

  it('an API key goes to the API-key strategy, anything else to the JWT strategy', async () => {
    const authenticate = (context: { switchToHttp(): { getRequest(): Req } }) => {
      context.switchToHttp().getRequest().user = principal;
      return Promise.resolve(true);
    };
    strategies.apiKeyGuard.canActivate.mockImplementation(authenticate);
    strategies.accessTokens.canActivate.mockImplementation(authenticate);
    const byKey: Req = { headers: { authorization: 'Bearer mapr_live_abc' } };
    await run(byKey);
    expect(strategies.apiKeyGuard.canActivate).toHaveBeenCalledTimes(1);
    expect(strategies.accessTokens.canActivate).not.toHaveBeenCalled();
    expect(byKey.principal).toBe(principal);
    const byToken: Req = { headers: { authorization: 'bearer eyJhbGciOi.x.y' } };
    await run(byToken);
    expect(strategies.accessTokens.canActivate).toHaveBeenCalledTimes(1);
    expect(byToken.principal).toBe(principal);
  });

  it('a rejected credential is kept as the failure (INVALID_API_KEY, INVALID_TOKEN), not thrown', async () => {
    strategies.apiKeyGuard.canActivate.mockRejectedValue(AuthErrors.invalidApiKey());
    strategies.accessTokens.canActivate.mockRejectedValue(AuthErrors.invalidToken());
    const key: Req = { headers: { authorization: 'Bearer mapr_live_revoked' } };
    await expect(run(key)).resolves.toBe(true);
    expect(key.authFailure).toMatchObject({ code: 'INVALID_API_KEY' });
    expect(HTTP_ERRORS.INVALID_API_KEY.status).toBe(401);
    expect(key.principal).toBeUndefined();
    const token: Req = { headers: { authorization: 'Bearer expired.jwt.token' } };
    await expect(run(token)).resolves.toBe(true);
    expect(token.authFailure).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(HTTP_ERRORS.INVALID_TOKEN.status).toBe(401);
  });

  it('infrastructure trouble is not a bad credential: it propagates', async () => {
    strategies.accessTokens.canActivate.mockRejectedValue(new Error('database down'));
    await expect(run({ headers: { authorization: 'Bearer some.jwt.token' } })).rejects.toThrow('database down');
  });
});

describe('bearerCredential', () => {
  const req = (authorization?: string) => ({ headers: authorization === undefined ? {} : { authorization } }) as never;
  it('reads `Bearer <credential>`, case-insensitively', () => {
    expect(bearerCredential(req('Bearer abc'))).toBe('abc');
    expect(bearerCredential(req('bearer   abc  '))).toBe('abc');
  });
  it('finds none in other schemes or shapes', () => {
    expect(bearerCredential(req())).toBeUndefined();
    expect(bearerCredential(req('Basic dXNlcjpwYXNz'))).toBeUndefined();
    expect(bearerCredential(req('Bearer'))).toBeUndefined();
    expect(bearerCredential(req('Bearer a b'))).toBeUndefined();
  });
});
