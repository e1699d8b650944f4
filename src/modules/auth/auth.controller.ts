import { Body, Controller, Get, Header, HttpCode, HttpStatus, Inject, Ip, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DomainError } from '../../common/errors';
import { announceCreated, CREATED_HEADERS_DOC } from '../../common/http/created';
import { ApiErrorResponse, ErrorExamples, RETRY_AFTER_HEADER } from '../../common/openapi/error-examples';
import { APP_CONFIG, type AppConfig } from '../../config';
import { AuthErrorExamples } from './auth.errors';
import { AuthService } from './auth.service';
import { Authenticated, CurrentPrincipal, Public } from './decorators';
import {
  ForgotPasswordDto,
  ForgotPasswordResponseDto,
  LoginDto,
  LoginResponseDto,
  RegisterDto,
  RegisterResponseDto,
  ResendVerificationResponseDto,
  ResetPasswordDto,
  ResetPasswordResponseDto,
  VerifyEmailResponseDto,
} from './dto/auth.dto';
import { PASSWORD_RESET_TTL_SECONDS, PasswordResetService } from './password-reset.service';
import type { Principal } from './principal';
import { verificationResultPage } from './verification-email';

@ApiTags('Auth')
@Controller('v1/auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('register')
  @Public()
  @ApiOperation({
    operationId: 'register',
    summary: 'Create an account',
    description:
      'Creates an account with emailVerified false and sends a verification e-mail. `Location` names the account resource ' +
      '(GET /v1/account, once logged in). Limited per source (an IPv4 address or IPv6 /64), 5 an hour and 20 a day by default ' +
      '(REGISTRATIONS_PER_SOURCE_PER_HOUR, REGISTRATIONS_PER_SOURCE_PER_DAY), whatever the answer.',
  })
  @ApiCreatedResponse({ type: RegisterResponseDto, headers: CREATED_HEADERS_DOC })
  @ApiErrorResponse(400, 'VALIDATION_ERROR', [ErrorExamples.registerValidation])
  @ApiErrorResponse(409, 'EMAIL_ALREADY_REGISTERED', [AuthErrorExamples.emailAlreadyRegistered])
  @ApiErrorResponse(
    429,
    'TOO_MANY_ATTEMPTS: registrations per source (an IPv4 address or IPv6 /64), 5 an hour and 20 a day by default',
    [AuthErrorExamples.tooManyRegistrations],
    RETRY_AFTER_HEADER,
  )
  async register(@Body() body: RegisterDto, @Ip() ip: string, @Res({ passthrough: true }) res: Response): Promise<RegisterResponseDto> {
    const user = await this.auth.register(body, ip);
    announceCreated(res, `${this.config.http.publicUrl}/v1/account`);
    return {
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
      message: `Account created. We sent a verification link to ${user.email}.`,
    };
  }

  @Post('login')
  @Header('Cache-Control', 'no-store')
  @Public()
  @HttpCode(200)
  @ApiOperation({ operationId: 'logIn', summary: 'Obtain an access token', description: 'Returns a JWT access token valid for 24 hours.' })
  @ApiOkResponse({ type: LoginResponseDto })
  @ApiErrorResponse(401, 'INVALID_CREDENTIALS (unknown e-mail or wrong password)', [AuthErrorExamples.invalidCredentials])
  @ApiErrorResponse(
    429,
    'TOO_MANY_ATTEMPTS (logins per source and e-mail, per source, and per e-mail from sources that have failed on it; a source is ' +
      'an IPv4 address or an IPv6 /64)',
    [AuthErrorExamples.tooManyAttempts],
  )
  async login(@Body() body: LoginDto, @Ip() ip: string): Promise<LoginResponseDto> {
    const { accessToken, user } = await this.auth.login(body, ip);
    return { accessToken, user: { id: user.id, email: user.email, name: user.name } };
  }

  @Post('logout')
  @Authenticated({ accessTokenOnly: true })
  @HttpCode(204)
  @ApiOperation({
    operationId: 'logOut',
    summary: 'End this access token',
    description: 'The token sending this request stops working at once, on every API process. API keys are not affected.',
  })
  @ApiNoContentResponse({ description: 'The token is ended.' })
  async logOut(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.auth.logOut(principal);
  }

  @Post('logout-everywhere')
  @Authenticated({ accessTokenOnly: true })
  @HttpCode(204)
  @ApiOperation({
    operationId: 'logOutEverywhere',
    summary: 'End every access token of the account',
    description: 'Every dashboard session of the account (this one included) stops working at once. API keys are not affected.',
  })
  @ApiNoContentResponse({ description: 'Every access token of the account is ended.' })
  async logOutEverywhere(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.auth.logOutEverywhere(principal.accountId);
  }

  @Post('forgot-password')
  @Public()
  @HttpCode(202)
  @ApiOperation({
    operationId: 'requestPasswordReset',
    summary: 'E-mail a link to reset a forgotten password',
    description:
      'Always 202 with the same body, whether or not the address has an account (no account enumeration). If it has one, ' +
      'an e-mail with a single-use link to `/reset-password` in the dashboard, valid for 1 hour, is on its way. Limited per ' +
      'source (an IPv4 address or IPv6 /64: 20 an hour, then 429). An address gets at most 5 e-mails an hour: beyond, the answer ' +
      'is the same and no e-mail is sent (the newest link already sent still works).',
  })
  @ApiAcceptedResponse({ type: ForgotPasswordResponseDto })
  @ApiErrorResponse(400, 'VALIDATION_ERROR', [ErrorExamples.registerValidation])
  @ApiErrorResponse(429, 'TOO_MANY_ATTEMPTS (reset e-mails per source)', [AuthErrorExamples.tooManyAttempts])
  async requestPasswordReset(@Body() body: ForgotPasswordDto, @Ip() ip: string): Promise<ForgotPasswordResponseDto> {
    await this.passwordReset.requestReset(body.email, ip);
    return {
      message: 'If an account uses this address, we sent it a link to reset the password.',
      expires_in_hours: PASSWORD_RESET_TTL_SECONDS / 3600,
    };
  }

  @Post('reset-password')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resetPassword',
    summary: 'Set a new password with the e-mailed link',
    description:
      'Sets the new password (the rules of registration) and ends every access token issued before, as logging out ' +
      'everywhere does; API keys are not affected. The link works once. It also verifies the e-mail address, since it ' +
      'was opened from that inbox. Log in afterwards with the new password.',
  })
  @ApiOkResponse({ type: ResetPasswordResponseDto })
  @ApiErrorResponse(400, 'INVALID_RESET_TOKEN (invalid, expired or used link) or VALIDATION_ERROR', [
    AuthErrorExamples.invalidResetToken,
    ErrorExamples.shortNewPassword,
  ])
  async resetPassword(@Body() body: ResetPasswordDto, @Ip() ip: string): Promise<ResetPasswordResponseDto> {
    await this.passwordReset.resetPassword(body.token, body.password, ip);
    return { message: 'Password changed. Log in with your new password.' };
  }

  @Post('resend-verification')
  @Authenticated({ accessTokenOnly: true })
  @HttpCode(200)
  @ApiOperation({
    operationId: 'resendVerificationEmail',
    summary: 'Send the verification e-mail again',
    description: 'Earlier links stop working. Limited to one per minute.',
  })
  @ApiOkResponse({ type: ResendVerificationResponseDto })
  @ApiErrorResponse(409, 'EMAIL_ALREADY_VERIFIED', [AuthErrorExamples.emailAlreadyVerified])
  @ApiErrorResponse(429, 'TOO_MANY_ATTEMPTS', [AuthErrorExamples.tooManyAttempts])
  async resendVerification(@CurrentPrincipal() principal: Principal): Promise<ResendVerificationResponseDto> {
    const { expiresInHours } = await this.auth.resendVerification(principal.accountId);
    return { message: `Verification e-mail sent to ${principal.email}.`, expires_in_hours: expiresInHours };
  }

  @Get('verify-email')
  @Public()
  @ApiOperation({
    operationId: 'verifyEmail',
    summary: 'Verify an e-mail address (the link in the e-mail)',
    description: 'Single use. Browsers get an HTML page; send `Accept: application/json` for JSON.',
  })
  @ApiQuery({ name: 'token', type: String, required: true, description: 'The token from the verification link.' })
  @ApiProduces('text/html', 'application/json')
  @ApiOkResponse({ type: VerifyEmailResponseDto })
  @ApiErrorResponse(400, 'INVALID_VERIFICATION_TOKEN (invalid, expired or used)', [AuthErrorExamples.invalidVerificationToken])
  async verifyEmail(@Query('token') token: string | undefined, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const wantsJson = req.accepts(['html', 'json']) === 'json';
    try {
      await this.auth.verifyEmail(typeof token === 'string' ? token : '');
    } catch (err) {
      if (wantsJson || !(err instanceof DomainError && err.code === 'INVALID_VERIFICATION_TOKEN')) throw err;
      res.status(HttpStatus.BAD_REQUEST).type('html').send(verificationResultPage(false));
      return;
    }
    if (wantsJson) return { message: 'E-mail address verified.', emailVerified: true };
    res.type('html').send(verificationResultPage(true));
  }
}
