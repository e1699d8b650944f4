/**
 * The dashboard's only way to the service: the public API under /v1, with the logged-in user's
 * access token. Every failure becomes an ApiError carrying the API's own error body (contract §1),
 * so pages show the service's message, code and request id as they are.
 */
import { currentToken } from '../session';

export interface ValidationIssue {
  field: string;
  code: string;
  message: string;
}

export interface ApiErrorBody {
  error: string;
  error_code: string;
  message: string;
  request_id?: string;
  issues?: ValidationIssue[];
  retry_after_seconds?: number;
  reset_at?: string;
  [extra: string]: unknown;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message);
    this.name = 'ApiError';
  }

  get code(): string {
    return this.body.error_code;
  }

  get issues(): ValidationIssue[] {
    return this.body.issues ?? [];
  }

  get requestId(): string | undefined {
    return this.body.request_id;
  }
}

export type Query = Record<string, string | number | boolean | undefined | null>;

/**
 * The account's request budget as the API last reported it (X-RateLimit-*, contract §6). Keys and
 * the dashboard share it, and a Free account has 10 requests a minute: background reads (polling)
 * wait for the next window rather than spend the last requests a person's click needs.
 */
export const rateBudget = { limit: Infinity, remaining: Infinity, resetsAt: 0 };

const RESERVED_FOR_PEOPLE = 2;

function recordBudget(response: Response): void {
  const limit = Number(response.headers.get('X-RateLimit-Limit'));
  const remaining = Number(response.headers.get('X-RateLimit-Remaining'));
  const reset = Number(response.headers.get('X-RateLimit-Reset'));
  if (!response.headers.has('X-RateLimit-Remaining') || !Number.isFinite(remaining)) return;
  rateBudget.limit = limit;
  rateBudget.remaining = remaining;
  rateBudget.resetsAt = reset * 1000;
}

async function waitForBackgroundBudget(signal?: AbortSignal): Promise<void> {
  while (rateBudget.remaining <= RESERVED_FOR_PEOPLE && rateBudget.resetsAt > Date.now()) {
    await new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(resolve, rateBudget.resetsAt - Date.now() + 250);
      signal?.addEventListener('abort', () => {
        window.clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      });
    });
    rateBudget.remaining = Infinity;
  }
}

export interface RequestOptions {
  /** A read nobody clicked for (polling): it waits for the next rate-limit window instead of spending the last requests. */
  background?: boolean;
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false: send no token (sign up, log in). */
  authenticated?: boolean;
}

let sessionEnded: () => void = () => undefined;

/** Called when the API refuses the stored token (expired or revoked): the app logs out. */
export function onSessionRejected(handler: () => void): void {
  sessionEnded = handler;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ApiErrorBody).message === 'string' && 'error_code' in value;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function apiUrl(path: string, query: Query = {}): string {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  return url.pathname + url.search;
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: RequestOptions = {}): Promise<T> {
  const token = options.authenticated === false ? null : currentToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.background) await waitForBackgroundBudget(options.signal);
  let response: Response;
  try {
    response = await fetch(apiUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {
      error: 'Network Error',
      error_code: 'NETWORK_ERROR',
      message: 'The service could not be reached. Check your connection and try again.',
    });
  }
  recordBudget(response);
  const text = response.status === 204 ? '' : await response.text();
  const data = text ? parseJson(text) : undefined;
  if (!response.ok) {
    if (response.status === 401 && token) sessionEnded();
    throw new ApiError(
      response.status,
      isErrorBody(data)
        ? data
        : {
            error: response.statusText,
            error_code: `HTTP_${response.status}`,
            message: `The service answered ${response.status} ${response.statusText}.`,
          },
    );
  }
  return data as T;
}
