import { unwrap, type ApiContext } from '../http';
import type { LogInRequest, LogInResponse, RegisterRequest, RegisterResponse } from '../types';

/** Sign-up and log-in (no credentials needed). `logIn` answers an access token for a `new Mapr({ apiKey: token })`. */
export class Auth {
  constructor(private readonly api: ApiContext) {}

  async register(body: RegisterRequest): Promise<RegisterResponse> {
    return unwrap(this.api.http.POST('/v1/auth/register', { body }));
  }

  async logIn(body: LogInRequest): Promise<LogInResponse> {
    return unwrap(this.api.http.POST('/v1/auth/login', { body }));
  }
}
