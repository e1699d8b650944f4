import type { PhaseNote, PhaseSummary } from '../../../common/util/phase-timer';

/** The message of the one line a worker logs per job it took up, when its work on the job ends. */
export const RENDER_TIMINGS_MESSAGE = 'Render timings';

/**
 * How the worker's work on a queue entry ended: `interrupted` is a shutdown, which leaves the entry to another
 * worker; `split` is a job entry that put its chunks on the queue (contract §18); a chunk entry is `complete` once
 * its file is stored.
 */
export type RenderOutcome = 'complete' | 'failed' | 'cancelled' | 'interrupted' | 'split';

/** Which queue entry a line is about: the job itself, one chunk of a split job, or the join of its chunks. */
export type RenderEntry = 'job' | 'chunk' | 'join';

/**
 * Where a job's time went, logged once per job a worker claimed (see RenderProcessor), and once per chunk and join
 * of a split job, with their own phases (a chunk: `state_check`, `storage_check`, the renderer's, `storage`,
 * `mark_stored`; the join: `download`, `combine`, `probe`, `storage`, `complete`):
 * - `phases`: milliseconds of the sequential phases, in the order they happened, none overlapping: `queue_wait`
 *   (from the job's `created_at` to the queue handing it to this worker), then the worker's own (`claim`,
 *   `routing`, `route_save`, `state_check`, `props`, the renderer's phases, or `render` when the renderer reports
 *   none, `storage`, `complete` or `fail`, `cleanup`). A phase that did not happen is absent.
 * - `total_ms`: the worker's time on the job, from the queue handing it over to this line (`queue_wait` is before it);
 *   `unaccounted_ms`: what of it no phase covers.
 * - `progress_writes`: the progress UPDATEs, which run alongside the frames: not in `phases`, not in the sums.
 * - `details`: what the renderer noted (frame count, whether it launched the browser, parallel encoding).
 */
export interface RenderTimings {
  job_id: string;
  /** Present for the parts of a split job: `chunk` (with `chunk`, its index, and `frames`, its range) or `join`. */
  entry?: Exclude<RenderEntry, 'job'>;
  chunk?: number;
  frames?: [number, number];
  attempt: number;
  outcome: RenderOutcome;
  total_ms: number;
  phases: Record<string, number>;
  unaccounted_ms: number;
  progress_writes?: { count: number; total_ms: number };
  details?: Record<string, PhaseNote>;
}

export function renderTimings(
  job: {
    id: string;
    attempt: number;
    outcome: RenderOutcome;
    totalMs: number;
    entry?: RenderEntry;
    chunk?: { index: number; frames: [number, number] };
  },
  sequential: PhaseSummary,
  concurrent: PhaseSummary,
): RenderTimings {
  const { queue_wait: queueWait, ...own } = Object.fromEntries(Object.entries(sequential.phases).map(([name, total]) => [name, total.ms]));
  const totalMs = round(job.totalMs);
  const ownMs = Object.values(own).reduce((sum, ms) => sum + ms, 0);
  const writes = concurrent.phases.progress_writes;
  return {
    job_id: job.id,
    ...(job.entry && job.entry !== 'job' ? { entry: job.entry } : {}),
    ...(job.chunk ? { chunk: job.chunk.index, frames: job.chunk.frames } : {}),
    attempt: job.attempt,
    outcome: job.outcome,
    total_ms: totalMs,
    phases: queueWait === undefined ? own : { queue_wait: queueWait, ...own },
    unaccounted_ms: round(Math.max(0, totalMs - ownMs)),
    ...(writes ? { progress_writes: { count: writes.count, total_ms: writes.ms } } : {}),
    ...(Object.keys(sequential.notes).length ? { details: sequential.notes } : {}),
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;
