import { ApiResponse } from '@nestjs/swagger';
import { DomainError, Errors } from '../errors';
import { ErrorResponseDto } from './error-response.dto';

/**
 * Example error bodies for the OpenAPI document, one set per status, built from the error
 * catalogue itself (`Errors`), so that titles, messages and extra fields are the ones the API sends.
 */
/** `key` names the example in the document; the error code unless a status shows one code twice. */
export type ErrorExample = { summary: string; error: DomainError; key?: string };

const RESET_AT = new Date('2026-12-01T00:00:00.000Z');

export function errorBody(error: DomainError, requestId = 'req_5f0c2d7e9b8a4c1d8e6f3a2b1c0d9e8f'): Record<string, unknown> {
  return { error: error.title, error_code: error.code, message: error.message, request_id: requestId, ...error.extra };
}

/** Documents one status with a named example per error code (Swagger UI offers them in a list). */
export function ApiErrorResponse(status: number, description: string, examples: ErrorExample[]) {
  return ApiResponse({
    status,
    description,
    type: ErrorResponseDto,
    examples: Object.fromEntries(examples.map(({ summary, error, key }) => [key ?? error.code, { summary, value: errorBody(error) }])),
  });
}

/** The catalogue of examples, by the situation they show. */
export const ErrorExamples = {
  authenticationRequired: { summary: 'No Authorization header', error: Errors.authenticationRequired() },
  invalidToken: { summary: 'Malformed or expired access token', error: Errors.invalidToken() },
  invalidApiKey: { summary: 'Unknown or revoked API key', error: Errors.invalidApiKey() },
  invalidCredentials: { summary: 'Unknown e-mail or wrong password', error: Errors.invalidCredentials() },
  accessTokenRequired: { summary: 'An API key was sent to a dashboard endpoint', error: Errors.jwtRequired() },
  emailNotVerified: { summary: 'The account has not verified its e-mail address', error: Errors.emailNotVerified() },
  featureNotAvailable: { summary: '1080p on the Free tier', error: Errors.featureNotAvailable('Resolution 1080p', 'free') },
  renderValidation: {
    summary: 'A field of the wrong shape',
    error: Errors.validation([{ field: 'camera', code: 'invalid_type', message: 'camera must be an object, e.g. {"preset":"cinematic"}' }]),
  },
  renderValidationMany: {
    key: 'VALIDATION_ERROR_unknown_place',
    summary: 'Several bad fields, an unknown place among them',
    error: Errors.validation([
      { field: 'waypoints[1].lat', code: 'too_big', message: 'lat must not be greater than 90' },
      { field: 'waypoints[2].place', code: 'unknown_place', message: 'Unknown place "Lisbn". Did you mean: Lisbon?' },
    ]),
  },
  durationExceeded: {
    key: 'DURATION_EXCEEDS_TIER_LIMIT',
    summary: 'duration above the tier maximum',
    error: Errors.validation(
      [{ field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: 'duration 30 s exceeds the free tier maximum of 10 s' }],
      {
        max_duration_seconds: 10,
        tier: 'free',
      },
    ),
  },
  batchValidation: {
    summary: 'A job of the batch has its own webhook_url',
    error: Errors.validation([
      {
        field: 'jobs[1].webhook_url',
        code: 'not_allowed_in_batch',
        message: 'Jobs of a batch have no webhook_url of their own; set webhook_url on the batch.',
      },
    ]),
  },
  registerValidation: {
    summary: 'Bad e-mail address and a short password',
    error: Errors.validation([
      { field: 'email', code: 'invalid_email', message: 'email must be an e-mail address' },
      { field: 'password', code: 'invalid_length', message: 'password must be 8 to 128 characters' },
    ]),
  },
  invalidVerificationToken: { summary: 'Invalid, expired or used link', error: Errors.invalidVerificationToken() },
  emailAlreadyRegistered: { summary: 'The e-mail address has an account', error: Errors.emailAlreadyRegistered() },
  emailAlreadyVerified: { summary: 'Nothing to verify', error: Errors.emailAlreadyVerified() },
  idempotencyKeyReused: { summary: 'Same Idempotency-Key, other body', error: Errors.idempotencyKeyReused() },
  idempotencyKeyInUse: { summary: 'The first request with this key is still running', error: Errors.idempotencyKeyInUse() },
  jobNotCancellable: { summary: 'The job has already ended', error: Errors.jobNotCancellable('complete') },
  routeNotReady: { summary: 'The job has not been routed yet', error: Errors.routeNotReady() },
  rateLimitExceeded: { summary: 'Requests per minute of the tier used up', error: Errors.rateLimitExceeded(42) },
  renderLimitExceeded: { summary: 'Monthly quota used up', error: Errors.renderLimitExceeded(5, 5, RESET_AT) },
  concurrentJobLimit: { summary: 'Jobs queued or processing at the tier limit', error: Errors.concurrentJobLimit(1, 1) },
  tooManyAttempts: { summary: 'Too many attempts for this e-mail or IP', error: Errors.tooManyAttempts(60) },
  notFound: (what: string) => ({ summary: `No such ${what.toLowerCase()} (or another account's)`, error: Errors.notFound(what) }),
} satisfies Record<string, ErrorExample | ((what: string) => ErrorExample)>;
