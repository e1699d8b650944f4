import { unwrap, type ApiContext } from '../http';
import type { LogInRequest, LogInResponse, RegisterRequest, RegisterResponse, ResendVerificationResponse } from '../types';

/**
 * Sign-up and log-in (no credentials needed). `logIn` answers an access token for a `new Mapr({ apiKey: token })`;
 * `resendVerification` needs that token.
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

  /** `POST /v1/auth/resend-verification`: a new e-mail verification link for the logged-in user (access token only). */
  async resendVerification(): Promise<ResendVerificationResponse> {
    return unwrap(this.api.http.POST('/v1/auth/resend-verification'));
  }
}
