import { MaprError, RenderFailedError } from '../errors';
import { newIdempotencyKey, unwrap, unwrapWithResponse, type ApiContext, type RequestOptions } from '../http';
import { everyItem } from '../pagination';
import { abortableSleep } from '../transport';
import type { AcceptedRender, CreateRenderRequest, ListRendersQuery, Render, RenderPage, RenderPreview, RenderRoute } from '../types';

export interface CreateOptions {
  /**
   * Sent as `Idempotency-Key`. One is made for every call when you give none, so a retry after a lost
   * answer never renders twice; give your own to make retries across processes safe too.
   */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export interface WaitOptions {
  /** Called with the job whenever its status or progress changed. */
  onProgress?: (render: Render) => void;
  /** Stops waiting (the job goes on; cancel it with `renders.cancel`). */
  signal?: AbortSignal;
  /** First pause between two reads (default 1 s); it grows to `maxIntervalMs` (default 5 s). */
  intervalMs?: number;
  maxIntervalMs?: number;
  /** Give up after this long (default: never). Rejects with a `TimeoutError` DOMException. */
  timeoutMs?: number;
}

export type ListRendersOptions = Omit<ListRendersQuery, 'cursor'>;

/** Video renders: create, read, list, cancel, wait for, preview, and read the planned route. */
export class Renders {
  constructor(private readonly api: ApiContext) {}

  /** `POST /v1/render`: queues a render; answers at once with the job id (202). */
  async create(body: CreateRenderRequest, options: CreateOptions = {}): Promise<AcceptedRender> {
    return (await this.createWithDetails(body, options)).render;
  }

  /** `POST /v1/render`, also answering whether the service replayed an earlier call with the same key. */
  async createWithDetails(body: CreateRenderRequest, options: CreateOptions = {}): Promise<{ render: AcceptedRender; replayed: boolean }> {
    const { data, response } = await unwrapWithResponse(
      this.api.http.POST('/v1/render', {
        body,
        headers: { 'Idempotency-Key': options.idempotencyKey ?? newIdempotencyKey() },
        signal: options.signal,
      }),
    );
    return { render: data, replayed: response.headers.get('idempotent-replayed') === 'true' };
  }

  /** `GET /v1/render/{job_id}`: the job as it is now. */
  async get(jobId: string, options: { signal?: AbortSignal } = {}): Promise<Render> {
    return unwrap(this.api.http.GET('/v1/render/{job_id}', { params: { path: { job_id: jobId } }, signal: options.signal }));
  }

  /** One page of `GET /v1/renders` (newest first). */
  async listPage(query: ListRendersQuery = {}, options: { signal?: AbortSignal } = {}): Promise<RenderPage> {
    return unwrap(this.api.http.GET('/v1/renders', { params: { query }, signal: options.signal }));
  }

  /** Every render of the account, newest first, across all pages: `for await (const r of mapr.renders.list()) …`. */
  list(query: ListRendersOptions = {}): AsyncGenerator<Render, void, undefined> {
    return everyItem((cursor) => this.listPage({ ...query, cursor }));
  }

  /** `DELETE /v1/render/{job_id}`: cancels a queued or processing job (its render is given back). */
  async cancel(jobId: string, options: RequestOptions = {}): Promise<Render> {
    return unwrap(
      this.api.http.DELETE('/v1/render/{job_id}', { params: { path: { job_id: jobId } }, signal: options.signal }),
    ) as Promise<Render>;
  }

  /** `GET /v1/render/{job_id}/route`: the planned route as GeoJSON (once routing is done; a 409 `MaprError` before). */
  async route(jobId: string, options: RequestOptions = {}): Promise<RenderRoute> {
    return unwrap(this.api.http.GET('/v1/render/{job_id}/route', { params: { path: { job_id: jobId } }, signal: options.signal }));
  }

  /** `POST /v1/render/preview`: what a render of this body would draw, without a job and without quota. */
  async preview(body: CreateRenderRequest, options: { signal?: AbortSignal } = {}): Promise<RenderPreview> {
    return unwrap(this.api.http.POST('/v1/render/preview', { body, signal: options.signal }));
  }

  /**
   * `POST /v1/render/preview/still`: one frame of what a render of this body would show, as PNG bytes
   * (default: the last frame, which is the thumbnail). No job, no quota. The service draws one still at a
   * time: when it is busy this rejects with a 503 `MaprError` whose `retry_after_seconds` says when to
   * ask again (a POST without an idempotency key is never retried by the SDK).
   */
  async previewStill(body: CreateRenderRequest, options: { frame?: number; signal?: AbortSignal } = {}): Promise<Uint8Array> {
    const query = options.frame === undefined ? {} : { frame: options.frame };
    const png = await unwrap(
      this.api.http.POST('/v1/render/preview/still', { body, params: { query }, parseAs: 'arrayBuffer', signal: options.signal }),
    );
    return new Uint8Array(png as unknown as ArrayBuffer);
  }

  /**
   * Reads the job until it ends. Resolves with the completed job (`video_url`, `thumbnail_url`); rejects with
   * `RenderFailedError` when it failed or was cancelled. Each read is held by the service until the job's status
   * changes (`GET /v1/render/{job_id}?wait=`), so the end is seen at once and waiting costs about three requests a
   * minute; with `onProgress`, reads are held for the interval instead (1 s growing to 5 s), and for 25 s again once
   * the account's rate-limit window runs low.
   */
  async wait(jobId: string, options: WaitOptions = {}): Promise<Render> {
    return pollUntilEnded({
      read: (signal, waitSeconds) =>
        this.api.http.GET('/v1/render/{job_id}', {
          params: { path: { job_id: jobId }, query: waitSeconds > 0 ? { wait: waitSeconds } : {} },
          signal,
        }),
      holdsReads: 'status',
      ended: (job) => job.status === 'complete' || job.status === 'failed' || job.status === 'cancelled',
      changeKey: (job) => `${job.status}:${job.progress}`,
      options,
    }).then((job) => {
      if (job.status === 'complete') return job;
      const status = job.status as 'failed' | 'cancelled';
      const reason = status === 'failed' ? `${job.error}: ${job.message}` : 'it was cancelled';
      throw new RenderFailedError(`Render ${job.job_id} did not complete: ${reason}`, status, job.error ?? undefined, job);
    });
  }

  /**
   * The finished video's bytes (`video_url` is a public CDN address): a `Response` to stream or buffer.
   * Rejects with `MaprError` when the file is gone (410 once expired).
   */
  async download(render: Pick<Render, 'video_url' | 'job_id'>, options: { signal?: AbortSignal } = {}): Promise<Response> {
    if (!render.video_url) throw new TypeError(`Render ${render.job_id} has no video yet: wait for it to complete`);
    const response = await this.api.fetch(new Request(render.video_url, { signal: options.signal }));
    if (!response.ok) throw await MaprError.fromResponse(response);
    return response;
  }
}

interface PollInput<T> {
  /** One read; `waitSeconds` > 0 asks the service to hold it until the status changes (when `holdsReads`). */
  read: (signal: AbortSignal | undefined, waitSeconds: number) => Promise<{ data?: T; error?: unknown; response: Response }>;
  /**
   * The resource answers held reads (`?wait=`), which end on a change of its status (`'status'`: a job, whose progress
   * moves between changes, so reads that report progress are held for the interval only) or on every change
   * `changeKey` sees (`'every-change'`: a batch's counts). Without it, reads are spaced by sleeping in between.
   */
  holdsReads?: 'status' | 'every-change';
  ended: (value: T) => boolean;
  changeKey: (value: T) => string;
  options: Omit<WaitOptions, 'onProgress'> & { onProgress?: (value: T) => void };
}

/** Longest hold the service grants a read (`GET /v1/render/{job_id}?wait=`, `GET /v1/batch/{batch_id}?wait=`). */
const LONGEST_HOLD_SECONDS = 25;
/** Below this many requests left in the rate-limit window, held reads are as long as they can be. */
const LOW_BUDGET = 5;

/**
 * Reads until `ended`. With held reads the service does the waiting, and the SDK sleeps only when an answer came
 * back early with nothing changed (a service that does not hold) or the rate-limit window is spent. Without them it
 * sleeps the interval between reads, and for the window's reset when only a couple of requests are left.
 */
export async function pollUntilEnded<T>({ read, holdsReads, ended, changeKey, options }: PollInput<T>): Promise<T> {
  const deadline = options.timeoutMs !== undefined ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signal = deadline && options.signal ? AbortSignal.any([deadline, options.signal]) : (deadline ?? options.signal);
  let interval = options.intervalMs ?? 1000;
  const maxInterval = Math.max(interval, options.maxIntervalMs ?? 5000);
  let lastKey: string | undefined;
  // The first read answers at once when progress is reported (its first state), else it is held like the others.
  let waitSeconds = holdsReads && !options.onProgress ? LONGEST_HOLD_SECONDS : 0;
  const holdForInterval = options.onProgress !== undefined && holdsReads === 'status';
  for (;;) {
    const asked = Date.now();
    const result = await read(signal, waitSeconds);
    const value = await unwrap(Promise.resolve(result));
    const key = changeKey(value);
    if (key !== lastKey) options.onProgress?.(value);
    const changed = key !== lastKey;
    lastKey = key;
    if (ended(value)) return value;
    const headers = result.response.headers;
    if (holdsReads) {
      const early = waitSeconds * 1000 - (Date.now() - asked);
      if (!changed && early > 0) await abortableSleep(early, signal);
      // A held read spends one request per hold, so only an empty window is waited out (the next read would be refused).
      const left = remainingRequests(headers);
      if (left <= 0) await abortableSleep(rateLimitPause(headers), signal);
      waitSeconds = holdForInterval && left > LOW_BUDGET ? Math.ceil(interval / 1000) : LONGEST_HOLD_SECONDS;
    } else {
      await abortableSleep(Math.max(interval, rateLimitPause(headers)), signal);
    }
    interval = Math.min(maxInterval, Math.round(interval * 1.5));
  }
}

/** `X-RateLimit-Remaining`, or Infinity when the answer has none. */
function remainingRequests(headers: Headers): number {
  const remaining = Number(headers.get('x-ratelimit-remaining') ?? NaN);
  return Number.isFinite(remaining) ? remaining : Infinity;
}

/**
 * When only a couple of requests are left in the window, wait for the window to reset instead of
 * spending the last ones on polling (they may be needed for something else).
 */
function rateLimitPause(headers: Headers, now = Date.now()): number {
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const resetAt = Number(headers.get('x-ratelimit-reset'));
  if (!Number.isFinite(remaining) || !Number.isFinite(resetAt) || remaining > 2) return 0;
  return Math.max(0, resetAt * 1000 - now) + 250;
}
