import { Injectable } from '@nestjs/common';

/**
 * The queue entries (whole jobs, chunks, joins) this worker process is running, each with the AbortController
 * that stops its render: a cancel stops every entry of its job, a shutdown stops them all.
 */
@Injectable()
export class RunningEntries {
  private readonly entries = new Map<string, { jobId: string; controller: AbortController }>();
  private stopping = false;

  /** Registers an entry; its signal aborts on the job's cancel or on shutdown. */
  start(entryId: string, jobId: string): AbortSignal {
    const controller = new AbortController();
    this.entries.set(entryId, { jobId, controller });
    return controller.signal;
  }

  end(entryId: string): void {
    this.entries.delete(entryId);
  }

  abortJob(jobId: string): void {
    for (const entry of this.entries.values()) if (entry.jobId === jobId) entry.controller.abort();
  }

  /** From now on an entry that stops counts as interrupted by the shutdown (left to the queue), not failed. */
  beginShutdown(): void {
    this.stopping = true;
  }

  abortAll(): void {
    for (const { controller } of this.entries.values()) controller.abort();
  }

  get shuttingDown(): boolean {
    return this.stopping;
  }
}
