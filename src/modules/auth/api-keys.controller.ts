import { Body, Controller, Delete, Get, Header, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { announceCreated, CREATED_HEADERS_DOC } from '../../common/http/created';
import { ApiErrorResponse, ErrorExamples } from '../../common/openapi/error-examples';
import { APP_CONFIG, type AppConfig } from '../../config';
import { ApiKeysService } from './api-keys.service';
import { AuthErrorExamples, AuthErrors } from './auth.errors';
import { assertRecentLogin, AuthService } from './auth.service';
import { Authenticated, CurrentPrincipal } from './decorators';
import { ApiKeyDto, ApiKeyListDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto';
import type { Principal } from './principal';

/** Key management is for the dashboard (access tokens); an API key cannot create keys. */
@ApiTags('API keys')
@Controller('v1/api-keys')
@Authenticated({ accessTokenOnly: true })
export class ApiKeysController {
  constructor(
    private readonly apiKeys: ApiKeysService,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description:
      'The full key is returned once, in this response. The account’s e-mail address must be verified. A session more than an hour ' +
      'old sends the account’s `password` too.',
  })
  @ApiCreatedResponse({ type: CreatedApiKeyDto, headers: CREATED_HEADERS_DOC })
  @ApiErrorResponse(
    403,
    'EMAIL_NOT_VERIFIED: the account’s e-mail address is not verified yet; REAUTHENTICATION_REQUIRED: the session is over an hour ' +
      'old and `password` is missing or wrong',
    [AuthErrorExamples.emailNotVerifiedForKeys, AuthErrorExamples.reauthenticationRequired],
  )
  async create(
    @CurrentPrincipal() principal: Principal,
    @Body() body: CreateApiKeyDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CreatedApiKeyDto> {
    // A key outlives sessions and password resets of a verified account: only the address's owner may make one.
    if (!principal.emailVerified) throw AuthErrors.emailNotVerified('creating API keys');
    await this.auth.assertRecentlyAuthenticated(principal, body.password);
    const { record, key } = await this.apiKeys.create(principal.accountId, { name: body.name, mode: body.mode });
    const { id, name, mode, prefix, last4, created_at } = ApiKeyDto.from(record);
    announceCreated(res, `${this.config.http.publicUrl}/v1/api-keys/${id}`);
    return { id, name, mode, key, prefix, last4, created_at };
  }

  @Get()
  @ApiOperation({
    operationId: 'listApiKeys',
    summary: 'List API keys',
    description: 'Newest first; revoked keys included with revoked_at.',
  })
  @ApiOkResponse({ type: ApiKeyListDto })
  async list(@CurrentPrincipal() principal: Principal): Promise<ApiKeyListDto> {
    return { api_keys: (await this.apiKeys.list(principal.accountId)).map(ApiKeyDto.from) };
  }

  @Get(':id')
  @ApiOperation({
    operationId: 'getApiKey',
    summary: 'Read an API key',
    description: 'Its name, mode, prefix and last 4 characters, never the key itself; revoked keys too, with revoked_at.',
  })
  @ApiOkResponse({ type: ApiKeyDto })
  @ApiErrorResponse(404, 'NOT_FOUND', [ErrorExamples.notFound('API key')])
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<ApiKeyDto> {
    return ApiKeyDto.from(await this.apiKeys.get(principal.accountId, id));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description:
      'The key is rejected (401 INVALID_API_KEY) from its very next use. Needs a login within the last hour, as creating a key does.',
  })
  @ApiNoContentResponse({ description: 'Revoked.' })
  @ApiErrorResponse(403, 'REAUTHENTICATION_REQUIRED: the session is over an hour old; log in again', [
    AuthErrorExamples.reauthenticationRequiredForRevocation,
  ])
  @ApiErrorResponse(404, 'NOT_FOUND', [ErrorExamples.notFound('API key')])
  async revoke(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    assertRecentLogin(principal, 'revoke an API key');
    await this.apiKeys.revoke(principal.accountId, id);
  }
}
