/**
 * The dashboard's only way to the service: the public API under /v1 through `@mapr/sdk`, the same client
 * API users get (its types from docs/openapi.json, its retries, `MaprError`, idempotency keys). What is the
 * dashboard's own is the `fetch` under it: it keeps the account's rate budget from the `X-RateLimit-*`
 * headers, so that background reads can wait for the next window, and it ends the session when the API
 * refuses the stored token.
 */
import { Mapr } from '@mapr/sdk';
import { currentToken } from '../session';

/**
 * The account's request budget as the API last reported it (X-RateLimit-*, contract §6). Live keys and
 * the dashboard share it, and a Free account has 10 requests a minute: background reads (polling)
 * wait for the next window rather than spend the last requests a person's click needs.
 */
export const rateBudget = { limit: Infinity, remaining: Infinity, resetsAt: 0 };

const RESERVED_FOR_PEOPLE = 2;

/**
 * When the dashboard is waiting for the account's next rate-limit window (a 429 met, or a background read holding
 * back), and until when: the layout shows a banner with the countdown instead of a page that only says "Loading…".
 */
let rateWaitUntil = 0;
const rateWaitListeners = new Set<() => void>();

function waitingForWindowUntil(until: number): void {
  if (until <= rateWaitUntil) return;
  rateWaitUntil = until;
  for (const listener of rateWaitListeners) listener();
}

export const rateWait = {
  subscribe(listener: () => void): () => void {
    rateWaitListeners.add(listener);
    return () => rateWaitListeners.delete(listener);
  },
  /** Epoch ms the wait ends; in the past when there is none. */
  until: (): number => rateWaitUntil,
};

/** Until when a 429 says to wait: its Retry-After (seconds), else the window's reset. */
function retryAt(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  if (Number.isFinite(seconds) && seconds > 0) return Date.now() + seconds * 1000;
  const reset = Number(response.headers.get('X-RateLimit-Reset'));
  return Number.isFinite(reset) && reset > 0 ? reset * 1000 : Date.now() + 60_000;
}

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
    signal?.throwIfAborted();
    waitingForWindowUntil(rateBudget.resetsAt);
    await new Promise<void>((resolve, reject) => {
      const timer = window.setTimeout(resolve, rateBudget.resetsAt - Date.now() + 250);
      signal?.addEventListener(
        'abort',
        () => {
          window.clearTimeout(timer);
          reject(new DOMException('Aborted', 'AbortError'));
        },
        { once: true },
      );
    });
    rateBudget.remaining = Infinity;
  }
}

let sessionEnded: () => void = () => undefined;

/** Called when the API refuses the stored token (expired or revoked): the app logs out. */
export function onSessionRejected(handler: () => void): void {
  sessionEnded = handler;
}

/**
 * The fetch under every SDK call (each attempt of a retried one). Only calls with the session's token
 * speak for the account: the budget of an anonymous call (place search, log in) is the address's, not
 * the account's, and its 401 (a wrong password) ends no session.
 */
const dashboardFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await window.fetch(request);
  if (request.headers.has('Authorization')) {
    recordBudget(response);
    if (response.status === 401) sessionEnded();
    // The SDK waits and tries again by itself: the person is told why the page waits, and for how long.
    // (Only the request rate's 429, which leaves no request in the window: a quota or a still in progress is not a wait.)
    if (response.status === 429 && response.headers.get('X-RateLimit-Remaining') === '0') waitingForWindowUntil(retryAt(response));
  }
  return response;
};

function client(token: string | null): Mapr {
  return new Mapr({ baseUrl: window.location.origin, apiKey: token ?? undefined, fetch: dashboardFetch });
}

let session: { token: string | null; client: Mapr } | null = null;

/** The client of the logged-in session (a new one when the token changes: log in, log out). */
export function mapr(): Mapr {
  const token = currentToken();
  if (!session || session.token !== token) session = { token, client: client(token) };
  return session.client;
}

/**
 * Ends the stored token on the server too (`POST /v1/auth/logout`), so a copy of it left anywhere stops working.
 * Its own client: the answer must not count as the session being refused, whatever it is.
 */
export function endSessionOnServer(): void {
  const token = currentToken();
  if (!token) return;
  void new Mapr({ baseUrl: window.location.origin, apiKey: token, retry: { maxRetries: 0 } }).auth.logOut().catch(() => undefined);
}

let anonymous: Mapr | null = null;

/** A client without credentials: sign up, log in and place search spend no account's requests. */
export function publicApi(): Mapr {
  anonymous ??= client(null);
  return anonymous;
}

/**
 * A read of the session's client. `background: true` is a read nobody clicked for (polling, a page
 * refreshing itself): it first waits for the next rate-limit window when only the requests a person's
 * click needs are left.
 */
export async function read<T>(call: (api: Mapr) => Promise<T>, options: { background?: boolean; signal?: AbortSignal } = {}): Promise<T> {
  if (options.background) await waitForBackgroundBudget(options.signal);
  return call(mapr());
}
