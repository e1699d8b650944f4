import type { Client } from 'openapi-fetch';
import { MaprError } from './errors';
import type { paths } from './generated/openapi';

/** What every resource of the client shares: the typed HTTP client and the plain fetch behind it. */
export interface ApiContext {
  http: Client<paths>;
  /** The retrying fetch the typed client uses, for URLs outside the API (video downloads). */
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Unwraps an openapi-fetch result: the body on 2xx, a `MaprError` otherwise. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  if (error && typeof error === 'object' && 'error_code' in error) {
    return Promise.reject(new MaprError(response.status, error as MaprError['body'], response.headers));
  }
  const text = typeof error === 'string' ? error : '';
  return Promise.reject(
    await MaprError.fromResponse(
      new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers }),
    ),
  );
}

/** Like `unwrap`, keeping the response too (for its headers). */
export async function unwrapWithResponse<T>(call: Promise<FetchResult<T>>): Promise<{ data: T; response: Response }> {
  const result = await call;
  const data = await unwrap(Promise.resolve(result));
  return { data, response: result.response };
}

/** Options every call takes. */
export interface RequestOptions {
  /** Aborts the call (and its retries): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/** A fresh `Idempotency-Key` (a v4 UUID from the platform's crypto: Node 20+ and browsers). */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
