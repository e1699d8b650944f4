import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiBearerAuth } from '@nestjs/swagger';
import type { Principal } from './principal';
import { ApiErrorResponse } from '../../common/openapi/error-examples';
import { AuthErrorExamples } from './auth.errors';

export { IS_PUBLIC, Public } from '../../common/http/public-route';
export const ACCESS_TOKEN_ONLY = 'mapr:accessTokenOnly';

/**
 * Marks how a route authenticates and documents it in OpenAPI. Every route is authenticated by
 * the global guard unless `@Public()`; `accessTokenOnly` limits it to dashboard access tokens (JWT).
 */
export function Authenticated(options: { accessTokenOnly?: boolean } = {}) {
  const decorators = [
    ApiBearerAuth(),
    ApiErrorResponse(
      401,
      'AUTHENTICATION_REQUIRED (no credential), INVALID_TOKEN (bad or expired access token), INVALID_API_KEY (unknown or revoked key).',
      [AuthErrorExamples.authenticationRequired, AuthErrorExamples.invalidToken, AuthErrorExamples.invalidApiKey],
    ),
  ];
  if (options.accessTokenOnly) {
    decorators.push(
      SetMetadata(ACCESS_TOKEN_ONLY, true),
      ApiErrorResponse(403, 'ACCESS_TOKEN_REQUIRED: this endpoint takes an access token, not an API key.', [
        AuthErrorExamples.accessTokenRequired,
      ]),
    );
  }
  return applyDecorators(...decorators);
}

/** The authenticated caller of this request. */
export const CurrentPrincipal = createParamDecorator((_data: unknown, ctx: ExecutionContext): Principal => {
  const principal = ctx.switchToHttp().getRequest<{ principal?: Principal }>().principal;
  if (!principal) throw new Error('CurrentPrincipal used on a route without authentication');
  return principal;
});
