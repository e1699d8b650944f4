import { ArgumentsHost, HttpException, Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import request from 'supertest';
import { CommonErrors, DomainError } from './common/errors';
import { HttpExceptionFilter } from './common/errors/http-exception.filter';
import { HTTP_ERRORS } from './http-errors';
import { AuthErrors } from './modules/auth';
import { BillingErrors } from './modules/billing';
import { CdnErrors, JobFailure, RenderingErrors, TemplateErrors } from './modules/rendering';
import { RouteBudgetErrors, RoutingError } from './modules/routing';
import { WebhookUrlRejectedError } from './modules/webhooks';

/** The contract's statuses, written out independently of the table. */
const EXPECTED_STATUS: Record<string, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  AUTHENTICATION_REQUIRED: 401,
  INVALID_TOKEN: 401,
  INVALID_API_KEY: 401,
  INVALID_CREDENTIALS: 401,
  ACCESS_TOKEN_REQUIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  EMAIL_ALREADY_REGISTERED: 409,
  EMAIL_ALREADY_VERIFIED: 409,
  INVALID_VERIFICATION_TOKEN: 400,
  INVALID_RESET_TOKEN: 400,
  TOO_MANY_ATTEMPTS: 429,
  REAUTHENTICATION_REQUIRED: 403,
  RATE_LIMIT_EXCEEDED: 429,
  RENDER_LIMIT_EXCEEDED: 429,
  CONCURRENT_JOB_LIMIT: 429,
  QUEUED_JOB_LIMIT: 429,
  SANDBOX_LIMIT_EXCEEDED: 429,
  FEATURE_NOT_AVAILABLE: 403,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  JOB_NOT_CANCELLABLE: 409,
  ROUTE_NOT_READY: 409,
  FILE_EXPIRED: 410,
  RANGE_NOT_SATISFIABLE: 416,
  PRECONDITION_FAILED: 412,
  PREVIEW_STILL_IN_PROGRESS: 429,
  PREVIEW_STILL_BUSY: 429,
  PREVIEW_STILL_LIMIT_EXCEEDED: 429,
  TEMPLATE_LIMIT_REACHED: 409,
  TEMPLATE_READ_ONLY: 403,
  MARITIME_ROUTE_ERROR: 422,
  ROAD_ROUTE_ERROR: 422,
  ROUTE_TOO_COMPLEX: 422,
  RENDER_TIMEOUT: 500,
  RENDER_FAILED: 500,
  STORAGE_ERROR: 500,
};

/** The titles (the body's `error`) clients see today, byte for byte. */
const EXPECTED_TITLE: Record<string, string> = {
  VALIDATION_ERROR: 'Validation failed',
  INVALID_JSON: 'Invalid JSON',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  NOT_FOUND: 'Not found',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  INTERNAL_ERROR: 'Internal error',
  AUTHENTICATION_REQUIRED: 'Authentication required',
  INVALID_TOKEN: 'Invalid token',
  INVALID_API_KEY: 'Invalid API key',
  INVALID_CREDENTIALS: 'Invalid credentials',
  ACCESS_TOKEN_REQUIRED: 'Access token required',
  EMAIL_NOT_VERIFIED: 'E-mail not verified',
  EMAIL_ALREADY_REGISTERED: 'E-mail already registered',
  EMAIL_ALREADY_VERIFIED: 'E-mail already verified',
  INVALID_VERIFICATION_TOKEN: 'Invalid verification token',
  INVALID_RESET_TOKEN: 'Invalid reset token',
  TOO_MANY_ATTEMPTS: 'Too many attempts',
  REAUTHENTICATION_REQUIRED: 'Password required',
  RATE_LIMIT_EXCEEDED: 'Rate limit exceeded',
  RENDER_LIMIT_EXCEEDED: 'Render limit exceeded',
  CONCURRENT_JOB_LIMIT: 'Concurrent job limit exceeded',
  QUEUED_JOB_LIMIT: 'Queued job limit exceeded',
  SANDBOX_LIMIT_EXCEEDED: 'Sandbox limit exceeded',
  FEATURE_NOT_AVAILABLE: 'Feature not available',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency key reused',
  IDEMPOTENCY_KEY_IN_USE: 'Idempotency key in use',
  JOB_NOT_CANCELLABLE: 'Job not cancellable',
  ROUTE_NOT_READY: 'Route not ready',
  FILE_EXPIRED: 'File expired',
  RANGE_NOT_SATISFIABLE: 'Range not satisfiable',
  PRECONDITION_FAILED: 'Precondition failed',
  PREVIEW_STILL_IN_PROGRESS: 'Preview still in progress',
  PREVIEW_STILL_BUSY: 'Preview stills busy',
  PREVIEW_STILL_LIMIT_EXCEEDED: 'Preview still limit exceeded',
  TEMPLATE_LIMIT_REACHED: 'Template limit reached',
  TEMPLATE_READ_ONLY: 'Template is read-only',
  MARITIME_ROUTE_ERROR: 'No sea route',
  ROAD_ROUTE_ERROR: 'No road route',
  ROUTE_TOO_COMPLEX: 'Route too complex',
  RENDER_TIMEOUT: 'Render timed out',
  RENDER_FAILED: 'Render failed',
  STORAGE_ERROR: 'Storage error',
};

/** One error of every factory, with sample arguments. */
const EVERY_ERROR: DomainError[] = [
  CommonErrors.validation([{ field: 'fps', code: 'is_in', message: 'fps must be 24, 30 or 60' }]),
  CommonErrors.invalidJson(),
  CommonErrors.unsupportedMediaType(),
  CommonErrors.payloadTooLarge(),
  CommonErrors.notFound('Render job'),
  CommonErrors.routeNotFound('GET', '/v1/nope'),
  CommonErrors.serviceUnavailable('The render queue'),
  CommonErrors.internal(),
  ...Object.values(AuthErrors)
    .filter((make) => make !== AuthErrors.reauthenticationRequired)
    .map((make) => (make as (seconds: number) => DomainError)(60)),
  AuthErrors.reauthenticationRequired('missing'),
  BillingErrors.rateLimitExceeded(42),
  BillingErrors.renderLimitExceeded(5, 5, new Date(Date.now() + 3600_000)),
  BillingErrors.concurrentJobLimit(1, 1),
  BillingErrors.queuedJobLimit(50, 50),
  BillingErrors.sandboxLimitExceeded(25, 25, new Date(Date.now() + 3600_000)),
  BillingErrors.featureNotAvailable('1080p', 'free'),
  RenderingErrors.idempotencyKeyReused(),
  RenderingErrors.idempotencyKeyInUse(),
  RenderingErrors.jobNotCancellable('complete'),
  RenderingErrors.routeNotReady(),
  CdnErrors.fileExpired(new Date('2026-03-26T10:00:00.000Z')),
  CdnErrors.rangeNotSatisfiable('bytes */1234'),
  CdnErrors.preconditionFailed(),
  TemplateErrors.limitReached(100),
  TemplateErrors.readOnly('tpl_darkShipping'),
  new JobFailure('MARITIME_ROUTE_ERROR', 'no sea route'),
  new JobFailure('ROAD_ROUTE_ERROR', 'no road'),
  new JobFailure('RENDER_TIMEOUT', 'too slow'),
  new JobFailure('RENDER_FAILED', 'crashed'),
  new JobFailure('STORAGE_ERROR', 'not stored'),
  new RoutingError('MARITIME_ROUTE_ERROR', 'Leg 1 (Lisbon → Madrid): no sea route'),
  new RoutingError('ROAD_ROUTE_ERROR', 'no road network covers these waypoints'),
  RouteBudgetErrors.routeTooComplex(5000),
  new WebhookUrlRejectedError({ reason: 'private_address', message: 'webhook_url must not point to a private address' }),
];

/** A tiny express app whose every request fails with `thrown`, answered by the app's exception filter. */
function answer(thrown: unknown) {
  const filter = new HttpExceptionFilter(HTTP_ERRORS);
  const app = express();
  app.use((req, _res, next) => {
    (req as { id?: string }).id = 'req_test';
    next(thrown);
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    const host = { switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }) } as unknown as ArgumentsHost;
    filter.catch(err, host);
  });
  return request(app).get('/v1/anything');
}

beforeAll(() => {
  jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
});

describe('HTTP_ERRORS', () => {
  it('maps every code to the contract status, and knows no other code', () => {
    const statuses = Object.fromEntries(Object.entries(HTTP_ERRORS).map(([code, mapping]) => [code, mapping.status]));
    expect(statuses).toEqual(EXPECTED_STATUS);
  });

  it('has the contract title for every code', () => {
    const titles = Object.fromEntries(Object.entries(HTTP_ERRORS).map(([code, mapping]) => [code, mapping.title]));
    expect(titles).toEqual(EXPECTED_TITLE);
  });

  it.each(EVERY_ERROR.map((error) => [error.code, error] as const))('answers %s with its status and code', async (code, error) => {
    const res = await answer(error);
    expect(res.status).toBe(EXPECTED_STATUS[code]);
    expect(res.body.error_code).toBe(code);
  });
});

describe('the error body and headers', () => {
  it('is { error, error_code, message, request_id } for an error without extra fields', async () => {
    const res = await answer(AuthErrors.invalidToken());
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toStrictEqual({
      error: 'Invalid token',
      error_code: 'INVALID_TOKEN',
      message: 'The access token is malformed or expired. Log in again to get a new one.',
      request_id: 'req_test',
    });
    expect(Object.keys(res.body)).toEqual(['error', 'error_code', 'message', 'request_id']);
  });

  it('adds the extra fields at the top level, after the four', async () => {
    const res = await answer(BillingErrors.concurrentJobLimit(3, 3, 45));
    expect(Object.keys(res.body)).toEqual(['error', 'error_code', 'message', 'request_id', 'active_jobs', 'limit']);
    expect(res.body).toMatchObject({ error: 'Concurrent job limit exceeded', active_jobs: 3, limit: 3 });
    // The hint is a header only: the contract lists the body's fields.
    expect(res.headers['retry-after']).toBe('45');
  });

  it('sends WWW-Authenticate on the 401s', async () => {
    expect((await answer(AuthErrors.authenticationRequired())).headers['www-authenticate']).toBe('Bearer');
    expect((await answer(AuthErrors.invalidCredentials())).headers['www-authenticate']).toBe('Bearer');
    expect((await answer(AuthErrors.invalidToken())).headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await answer(AuthErrors.invalidApiKey())).headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect((await answer(AuthErrors.jwtRequired())).headers['www-authenticate']).toBeUndefined();
  });

  it('derives Retry-After from the error', async () => {
    const rate = await answer(BillingErrors.rateLimitExceeded(42));
    expect(rate.headers['retry-after']).toBe('42');
    expect(rate.body).toMatchObject({ error: 'Rate limit exceeded', retry_after_seconds: 42 });
    expect((await answer(AuthErrors.tooManyAttempts(60))).headers['retry-after']).toBe('60');
    expect((await answer(RenderingErrors.idempotencyKeyInUse())).headers['retry-after']).toBe('1');
    expect((await answer(CommonErrors.serviceUnavailable('The render queue'))).headers['retry-after']).toBe('5');

    const resetAt = new Date(Date.now() + 90_500);
    const quota = await answer(BillingErrors.renderLimitExceeded(5, 5, resetAt));
    expect(Number(quota.headers['retry-after'])).toBeGreaterThanOrEqual(90);
    expect(Number(quota.headers['retry-after'])).toBeLessThanOrEqual(91);
    expect(quota.body).toMatchObject({ renders_used: 5, renders_limit: 5, reset_at: resetAt.toISOString() });
    expect(quota.body.retry_after_seconds).toBeUndefined();
  });

  it('sends a 416 with the Content-Range of the file', async () => {
    const res = await answer(CdnErrors.rangeNotSatisfiable('bytes */1234'));
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1234');
    expect(res.body.error).toBe('Range not satisfiable');
  });

  it('renders a refused webhook URL as the validation error', async () => {
    const res = await answer(new WebhookUrlRejectedError({ reason: 'private_address', message: 'private' }, 'jobs[0].webhook_url'));
    expect(res.status).toBe(400);
    expect(res.body).toStrictEqual({
      error: 'Validation failed',
      error_code: 'VALIDATION_ERROR',
      message: 'private',
      request_id: 'req_test',
      issues: [{ field: 'jobs[0].webhook_url', code: 'private_address', message: 'private' }],
    });
  });

  it('keeps the status of a framework HttpException', async () => {
    const res = await answer(new HttpException('Not acceptable here', 406));
    expect(res.status).toBe(406);
    expect(res.body).toMatchObject({ error: 'Request refused', error_code: 'REQUEST_REFUSED', message: 'Not acceptable here' });
    expect((await answer(new HttpException('no', 405))).body).toMatchObject({
      error: 'Method not allowed',
      error_code: 'METHOD_NOT_ALLOWED',
    });
  });
});

describe('unknown errors', () => {
  it('become INTERNAL_ERROR without leaking their message', async () => {
    const res = await answer(new Error('password=hunter2 at /srv/app/db.ts:12'));
    expect(res.status).toBe(500);
    expect(res.body).toStrictEqual({
      error: 'Internal error',
      error_code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side; it has been logged.',
      request_id: 'req_test',
    });
    expect(res.text).not.toContain('hunter2');
  });

  it('treat a DomainError whose code has no mapping as INTERNAL_ERROR, without its message or fields', async () => {
    const res = await answer(new DomainError('NOT_IN_THE_TABLE', 'internal detail', { secret: 1 }, 7));
    expect(res.status).toBe(500);
    expect(res.body).toStrictEqual({
      error: 'Internal error',
      error_code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side; it has been logged.',
      request_id: 'req_test',
    });
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
