import type { CommonErrorCode, HttpErrorMapping } from './common/errors';
import type { AuthErrorCode } from './modules/auth';
import type { BillingErrorCode } from './modules/billing';
import type { RangeNotSatisfiable, RenderingErrorCode } from './modules/rendering';
import type { RoutingErrorCode } from './modules/routing';
import type { WebhooksErrorCode } from './modules/webhooks';

/** Every code any part of the service throws. */
export type ErrorCode = CommonErrorCode | AuthErrorCode | BillingErrorCode | RenderingErrorCode | RoutingErrorCode | WebhooksErrorCode;

const BEARER = { 'WWW-Authenticate': 'Bearer' };
const BEARER_INVALID_TOKEN = { 'WWW-Authenticate': 'Bearer error="invalid_token"' };

/**
 * The one code → HTTP table (contract §1–§3, §6, §9): status, title (the body's `error`) and extra
 * headers; `Retry-After` follows the error's retryAfterSeconds. It lives here, at the composition
 * root, because it knows every module's codes: a code without an entry does not compile.
 */
export const HTTP_ERRORS: Readonly<Record<ErrorCode, HttpErrorMapping>> = {
  // common
  VALIDATION_ERROR: { status: 400, title: 'Validation failed' },
  INVALID_JSON: { status: 400, title: 'Invalid JSON' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  NOT_FOUND: { status: 404, title: 'Not found' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  // auth
  AUTHENTICATION_REQUIRED: { status: 401, title: 'Authentication required', headers: BEARER },
  INVALID_TOKEN: { status: 401, title: 'Invalid token', headers: BEARER_INVALID_TOKEN },
  INVALID_API_KEY: { status: 401, title: 'Invalid API key', headers: BEARER_INVALID_TOKEN },
  INVALID_CREDENTIALS: { status: 401, title: 'Invalid credentials', headers: BEARER },
  ACCESS_TOKEN_REQUIRED: { status: 403, title: 'Access token required' },
  EMAIL_NOT_VERIFIED: { status: 403, title: 'E-mail not verified' },
  EMAIL_ALREADY_REGISTERED: { status: 409, title: 'E-mail already registered' },
  EMAIL_ALREADY_VERIFIED: { status: 409, title: 'E-mail already verified' },
  INVALID_VERIFICATION_TOKEN: { status: 400, title: 'Invalid verification token' },
  INVALID_RESET_TOKEN: { status: 400, title: 'Invalid reset token' },
  TOO_MANY_ATTEMPTS: { status: 429, title: 'Too many attempts' },
  REAUTHENTICATION_REQUIRED: { status: 403, title: 'Password required' },
  // billing
  RATE_LIMIT_EXCEEDED: { status: 429, title: 'Rate limit exceeded' },
  RENDER_LIMIT_EXCEEDED: { status: 429, title: 'Render limit exceeded' },
  CONCURRENT_JOB_LIMIT: { status: 429, title: 'Concurrent job limit exceeded' },
  QUEUED_JOB_LIMIT: { status: 429, title: 'Queued job limit exceeded' },
  SANDBOX_LIMIT_EXCEEDED: { status: 429, title: 'Sandbox limit exceeded' },
  FEATURE_NOT_AVAILABLE: { status: 403, title: 'Feature not available' },
  // rendering: the render API and files
  PREVIEW_STILL_IN_PROGRESS: { status: 429, title: 'Preview still in progress' },
  PREVIEW_STILL_BUSY: { status: 429, title: 'Preview stills busy' },
  PREVIEW_STILL_LIMIT_EXCEEDED: { status: 429, title: 'Preview still limit exceeded' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, title: 'Idempotency key reused' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, title: 'Idempotency key in use' },
  JOB_NOT_CANCELLABLE: { status: 409, title: 'Job not cancellable' },
  ROUTE_NOT_READY: { status: 409, title: 'Route not ready' },
  FILE_EXPIRED: { status: 410, title: 'File expired' },
  RANGE_NOT_SATISFIABLE: {
    status: 416,
    title: 'Range not satisfiable',
    headers: (error): Record<string, string> => {
      const { contentRange } = error as Partial<RangeNotSatisfiable>;
      return contentRange ? { 'Content-Range': contentRange } : {};
    },
  },
  PRECONDITION_FAILED: { status: 412, title: 'Precondition failed' },
  // rendering: templates
  TEMPLATE_LIMIT_REACHED: { status: 409, title: 'Template limit reached' },
  TEMPLATE_READ_ONLY: { status: 403, title: 'Template is read-only' },
  // rendering: job failures, routing's two among them. Recorded on the job; over HTTP only where a
  // request routes (§15: 422).
  MARITIME_ROUTE_ERROR: { status: 422, title: 'No sea route' },
  ROAD_ROUTE_ERROR: { status: 422, title: 'No road route' },
  // routing: a preview's route past the preview's routing budget (§27)
  ROUTE_TOO_COMPLEX: { status: 422, title: 'Route too complex' },
  RENDER_TIMEOUT: { status: 500, title: 'Render timed out' },
  RENDER_FAILED: { status: 500, title: 'Render failed' },
  STORAGE_ERROR: { status: 500, title: 'Storage error' },
};
