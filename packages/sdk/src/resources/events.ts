import { MaprConnectionError, MaprError } from '../errors';
import { unwrap, type ApiContext } from '../http';
import { abortableSleep } from '../transport';
import type { AccountEvent, EventPage, ListEventsQuery } from '../types';

export interface StreamOptions {
  /** Start after this event id. Without it the stream starts now: earlier events are skipped. */
  after?: string;
  /** Ends the stream (the loop then finishes without an error). */
  signal?: AbortSignal;
  /** Called when a read failed and the stream waits before trying again (connection lost, 5xx, 429). */
  onRetry?: (error: Error, waitMs: number) => void;
}

/**
 * The account's events (`render.complete`, `render.failed`, `batch.complete`), whether or not the job
 * had a `webhook_url`, each with the webhook's exact body and headers signed by the service at read time:
 * with the account's listen secret when an API key reads (`listenSecret()`), with the webhook signing secret
 * for a dashboard token. A `mapr_test_` key reads the events of sandbox work only, a live key live ones only.
 */
export class Events {
  constructor(private readonly api: ApiContext) {}

  /** `GET /v1/events/listen-secret`: the secret that signs the events an API key reads, for a local receiver. */
  async listenSecret(): Promise<string> {
    return (await unwrap(this.api.http.GET('/v1/events/listen-secret'))).secret;
  }

  /**
   * `GET /v1/events`: the events after `after`, oldest first; when there is none yet the service waits up
   * to `timeout` seconds (default 25) for one. Without `after`: the latest events at once.
   */
  async list(query: ListEventsQuery = {}, options: { signal?: AbortSignal } = {}): Promise<EventPage> {
    return (await unwrap(this.api.http.GET('/v1/events', { params: { query }, signal: options.signal }))) as EventPage;
  }

  /**
   * Every new event as it happens, by long polling: `for await (const event of mapr.events.stream({ signal })) …`.
   * Lost connections, 5xx and rate limits are waited out (growing pauses, up to 30 s, or `Retry-After`);
   * any other error (a revoked key, an unknown `after`) ends the stream by throwing.
   */
  async *stream(options: StreamOptions = {}): AsyncGenerator<AccountEvent, void, undefined> {
    const { signal } = options;
    let after = options.after;
    // Without a cursor the first read finds where "now" is. An account with no event yet has no cursor
    // to take: every event it then gets is new, so those reads hand their events on.
    let noEventYet = false;
    let failures = 0;
    while (!signal?.aborted) {
      let page: EventPage;
      try {
        page =
          after === undefined
            ? await this.list({ limit: noEventYet ? 100 : 1 }, { signal })
            : await this.list({ after, timeout: 25 }, { signal });
      } catch (error) {
        if (signal?.aborted) return;
        if (!isPassing(error)) throw error;
        failures += 1;
        const waitMs =
          error instanceof MaprError && error.retry_after_seconds !== undefined
            ? error.retry_after_seconds * 1000
            : Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5));
        options.onRetry?.(error as Error, waitMs);
        await abortableSleep(waitMs, signal).catch(() => undefined);
        continue;
      }
      failures = 0;
      if (after === undefined && !noEventYet && page.next_after === null) {
        noEventYet = true;
      } else if (after === undefined && !noEventYet) {
        after = page.next_after ?? undefined;
        continue;
      }
      for (const event of page.data) {
        if (signal?.aborted) return;
        yield event;
      }
      after = page.next_after ?? after;
      if (after === undefined) await abortableSleep(2000, signal).catch(() => undefined);
    }
  }
}

function isPassing(error: unknown): boolean {
  if (error instanceof MaprConnectionError) return true;
  return error instanceof MaprError && (error.status >= 500 || error.error_code === 'RATE_LIMIT_EXCEEDED');
}
