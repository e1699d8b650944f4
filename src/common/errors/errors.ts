import { DomainError } from './domain-error';

/** One validation problem, addressed by a path such as `waypoints[1].lat`. */
export interface ValidationIssue {
  field: string;
  code: string;
  message: string;
}

/**
 * The catalogue of API errors. Each function returns a DomainError with the contract's status,
 * stable code and title; the exception filter renders all of them in the one error shape.
 */
export const Errors = {
  validation: (issues: ValidationIssue[], extra: Record<string, unknown> = {}) =>
    new DomainError(
      400,
      'VALIDATION_ERROR',
      'Validation failed',
      issues.length === 1 ? issues[0].message : `${issues.length} fields are invalid; see issues.`,
      { issues, ...extra },
    ),
  invalidJson: () => new DomainError(400, 'INVALID_JSON', 'Invalid JSON', 'The request body is not valid JSON.'),
  unsupportedMediaType: () =>
    new DomainError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'Request bodies must be JSON (Content-Type: application/json).'),
  payloadTooLarge: () => new DomainError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', 'Request bodies are limited to 1 MiB.'),
  notFound: (what = 'Resource') => new DomainError(404, 'NOT_FOUND', 'Not found', `${what} not found.`),
  routeNotFound: (method: string, path: string) =>
    new DomainError(404, 'NOT_FOUND', 'Not found', `No endpoint ${method} ${path}.`),
  authenticationRequired: () =>
    new DomainError(401, 'AUTHENTICATION_REQUIRED', 'Authentication required', 'Send an API key or access token as "Authorization: Bearer <credential>".', {}, { 'WWW-Authenticate': 'Bearer' }),
  invalidToken: () =>
    new DomainError(401, 'INVALID_TOKEN', 'Invalid token', 'The access token is malformed or expired. Log in again to get a new one.', {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }),
  invalidApiKey: () =>
    new DomainError(401, 'INVALID_API_KEY', 'Invalid API key', 'The API key is unknown or has been revoked.', {}, { 'WWW-Authenticate': 'Bearer error="invalid_token"' }),
  invalidCredentials: () =>
    new DomainError(401, 'INVALID_CREDENTIALS', 'Invalid credentials', 'The e-mail address or password is wrong.', {}, { 'WWW-Authenticate': 'Bearer' }),
  jwtRequired: () =>
    new DomainError(403, 'ACCESS_TOKEN_REQUIRED', 'Access token required', 'This endpoint is for the dashboard: authenticate with an access token from POST /v1/auth/login, not an API key.'),
  emailNotVerified: () =>
    new DomainError(403, 'EMAIL_NOT_VERIFIED', 'E-mail not verified', 'Verify your e-mail address before creating renders; POST /v1/auth/resend-verification sends the link again.'),
  emailAlreadyRegistered: () =>
    new DomainError(409, 'EMAIL_ALREADY_REGISTERED', 'E-mail already registered', 'An account with this e-mail address already exists.'),
  emailAlreadyVerified: () =>
    new DomainError(409, 'EMAIL_ALREADY_VERIFIED', 'E-mail already verified', 'This account’s e-mail address is already verified.'),
  invalidVerificationToken: () =>
    new DomainError(400, 'INVALID_VERIFICATION_TOKEN', 'Invalid verification token', 'This verification link is invalid, expired or already used. Request a new one.'),
  tooManyAttempts: (retryAfterSeconds: number) =>
    new DomainError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts', 'Too many attempts; try again later.', { retry_after_seconds: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) }),
  rateLimitExceeded: (retryAfterSeconds: number) =>
    new DomainError(429, 'RATE_LIMIT_EXCEEDED', 'Rate limit exceeded', `Too many requests; retry in ${retryAfterSeconds} seconds.`, { retry_after_seconds: retryAfterSeconds }, { 'Retry-After': String(retryAfterSeconds) }),
  renderLimitExceeded: (used: number, limit: number, resetAt: Date) =>
    new DomainError(429, 'RENDER_LIMIT_EXCEEDED', 'Render limit exceeded', `All ${limit} renders of this billing period are used; the quota resets at ${resetAt.toISOString()}.`, {
      renders_used: used,
      renders_limit: limit,
      reset_at: resetAt.toISOString(),
    }, { 'Retry-After': String(Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1000))) }),
  concurrentJobLimit: (active: number, limit: number) =>
    new DomainError(429, 'CONCURRENT_JOB_LIMIT', 'Concurrent job limit exceeded', `${active} jobs are already queued or processing; your plan allows ${limit} at once. Wait for one to finish, or submit a batch.`, {
      active_jobs: active,
      limit,
    }),
  featureNotAvailable: (feature: string, tier: string) =>
    new DomainError(403, 'FEATURE_NOT_AVAILABLE', 'Feature not available', `${feature} is not available on the ${tier} tier.`, { tier }),
  idempotencyKeyReused: () =>
    new DomainError(409, 'IDEMPOTENCY_KEY_REUSED', 'Idempotency key reused', 'This Idempotency-Key was already used with a different request body.'),
  idempotencyKeyInUse: () =>
    new DomainError(409, 'IDEMPOTENCY_KEY_IN_USE', 'Idempotency key in use', 'A request with this Idempotency-Key is still being processed; retry shortly.', {}, { 'Retry-After': '1' }),
  jobNotCancellable: (status: string) =>
    new DomainError(409, 'JOB_NOT_CANCELLABLE', 'Job not cancellable', `The job is already ${status}; only queued or processing jobs can be cancelled.`),
  routeNotReady: () =>
    new DomainError(409, 'ROUTE_NOT_READY', 'Route not ready', 'The route is computed when the job starts processing; try again later.'),
  serviceUnavailable: (what: string) =>
    new DomainError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable', `${what} is temporarily unavailable; retry shortly.`, {}, { 'Retry-After': '5' }),
  internal: () => new DomainError(500, 'INTERNAL_ERROR', 'Internal error', 'Something went wrong on our side; it has been logged.'),
};
