/**
 * Chunked rendering (contract §18) against one worker: the same job through the real service (Postgres + Redis),
 * first with one worker rendering it whole (API + worker in one process, RENDER_CHUNK_FRAMES unset), then with the
 * API and two worker processes splitting it (four chunks a worker when the page renders them, ADR 0009). Prints, side by side, the wall time POST → complete, each
 * chunk's time (from its `Render timings` line) and the join's phases, and what the join costs as a share of the
 * single worker's time. Each setup first renders a short warm-up job, so browsers are launched before the timing.
 *
 *   npm run build && npm run bench:render:chunked -- [--duration 45] [--resolution 4k] [--fps 30]
 *
 * Defaults: 45 s of 4k (3840x2160) at 30 fps. On a 2-core machine that is a long run: --duration and --resolution
 * make it shorter (the figures printed say what ran). Wait for the CPU lock before running it on a shared machine.
 */
import type { RenderTimings } from '../src/modules/rendering';
import { printPhaseColumns } from './phases';
import { type BenchService, call, createBenchAccount, startService, startWorker, waitForWorkers } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3997);
const POLL_INTERVAL_MS = 200;

function flag(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const duration = Number(flag('duration', '45'));
const resolution = flag('resolution', '4k');
const fps = Number(flag('fps', '30'));
const body = {
  waypoints: [
    { lat: 38.72, lng: -9.14, label: 'Lisbon' },
    { lat: 40.71, lng: -74.0, label: 'New York' },
    { lat: 51.92, lng: 4.48, label: 'Rotterdam' },
  ],
  duration,
  resolution,
  fps,
  hud: { distance: true },
};
const warmUp = { ...body, duration: 3, resolution: '720p', fps: 24 };

interface Run {
  label: string;
  wallMs: number;
  job: Record<string, unknown>;
  lines: RenderTimings[];
}

async function main(): Promise<void> {
  console.log(`\nChunked rendering: ${duration} s of ${resolution} at ${fps} fps, one worker whole vs two workers, split\n`);
  const whole = await measure('1 worker, whole', {}, 0);
  // RENDER_CHUNK_FRAMES 1: the split is decided by the alive slots alone (two workers: eight chunks in the page).
  const split = await measure('2 workers, split', { RENDER_CHUNK_FRAMES: '1' }, 2);
  report(whole, split);
}

/** Starts the service (`all`, or `api` plus `workers` worker processes), warms it up, and times the job. */
async function measure(label: string, env: Record<string, string>, workers: number): Promise<Run> {
  const service = await startService(workers ? 'api' : 'all', PORT, { logLevel: 'info', env });
  const stops = Array.from({ length: workers }, () => startWorker(service));
  try {
    const { key } = await createBenchAccount(service, 'live');
    if (workers) await waitForWorkers(service, workers);
    await timeJob(service, warmUp, key);
    const { job, wallMs } = await timeJob(service, body, key);
    if (job.status !== 'complete') throw new Error(`${label}: the job ended ${String(job.status)}`);
    const lines = await timingsOf(service, String(job.job_id), workers ? 'join' : undefined);
    console.log(`  ${label}: POST → complete ${(wallMs / 1000).toFixed(1)} s (${job.resolution}, ${job.file_size_bytes} bytes)`);
    return { label, wallMs, job, lines };
  } finally {
    await Promise.all(stops.map((stop) => stop()));
    await service.stop();
  }
}

async function timeJob(service: BenchService, job: Record<string, unknown>, key: string) {
  const started = performance.now();
  const created = await call(service, 'POST', '/v1/render', job, key);
  for (;;) {
    const current = await call(service, 'GET', `/v1/render/${String(created.job_id)}`, undefined, key);
    if (['complete', 'failed', 'cancelled'].includes(String(current.status))) return { job: current, wallMs: performance.now() - started };
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
  }
}

/** The job's `Render timings` lines (logged just after the final state: waited for briefly). */
async function timingsOf(service: BenchService, jobId: string, last?: 'join'): Promise<RenderTimings[]> {
  const lines = () => service.logs.filter((l) => l.msg === 'Render timings' && l.job_id === jobId) as unknown as RenderTimings[];
  for (let i = 0; i < 50; i++) {
    const found = lines();
    if (found.some((l) => (last ? l.entry === last : l.outcome === 'complete'))) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return lines();
}

function report(whole: Run, split: Run): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log('\n  Wall time POST → complete');
  console.log(`    ${whole.label.padEnd(22)} ${s(whole.wallMs).padStart(9)}`);
  console.log(
    `    ${split.label.padEnd(22)} ${s(split.wallMs).padStart(9)}   (${(whole.wallMs / split.wallMs).toFixed(2)}× the single worker's speed)`,
  );
  const chunks = split.lines.filter((l) => l.entry === 'chunk' && l.outcome === 'complete');
  const join = split.lines.find((l) => l.entry === 'join');
  const jobLine = split.lines.find((l) => !l.entry);
  console.log('\n  The split job, part by part (each part is one worker’s queue entry)');
  if (jobLine) console.log(`    job entry (claim, routing, props, split)   ${s(jobLine.total_ms).padStart(9)}`);
  for (const chunk of chunks)
    console.log(
      `    chunk ${chunk.chunk} (frames ${chunk.frames?.join('–')})${' '.repeat(Math.max(1, 22 - String(chunk.frames?.join('–')).length))}${s(chunk.total_ms).padStart(9)}`,
    );
  if (join) console.log(`    join                                      ${s(join.total_ms).padStart(9)}`);
  console.log('');
  const wholeLine = whole.lines.find((l) => !l.entry && l.outcome === 'complete');
  printPhaseColumns('Phases', [
    ...(wholeLine ? [{ label: 'whole', runs: [wholeLine.phases] }] : []),
    ...chunks.map((c) => ({ label: `chunk ${c.chunk}`, runs: [c.phases] })),
    ...(join ? [{ label: 'join', runs: [join.phases] }] : []),
  ]);
  if (join) {
    console.log(
      `\n  Join overhead: ${s(join.total_ms)} = ${((100 * join.total_ms) / whole.wallMs).toFixed(1)} % of the single worker's ${s(whole.wallMs)}` +
        ` (download ${Math.round(join.phases.download ?? 0)} ms, combine ${Math.round(join.phases.combine ?? 0)} ms,` +
        ` storage ${Math.round(join.phases.storage ?? 0)} ms, complete ${Math.round(join.phases.complete ?? 0)} ms;` +
        ` the thumbnail is rendered by the last chunk: ${Math.round(chunks.find((c) => c.phases.thumbnail)?.phases.thumbnail ?? 0)} ms)`,
    );
  }
  console.log('');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
