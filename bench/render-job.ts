/**
 * End-to-end render time: the 12 s 1080p30 bench job (bench/job.ts, the one bench/render.ts renders) through the real service (API + worker in one
 * process on Postgres + Redis), timed from POST /v1/render to status `complete`, and where that time
 * went: the worker's `Render timings` log line of the job (read from the service's JSON logs), phase by
 * phase, with what no phase covers. Prints figures.
 *
 *   npm run build && npx ts-node --transpile-only bench/render-job.ts   (also run by npm run bench:render)
 */
import type { RenderTimings } from '../src/modules/rendering';
import { BENCH_JOB_BODY } from './job';
import { printPhaseTable } from './phases';
import { type BenchService, call, createBenchAccount, startService, startWorker, waitForWorkers } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3998);
/** Short, so that polling adds at most this much to the wall time (and the table shows how much it did add). */
const POLL_INTERVAL_MS = 100;

interface TimedJob {
  job: Record<string, unknown>;
  /** POST sent → the poll that saw the job ended. */
  wallMs: number;
  postedAt: number;
}

/**
 * The service as deployed on one machine, four ways: one worker slot rendering the job whole inside the page (the
 * default, RENDER_ENGINE=in_page, ADR 0015); the same with one screenshot a frame (RENDER_ENGINE=screenshots); two
 * slots of one worker process (WORKER_CONCURRENCY=2: two browsers, RendererPool) splitting it; and the API with two
 * worker processes of one slot each splitting it (as two machines would, on the same two cores). Two slots make eight
 * chunks in the page (four a slot, ADR 0009).
 * RENDER_CHUNK_FRAMES=1: the split is decided by the alive slots alone (contract §18). Chunks render in the page too
 * (contract §23) and are joined by a stream copy.
 */
const LAYOUTS = [
  { label: 'one slot, whole, in the page', env: {}, workers: 0 },
  { label: 'one slot, whole, screenshots', env: { RENDER_ENGINE: 'screenshots' }, workers: 0 },
  { label: 'two slots, split in 8', env: { WORKER_CONCURRENCY: '2', RENDER_CHUNK_FRAMES: '1' }, workers: 0 },
  { label: 'two worker processes, split in 8', env: { RENDER_CHUNK_FRAMES: '1' }, workers: 2 },
] as const;

/**
 * BENCH_LAYOUTS=1: the first layout only (in the page, one slot: the default deployment, with the satellite job);
 * BENCH_LAYOUTS=1,3,4: those layouts (1-based), e.g. the splits against the whole job.
 */
function chosenLayouts(): ReadonlyArray<(typeof LAYOUTS)[number]> {
  const chosen = process.env.BENCH_LAYOUTS;
  if (!chosen) return LAYOUTS;
  if (!chosen.includes(',')) return LAYOUTS.slice(0, Number(chosen));
  return chosen
    .split(',')
    .map((n) => LAYOUTS[Number(n) - 1])
    .filter(Boolean);
}

async function main(): Promise<void> {
  const walls: Array<{ label: string; wallMs: number }> = [];
  let satelliteLine = '';
  for (const layout of chosenLayouts()) {
    const service = await startService(layout.workers ? 'api' : 'all', PORT, { logLevel: 'info', env: { ...layout.env } });
    const stopWorkers = Array.from({ length: layout.workers }, () => startWorker(service));
    try {
      const { key } = await createBenchAccount(service, 'live');
      await waitForWorkers(service, layout.workers);
      const body = BENCH_JOB_BODY;
      // Warm the worker (browser launches, first composition) with a short job, as a running service would be.
      const warm = await timeJob(service, { ...body, duration: 4, resolution: '720p' }, key);
      const measured = await timeJob(service, body, key);
      const { job } = measured;
      walls.push({ label: layout.label, wallMs: measured.wallMs });
      console.log(
        `\n[${layout.label}] 12 s 1080p30 job, POST /v1/render → complete: ${(measured.wallMs / 1000).toFixed(1)} s (status ${job.status}, ${job.resolution}, ${job.file_size_bytes} bytes)\n`,
      );
      await printSplit(service, `[${layout.label}] warm-up job (4 s 720p30, the worker's first: it launches the browser)`, warm);
      await printSplit(service, `[${layout.label}] 12 s 1080p30 job`, measured);
      if (layout === LAYOUTS[0]) {
        // The same job in `satellite` (NASA imagery with relief, contract §21) through the corridor reveal, against the
        // bench job (standard, camera auto: the same reveal on this long route), on the same service.
        const satellite = await timeJob(service, { ...body, style: 'satellite', camera: { preset: 'global_corridor_reveal' } }, key);
        satelliteLine =
          `  satellite + global_corridor_reveal: ${(satellite.wallMs / 1000).toFixed(1)} s against standard + auto ` +
          `${(measured.wallMs / 1000).toFixed(1)} s: ${(satellite.wallMs / measured.wallMs).toFixed(2)}× (target ≤ 1.5×)`;
        await printSplit(service, `[${layout.label}] 12 s 1080p30 job in satellite`, satellite);
      }
    } finally {
      await Promise.all(stopWorkers.map((stop) => stop()));
      await service.stop();
    }
  }
  console.log('12 s 1080p30 job, POST /v1/render → complete (target ≤ 30 s on this 2-core machine; a published peer needs 90 s):');
  for (const { label, wallMs } of walls)
    console.log(
      `  ${label.padEnd(32)} ${(wallMs / 1000).toFixed(1).padStart(6)} s  (${(wallMs / walls[0].wallMs).toFixed(2)}× the time of the first; ` +
        `split target ≤ 0.8×)`,
    );
  console.log(`\nIn the page, one slot:\n${satelliteLine}`);
}

async function timeJob(service: BenchService, body: Record<string, unknown>, key: string): Promise<TimedJob> {
  const postedAt = Date.now();
  const started = performance.now();
  const created = await call(service, 'POST', '/v1/render', body, key);
  const job = await waitForEnd(service, String(created.job_id), key);
  return { job, wallMs: performance.now() - started, postedAt };
}

async function waitForEnd(service: BenchService, jobId: string, key: string) {
  for (;;) {
    const job = await call(service, 'GET', `/v1/render/${jobId}`, undefined, key);
    if (job.status === 'complete' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }
}

/** The job's split from the worker's log line (logged just after the final state: waited for briefly). */
async function printSplit(service: BenchService, title: string, { job, wallMs, postedAt }: TimedJob): Promise<void> {
  const jobId = String(job.job_id);
  const linesOf = () => service.logs.filter((l) => l.msg === 'Render timings' && l.job_id === jobId) as unknown as RenderTimings[];
  // A whole job logs one line; a split one logs its job entry's (`split`), each chunk's, then the join's, last.
  const ended = (lines: RenderTimings[]) =>
    lines.some((l) => l.entry === 'join' || ((l.entry ?? 'job') === 'job' && l.outcome !== 'split'));
  for (let i = 0; i < 50 && !ended(linesOf()); i++) await new Promise((r) => setTimeout(r, 100));
  const lines = linesOf();
  const line = lines.find((l) => (l.entry ?? 'job') === 'job');
  if (!line) {
    console.log(`  ${title}: no "Render timings" line in the service's log`);
    return;
  }
  for (const part of lines.filter((l) => l.entry === 'chunk' || l.entry === 'join')) {
    const phases = Object.entries(part.phases)
      .filter(([, ms]) => ms >= 100)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', ');
    const what = part.entry === 'join' ? 'join' : `chunk ${part.chunk} (frames ${part.frames?.join('–')})`;
    console.log(`  ${title}: ${what} ${part.outcome} in ${Math.round(part.total_ms)} ms: ${phases}`);
  }
  const writes = line.progress_writes;
  printPhaseTable(
    `${title}: ${line.outcome}, share of POST → complete (${(wallMs / 1000).toFixed(1)} s)`,
    line.phases,
    wallMs,
    writes ? [{ name: 'progress_writes', ms: writes.total_ms, note: `${writes.count} UPDATEs alongside the frames, not in the sum` }] : [],
  );
  // What no phase covers, told apart: before the job row existed, inside the worker, after its line.
  const intakeMs = new Date(String(job.created_at)).getTime() - postedAt;
  const tailMs = wallMs - intakeMs - (line.phases.queue_wait ?? 0) - line.total_ms;
  console.log(
    `    unaccounted = POST → created_at (HTTP, checks, admission) ${Math.round(intakeMs)} ms` +
      ` + worker, outside phases ${Math.round(line.unaccounted_ms)} ms` +
      ` + worker done → poll saw it (every ${POLL_INTERVAL_MS} ms) ${Math.round(tailMs)} ms`,
  );
  if (line.details) console.log(`    details: ${JSON.stringify(line.details)}`);
  console.log('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
