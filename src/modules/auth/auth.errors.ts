import { DomainError } from '../../common/errors';
import type { ErrorExample } from '../../common/openapi/error-examples';

/** Codes of authentication, accounts, e-mail verification and password reset (contract §2, §26). */
export type AuthErrorCode =
  | 'AUTHENTICATION_REQUIRED'
  | 'INVALID_TOKEN'
  | 'INVALID_API_KEY'
  | 'INVALID_CREDENTIALS'
  | 'ACCESS_TOKEN_REQUIRED'
  | 'EMAIL_NOT_VERIFIED'
  | 'EMAIL_ALREADY_REGISTERED'
  | 'EMAIL_ALREADY_VERIFIED'
  | 'INVALID_VERIFICATION_TOKEN'
  | 'INVALID_RESET_TOKEN'
  | 'TOO_MANY_ATTEMPTS'
  | 'REAUTHENTICATION_REQUIRED';

export const AuthErrors = {
  authenticationRequired: () =>
    new DomainError('AUTHENTICATION_REQUIRED', 'Send an API key or access token as "Authorization: Bearer <credential>".'),
  invalidToken: () => new DomainError('INVALID_TOKEN', 'The access token is malformed or expired. Log in again to get a new one.'),
  invalidApiKey: () => new DomainError('INVALID_API_KEY', 'The API key is unknown or has been revoked.'),
  invalidCredentials: () => new DomainError('INVALID_CREDENTIALS', 'The e-mail address or password is wrong.'),
  jwtRequired: () =>
    new DomainError(
      'ACCESS_TOKEN_REQUIRED',
      'This endpoint is for the dashboard: authenticate with an access token from POST /v1/auth/login, not an API key.',
    ),
  emailNotVerified: (before = 'creating renders') =>
    new DomainError(
      'EMAIL_NOT_VERIFIED',
      `Verify your e-mail address before ${before}; POST /v1/auth/resend-verification sends the link again.`,
    ),
  emailAlreadyRegistered: () => new DomainError('EMAIL_ALREADY_REGISTERED', 'An account with this e-mail address already exists.'),
  emailAlreadyVerified: () => new DomainError('EMAIL_ALREADY_VERIFIED', 'This account’s e-mail address is already verified.'),
  invalidVerificationToken: () =>
    new DomainError('INVALID_VERIFICATION_TOKEN', 'This verification link is invalid, expired or already used. Request a new one.'),
  invalidResetToken: () =>
    new DomainError('INVALID_RESET_TOKEN', 'This password reset link is invalid, expired or already used. Ask for a new one.'),
  /**
   * `missing` and `wrong`: key creation, which takes the password in its body; `login`: the other acts on credentials
   * (reading or rotating the webhook secret, revoking a key), which a fresh login allows.
   */
  reauthenticationRequired: (reason: 'missing' | 'wrong' | 'login', action = 'create an API key') =>
    new DomainError(
      'REAUTHENTICATION_REQUIRED',
      reason === 'missing'
        ? `This session is more than an hour old: send your password as \`password\` to ${action}.`
        : reason === 'wrong'
          ? `The password is wrong: send your account password as \`password\` to ${action}.`
          : `This session is more than an hour old: log in again (POST /v1/auth/login) to ${action}.`,
    ),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new DomainError(
      'TOO_MANY_ATTEMPTS',
      'Too many attempts; try again later.',
      { retry_after_seconds: retryAfterSeconds },
      retryAfterSeconds,
    ),
  tooManyRegistrations: (retryAfterSeconds: number) =>
    new DomainError(
      'TOO_MANY_ATTEMPTS',
      `Too many accounts were created from your network lately; try again in ${waitInWords(retryAfterSeconds)}.`,
      { retry_after_seconds: retryAfterSeconds },
      retryAfterSeconds,
    ),
} satisfies Record<string, (...args: never[]) => DomainError<AuthErrorCode>>;

/** "42 seconds", "12 minutes" (up to 60), "3 hours": how long a person waits, rounded up. */
function waitInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  if (seconds <= 3600) return `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `${Math.ceil(seconds / 3600)} hour${Math.ceil(seconds / 3600) === 1 ? '' : 's'}`;
}

/** OpenAPI examples of these errors, by the situation they show. */
export const AuthErrorExamples = {
  authenticationRequired: { summary: 'No Authorization header', error: AuthErrors.authenticationRequired() },
  invalidToken: { summary: 'Malformed or expired access token', error: AuthErrors.invalidToken() },
  invalidApiKey: { summary: 'Unknown or revoked API key', error: AuthErrors.invalidApiKey() },
  invalidCredentials: { summary: 'Unknown e-mail or wrong password', error: AuthErrors.invalidCredentials() },
  accessTokenRequired: { summary: 'An API key was sent to a dashboard endpoint', error: AuthErrors.jwtRequired() },
  emailNotVerified: { summary: 'The account has not verified its e-mail address', error: AuthErrors.emailNotVerified() },
  emailNotVerifiedForStills: {
    summary: 'The account has not verified its e-mail address',
    error: AuthErrors.emailNotVerified('drawing preview stills'),
  },
  emailNotVerifiedForKeys: {
    summary: 'The account has not verified its e-mail address',
    error: AuthErrors.emailNotVerified('creating API keys'),
  },
  invalidVerificationToken: { summary: 'Invalid, expired or used link', error: AuthErrors.invalidVerificationToken() },
  invalidResetToken: { summary: 'Invalid, expired or used password reset link', error: AuthErrors.invalidResetToken() },
  emailAlreadyRegistered: { summary: 'The e-mail address has an account', error: AuthErrors.emailAlreadyRegistered() },
  emailAlreadyVerified: { summary: 'Nothing to verify', error: AuthErrors.emailAlreadyVerified() },
  tooManyAttempts: { summary: 'Too many attempts for this e-mail or IP', error: AuthErrors.tooManyAttempts(60) },
  tooManyRegistrations: { summary: 'Too many accounts registered from one source', error: AuthErrors.tooManyRegistrations(1800) },
  reauthenticationRequired: {
    summary: 'A session more than an hour old creates a key without the password',
    error: AuthErrors.reauthenticationRequired('missing'),
  },
  reauthenticationRequiredForSecret: {
    summary: 'A session more than an hour old reads the webhook secret',
    error: AuthErrors.reauthenticationRequired('login', 'read the webhook secret'),
  },
  reauthenticationRequiredForRotation: {
    summary: 'A session more than an hour old rotates the webhook secret',
    error: AuthErrors.reauthenticationRequired('login', 'rotate the webhook secret'),
  },
  reauthenticationRequiredForRevocation: {
    summary: 'A session more than an hour old revokes a key',
    error: AuthErrors.reauthenticationRequired('login', 'revoke an API key'),
  },
} satisfies Record<string, ErrorExample>;
