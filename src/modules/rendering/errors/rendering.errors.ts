import { CommonErrors, DomainError, type ValidationFailed } from '../../../common/errors';
import type { ErrorExample } from '../../../common/openapi/error-examples';
import { iso } from '../../../common/util/time';
import { NO_ROAD_ROUTER_MESSAGE, RouteBudgetErrors, RoutingError } from '../../routing';

/** Codes a failed job reports in its `error` field (contract §3). */
export const JOB_FAILURE_CODES = ['MARITIME_ROUTE_ERROR', 'ROAD_ROUTE_ERROR', 'RENDER_TIMEOUT', 'RENDER_FAILED', 'STORAGE_ERROR'] as const;
export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];

/** Codes of the render API, templates, the files ({cdn_url}) and failed jobs (contract §3, §9, §12). */
export type RenderingErrorCode =
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'JOB_NOT_CANCELLABLE'
  | 'ROUTE_NOT_READY'
  | 'FILE_EXPIRED'
  | 'RANGE_NOT_SATISFIABLE'
  | 'PRECONDITION_FAILED'
  | 'TEMPLATE_LIMIT_REACHED'
  | 'TEMPLATE_READ_ONLY'
  | 'PREVIEW_STILL_IN_PROGRESS'
  | 'PREVIEW_STILL_LIMIT_EXCEEDED'
  | 'PREVIEW_STILL_BUSY'
  | JobFailureCode;

/**
 * Thrown by routing, rendering and storage when a job cannot be completed. The processor
 * records `code` and `message` on the job; any other exception is recorded as RENDER_FAILED
 * with a generic message, so internals never leak into a job record.
 */
export class JobFailure extends DomainError<JobFailureCode> {
  constructor(code: JobFailureCode, message: string) {
    super(code, message);
  }
}

/** A byte range outside the file; `contentRange` states the file's size (the 416's Content-Range). */
export class RangeNotSatisfiable extends DomainError<'RANGE_NOT_SATISFIABLE'> {
  constructor(readonly contentRange: string) {
    super('RANGE_NOT_SATISFIABLE', 'The requested byte range lies outside the file.');
  }
}

export const RenderingErrors = {
  idempotencyKeyReused: () =>
    new DomainError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used with a different request body.'),
  idempotencyKeyInUse: () =>
    new DomainError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry shortly.', {}, 1),
  jobNotCancellable: (status: string) =>
    new DomainError('JOB_NOT_CANCELLABLE', `The job is already ${status}; only queued or processing jobs can be cancelled.`),
  routeNotReady: () => new DomainError('ROUTE_NOT_READY', 'The route is computed when the job starts processing; try again later.'),
} satisfies Record<string, (...args: never[]) => DomainError<RenderingErrorCode>>;

/** Saved templates (contract §12). */
export const TemplateErrors = {
  limitReached: (limit: number) =>
    new DomainError('TEMPLATE_LIMIT_REACHED', `An account keeps at most ${limit} templates; delete one to save another.`, { limit }),
  readOnly: (id: string) =>
    new DomainError('TEMPLATE_READ_ONLY', `${id} is a built-in template and cannot be changed; save a copy of its settings as your own.`),
} satisfies Record<string, (...args: never[]) => DomainError<RenderingErrorCode>>;

/** The files of a render ({cdn_url}). */
export const CdnErrors = {
  fileExpired: (expiredAt: Date) =>
    new DomainError(
      'FILE_EXPIRED',
      `This file expired at ${iso(expiredAt)} and has been deleted; render the video again to get a new one.`,
      { expired_at: iso(expiredAt) },
    ),
  rangeNotSatisfiable: (contentRange: string) => new RangeNotSatisfiable(contentRange),
  preconditionFailed: () => new DomainError('PRECONDITION_FAILED', 'A request precondition (If-Match / If-Unmodified-Since) failed.'),
} satisfies Record<string, (...args: never[]) => DomainError<RenderingErrorCode>>;

/**
 * Preview stills (`POST /v1/render/preview/still`): a frame outside the video, and the 503s of a service that draws one
 * still at a time per API process (each with Retry-After).
 */
export const PreviewStillErrors = {
  frameOutOfRange: (frames: number) =>
    CommonErrors.validation([
      {
        field: 'frame',
        code: 'too_big',
        message: `frame must not be greater than ${frames - 1}: this video has ${frames} frames, numbered 0 to ${frames - 1}`,
      },
    ]),
  busy: (retryAfterSeconds: number) =>
    new DomainError(
      'PREVIEW_STILL_BUSY',
      `The stills ahead of this one would not leave it time to be drawn before its deadline; retry in ${retryAfterSeconds} seconds.`,
      { retry_after_seconds: retryAfterSeconds },
      retryAfterSeconds,
    ),
  timedOut: (seconds: number) =>
    new DomainError('SERVICE_UNAVAILABLE', `The preview still could not be drawn within ${seconds} seconds; retry shortly.`, {}, 5),
  failed: () => CommonErrors.serviceUnavailable('Drawing preview stills'),
  shuttingDown: () => new DomainError('SERVICE_UNAVAILABLE', 'The service is restarting; retry shortly.', {}, 5),
  inProgress: () =>
    new DomainError(
      'PREVIEW_STILL_IN_PROGRESS',
      'A preview still of this account is being drawn; an account gets one at a time. Send the next once it has arrived.',
      {},
      2,
    ),
  limitExceeded: (limit: number, retryAfterSeconds: number) =>
    new DomainError(
      'PREVIEW_STILL_LIMIT_EXCEEDED',
      `Your plan draws ${limit} preview stills a minute; retry in ${retryAfterSeconds} seconds.`,
      { limit, retry_after_seconds: retryAfterSeconds },
      retryAfterSeconds,
    ),
  sourceLimitExceeded: (limit: number, retryAfterSeconds: number) =>
    new DomainError(
      'PREVIEW_STILL_LIMIT_EXCEEDED',
      `This network address has asked for ${limit} preview stills this minute, across accounts; retry in ${retryAfterSeconds} seconds.`,
      { limit, retry_after_seconds: retryAfterSeconds },
      retryAfterSeconds,
    ),
} satisfies Record<string, (...args: never[]) => DomainError<'SERVICE_UNAVAILABLE' | RenderingErrorCode> | ValidationFailed>;

/** OpenAPI examples of these errors, by the situation they show. */
export const RenderingErrorExamples = {
  idempotencyKeyReused: { summary: 'Same Idempotency-Key, other body', error: RenderingErrors.idempotencyKeyReused() },
  idempotencyKeyInUse: { summary: 'The first request with this key is still running', error: RenderingErrors.idempotencyKeyInUse() },
  jobNotCancellable: { summary: 'The job has already ended', error: RenderingErrors.jobNotCancellable('complete') },
  routeNotReady: { summary: 'The job has not been routed yet', error: RenderingErrors.routeNotReady() },
  noRoadRouter: {
    summary: 'A road leg, and no road router is configured',
    error: new RoutingError('ROAD_ROUTE_ERROR', `Leg 1 (Lisbon → Porto): ${NO_ROAD_ROUTER_MESSAGE}`),
  },
  noRoadRouterInBatch: {
    summary: 'A batch job with a road leg, and no road router is configured',
    error: new RoutingError('ROAD_ROUTE_ERROR', `jobs[1]: Leg 1 (Lisbon → Porto): ${NO_ROAD_ROUTER_MESSAGE}`),
  },
  routeTooComplex: {
    summary: 'Sea legs that took longer than the preview’s 5 s to plan',
    error: RouteBudgetErrors.routeTooComplex(5_000),
  },
  templateLimitReached: { summary: 'The account already keeps 100 templates', error: TemplateErrors.limitReached(100) },
  templateReadOnly: { summary: 'A built-in template', error: TemplateErrors.readOnly('tpl_darkShipping') },
  frameOutOfRange: {
    key: 'VALIDATION_ERROR_frame',
    summary: 'frame beyond the last frame of a 6 s video',
    error: PreviewStillErrors.frameOutOfRange(180),
  },
  stillsBusy: {
    summary: 'The stills drawn and waiting ahead would not leave this one time before its deadline',
    error: PreviewStillErrors.busy(12),
  },
  stillTimedOut: { key: 'SERVICE_UNAVAILABLE_timeout', summary: 'The still was not drawn in time', error: PreviewStillErrors.timedOut(30) },
  stillInProgress: { summary: 'The account’s previous still is still being drawn', error: PreviewStillErrors.inProgress() },
  stillLimitExceeded: { summary: 'The plan’s stills of this minute are drawn', error: PreviewStillErrors.limitExceeded(4, 37) },
  stillSourceLimitExceeded: {
    key: 'PREVIEW_STILL_LIMIT_EXCEEDED_source',
    summary: 'Accounts behind one network address drew that address’s stills of this minute',
    error: PreviewStillErrors.sourceLimitExceeded(30, 41),
  },
} satisfies Record<string, ErrorExample>;
