import { MaprConnectionError, retryAfterSeconds } from './errors';

export interface RetryPolicy {
  /** Further attempts after the first (default 2). 0 switches retries off. */
  maxRetries: number;
  /** First backoff when the server gave no `Retry-After` (default 500 ms), doubled per attempt, with jitter. */
  initialDelayMs: number;
  /** Longest backoff of our own (default 8 s). */
  maxDelayMs: number;
  /**
   * Longest `Retry-After` the SDK waits for by itself (default 60 s). A longer one is handed to you as the
   * error, with `retry_after_seconds`.
   */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 8000, maxRetryAfterSeconds: 60 };

export interface TransportOptions {
  fetch: typeof fetch;
  retry: RetryPolicy;
  /** Per attempt; the whole call may take longer with retries. */
  timeoutMs: number;
  /** Waits between attempts; replaceable in tests. */
  sleep?: (ms: number, signal?: AbortSignal | null) => Promise<void>;
}

/**
 * Codes of a 4xx that may succeed when sent again unchanged. A spent monthly quota
 * (`RENDER_LIMIT_EXCEEDED`) does not come back in seconds, so it is never retried.
 */
const RETRYABLE_CODES = new Set(['RATE_LIMIT_EXCEEDED', 'CONCURRENT_JOB_LIMIT', 'IDEMPOTENCY_KEY_IN_USE']);
const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * May this request be sent twice? Reads and PUT/DELETE are idempotent by HTTP's rules; a POST only
 * when it carries an `Idempotency-Key` (the service then answers a repeat with the first result).
 */
export function isRepeatable(request: Request): boolean {
  return SAFE_METHODS.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');
}

/**
 * A `fetch` that retries what can safely be retried: connection failures and timeouts, 5xx, and the
 * 429/409 answers that clear with time, honouring `Retry-After`. Never a POST without its key.
 */
export function retryingFetch(options: TransportOptions): (input: Request) => Promise<Response> {
  const sleep = options.sleep ?? abortableSleep;
  return async (original: Request) => {
    const repeatable = isRepeatable(original);
    const callerSignal = original.signal;
    for (let attempt = 0; ; attempt++) {
      const retriesLeft = repeatable ? options.retry.maxRetries - attempt : 0;
      let response: Response;
      try {
        response = await fetchOnce(options, original, callerSignal);
      } catch (error) {
        if (callerSignal?.aborted || retriesLeft <= 0) throw error;
        await sleep(backoffMs(options.retry, attempt), callerSignal);
        continue;
      }
      if (retriesLeft <= 0 || !(await isRetryableAnswer(response))) return response;
      const serverWait = retryAfterSeconds(response.headers);
      if (serverWait !== undefined && serverWait > options.retry.maxRetryAfterSeconds) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(serverWait !== undefined ? serverWait * 1000 : backoffMs(options.retry, attempt), callerSignal);
    }
  };
}

async function fetchOnce(options: TransportOptions, original: Request, callerSignal: AbortSignal | null): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  // The original is never sent itself, so its body can be copied for every attempt.
  const attempt = new Request(original.clone(), { signal });
  try {
    return await options.fetch(attempt);
  } catch (error) {
    if (callerSignal?.aborted) throw callerSignal.reason ?? error;
    if (timeout.aborted) {
      throw new MaprConnectionError(`${original.method} ${original.url} timed out after ${options.timeoutMs} ms`, true, { cause: error });
    }
    const detail = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    throw new MaprConnectionError(`${original.method} ${original.url} failed: ${detail}`, false, { cause: error });
  }
}

async function isRetryableAnswer(response: Response): Promise<boolean> {
  if (RETRYABLE_STATUSES.has(response.status)) return true;
  if (response.status !== 429 && response.status !== 409) return false;
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error_code?: unknown } | undefined;
  return typeof body?.error_code === 'string' && RETRYABLE_CODES.has(body.error_code);
}

/** Exponential backoff with "full jitter", so many clients that failed together do not retry together. */
function backoffMs(policy: RetryPolicy, attempt: number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (Math.random() * ceiling) / 2);
}

export function abortableSleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
