import type { components } from './generated/openapi';

type ErrorResponse = components['schemas']['ErrorResponseDto'];
/** Every error code the service documents (`docs/openapi.json`). */
export type ErrorCode = ErrorResponse['error_code'];
/**
 * The service's one error body (every 4xx and 5xx). A code newer than this SDK stays a plain string,
 * and an answer that is not the service's JSON (a proxy's error page) gets `HTTP_ERROR` or `INTERNAL_ERROR`.
 */
export type ErrorBody = Omit<ErrorResponse, 'error_code'> & { error_code: ErrorCode | 'HTTP_ERROR' | (string & {}) };
export type ValidationIssue = components['schemas']['ValidationIssueDto'];

/**
 * An error answer of the API, with the body's fields as they are on the wire (`error_code`,
 * `request_id`, `issues`, and the extra fields of a 429: `retry_after_seconds`, `renders_used`,
 * `renders_limit`, `reset_at`, `active_jobs`, `limit`).
 */
export class MaprError extends Error {
  override readonly name: string = 'MaprError';
  /** HTTP status of the answer. */
  readonly status: number;
  /** Stable UPPER_SNAKE code, e.g. `VALIDATION_ERROR`, `RATE_LIMIT_EXCEEDED`. */
  readonly error_code: ErrorBody['error_code'];
  /** The request's id (also in `X-Request-Id`): quote it when you ask for help. */
  readonly request_id: string | undefined;
  /** VALIDATION_ERROR: every invalid field. Empty otherwise. */
  readonly issues: ValidationIssue[];
  /** Seconds to wait before trying again: `Retry-After`, or the body's `retry_after_seconds`. */
  readonly retry_after_seconds: number | undefined;
  readonly renders_used: number | undefined;
  readonly renders_limit: number | undefined;
  readonly reset_at: string | undefined;
  readonly active_jobs: number | undefined;
  readonly limit: number | undefined;
  /** The whole error body as the service sent it. */
  readonly body: ErrorBody;
  readonly headers: Headers;

  constructor(status: number, body: ErrorBody, headers: Headers) {
    super(body.message || `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
    this.error_code = body.error_code;
    this.request_id = body.request_id ?? headers.get('x-request-id') ?? undefined;
    this.issues = body.issues ?? [];
    this.retry_after_seconds = retryAfterSeconds(headers) ?? body.retry_after_seconds;
    this.renders_used = body.renders_used;
    this.renders_limit = body.renders_limit;
    this.reset_at = body.reset_at;
    this.active_jobs = body.active_jobs;
    this.limit = body.limit;
  }

  /** Builds the error from any non-2xx answer, also one whose body is not the service's JSON (a proxy's page). */
  static async fromResponse(response: Response): Promise<MaprError> {
    const text = await response.text().catch(() => '');
    let body: ErrorBody | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && 'error_code' in parsed) body = parsed as ErrorBody;
    } catch {
      // not JSON: described below
    }
    body ??= {
      error: response.statusText || `HTTP ${response.status}`,
      error_code: response.status >= 500 ? 'INTERNAL_ERROR' : 'HTTP_ERROR',
      message: `The server answered ${response.status} ${response.statusText}`.trim() + (text ? `: ${text.slice(0, 200)}` : ''),
      request_id: response.headers.get('x-request-id') ?? '',
    };
    return new MaprError(response.status, body, response.headers);
  }
}

/** The request never got an answer: the connection failed, or the per-attempt timeout passed. */
export class MaprConnectionError extends Error {
  override readonly name = 'MaprConnectionError';
  constructor(
    message: string,
    /** True when the SDK's own timeout (`timeoutMs`) ended the attempt. */
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** `renders.wait` / `batches.wait` saw the work end without a video: failed or cancelled. */
export class RenderFailedError extends Error {
  override readonly name = 'RenderFailedError';
  constructor(
    message: string,
    /** The job's final status: `failed` or `cancelled`. */
    readonly status: 'failed' | 'cancelled',
    /** The job's failure code (`RENDER_TIMEOUT`, `MARITIME_ROUTE_ERROR`, …); undefined when cancelled. */
    readonly error_code: string | undefined,
    /** The job as last read. */
    readonly job: unknown,
  ) {
    super(message);
  }
}

/** `Retry-After` in seconds (delta-seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after');
  if (value == null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
