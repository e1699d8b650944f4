import { BeforeApplicationShutdown, Injectable } from '@nestjs/common';
import { JobStatusSignal } from '../jobs/job-status-signal';

/**
 * How often a held read looks again without being told: the signal is only a hint (a message lost while Redis
 * restarts), and the row is the truth.
 */
const HELD_READ_RECHECK_MS = 5_000;

/**
 * Held reads (ADR 0034): a GET that may wait up to `wait` seconds for what it answers to change, so that a client
 * waiting for a render or a batch asks two or three times a minute instead of polling. One place for the waiting and
 * the ways it ends, for every resource that offers `wait`: a job of the account changing status (JobStatusSignal,
 * from whichever process changed it) wakes the read at once, and it looks again every 5 s regardless.
 */
@Injectable()
export class HeldReads implements BeforeApplicationShutdown {
  private readonly closing = new AbortController();

  constructor(private readonly statusSignal: JobStatusSignal) {}

  /**
   * Reads again whenever a job of `accountId` changes status (and every 5 s) while `changed(now)` is false, for up to
   * `waitSeconds`: answers the first read that changed, or the last one when the time is up, the client went away
   * (`signal`) or the application stops.
   */
  async hold<T>(accountId: string, { waitSeconds, signal, reread, changed }: HoldOptions<T>): Promise<T> {
    return this.statusSignal.readUntil(accountId, {
      read: reread,
      done: changed,
      deadline: Date.now() + waitSeconds * 1000,
      stop: AbortSignal.any([signal, this.closing.signal]),
      recheckMs: HELD_READ_RECHECK_MS,
    });
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
