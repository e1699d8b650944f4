import { setTimeout as sleep } from 'node:timers/promises';
import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';

/** How often a held read looks again. */
const HELD_READ_POLL_MS = 500;

/**
 * Held reads (ADR 0034): a GET that may wait up to `wait` seconds for what it answers to change, so that a client
 * waiting for a render or a batch asks two or three times a minute instead of polling. One place for the loop, the
 * pause and the ways it ends, for every resource that offers `wait`.
 */
@Injectable()
export class HeldReads implements BeforeApplicationShutdown {
  private readonly closing = new AbortController();

  /**
   * Reads again every 500 ms while `changed(now)` is false, for up to `waitSeconds`: answers the first read that
   * changed, or the last one when the time is up, the client went away (`signal`) or the application stops.
   */
  async hold<T>(first: T, { waitSeconds, signal, reread, changed }: HoldOptions<T>): Promise<T> {
    const deadline = Date.now() + waitSeconds * 1000;
    const stop = AbortSignal.any([signal, this.closing.signal]);
    let now = first;
    while (Date.now() < deadline && !stop.aborted) {
      // Node's timer resolves after the pause, or rejects at once when `stop` aborts (the loop then ends).
      await sleep(Math.min(HELD_READ_POLL_MS, deadline - Date.now()), undefined, { signal: stop }).catch(() => undefined);
      now = await reread();
      if (changed(now)) break;
    }
    return now;
  }

  beforeApplicationShutdown(): void {
    this.closing.abort();
  }
}

export interface HoldOptions<T> {
  waitSeconds: number;
  /** Aborts when the client has gone away. */
  signal: AbortSignal;
  reread(): Promise<T>;
  /** True when the read answers something other than what was asked about: the hold ends with it. */
  changed(now: T): boolean;
}
