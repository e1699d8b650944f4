/**
 * One long-poll of the account's events (`GET /v1/events`, up to 25 s a request) keeps every page current when a
 * render or a batch ends, instead of each list polling for it: at most ~3 requests a minute of the account's budget
 * (a Free account has 10, shared with its live keys), however many pages are open. Progress bars still poll the job they
 * show, slowly; the end of a job arrives here at once.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AccountEvent, EventPage } from '@mapr/sdk';
import { read } from './client';
import { listKeys, queryKeys } from './queries';

/** How long the service holds a read open when nothing has happened (its maximum). */
const LONG_POLL_SECONDS = 25;
/** An account that has never had an event has no cursor to wait after: it looks again this often. */
const NO_CURSOR_RETRY_MS = 20_000;
/** After a failed read (connection lost, 5xx), before the next. */
const FAILURE_PAUSE_MS = 10_000;

/** The pages an event makes out of date. */
export function invalidateFor(client: QueryClient, event: Pick<AccountEvent, 'event' | 'job_id' | 'batch_id'>): void {
  void client.invalidateQueries({ queryKey: queryKeys.renders });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
  void client.invalidateQueries({ queryKey: listKeys.deliveries });
  if (event.batch_id || event.event === 'batch.complete') void client.invalidateQueries({ queryKey: queryKeys.batches });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

async function follow(client: QueryClient, signal: AbortSignal): Promise<void> {
  // The first read finds where "now" is (the latest event): what came before is in the pages as they load. An
  // account with no event yet has no cursor to wait after; every event it then gets is new.
  let after: string | undefined;
  let noEventYet = false;
  while (!signal.aborted) {
    try {
      const page: EventPage = await read(
        (api) => api.events.list(after ? { after, timeout: LONG_POLL_SECONDS } : { limit: noEventYet ? 100 : 1 }, { signal }),
        // A read nobody clicked for: it waits for the next window rather than take a person's last requests.
        { background: true, signal },
      );
      if (after !== undefined || noEventYet) for (const event of page.data) invalidateFor(client, event);
      if (after === undefined && page.next_after === null) noEventYet = true;
      after = page.next_after ?? after;
      if (after === undefined) await pause(NO_CURSOR_RETRY_MS, signal);
    } catch {
      if (signal.aborted) return;
      await pause(FAILURE_PAUSE_MS, signal);
    }
  }
}

/** Mounted once by the logged-in layout. */
export function useLiveUpdates(): void {
  const client = useQueryClient();
  useEffect(() => {
    const controller = new AbortController();
    void follow(client, controller.signal);
    return () => controller.abort();
  }, [client]);
}
