import { unwrap, type ApiContext } from '../http';
import type {
  ForgotPasswordResponse,
  LogInRequest,
  LogInResponse,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationResponse,
  ResetPasswordResponse,
} from '../types';

/**
 * Sign-up, log-in and password reset (no credentials needed). `logIn` answers an access token for a
 * `new Mapr({ apiKey: token })`; `resendVerification` and the log-outs need that token.
 */
export class Auth {
  constructor(private readonly api: ApiContext) {}

  async register(body: RegisterRequest): Promise<RegisterResponse> {
    return unwrap(this.api.http.POST('/v1/auth/register', { body }));
  }

  async logIn(body: LogInRequest): Promise<LogInResponse> {
    return unwrap(this.api.http.POST('/v1/auth/login', { body }));
  }

  /** `POST /v1/auth/logout`: ends the access token this client was made with, at once (access token only). */
  async logOut(): Promise<void> {
    await unwrap(this.api.http.POST('/v1/auth/logout'));
  }

  /** `POST /v1/auth/logout-everywhere`: ends every access token of the account; API keys keep working. */
  async logOutEverywhere(): Promise<void> {
    await unwrap(this.api.http.POST('/v1/auth/logout-everywhere'));
  }

  /**
   * `POST /v1/auth/forgot-password`: e-mails a single-use link (valid 1 hour) to reset the password, if the address has
   * an account. The answer is the same either way.
   */
  async forgotPassword(email: string): Promise<ForgotPasswordResponse> {
    return unwrap(this.api.http.POST('/v1/auth/forgot-password', { body: { email } }));
  }

  /**
   * `POST /v1/auth/reset-password`: sets a new password with the token from the e-mailed link (after `#token=`). Every
   * access token issued before stops working; log in again with the new password. `INVALID_RESET_TOKEN` when the link
   * is invalid, expired or already used.
   */
  async resetPassword(token: string, password: string): Promise<ResetPasswordResponse> {
    return unwrap(this.api.http.POST('/v1/auth/reset-password', { body: { token, password } }));
  }

  /** `POST /v1/auth/resend-verification`: a new e-mail verification link for the logged-in user (access token only). */
  async resendVerification(): Promise<ResendVerificationResponse> {
    return unwrap(this.api.http.POST('/v1/auth/resend-verification'));
  }
}
