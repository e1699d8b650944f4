/**
 * End-to-end render time: a 12 s 1080p30 job through the real service (API + worker in one
 * process on Postgres + Redis), timed from POST /v1/render to status `complete`. Prints figures.
 *
 *   npm run build && npx ts-node --transpile-only bench/render-job.ts   (also run by npm run bench:render)
 */
import { call, createBenchAccount, startService } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3998);

async function main(): Promise<void> {
  const service = await startService('all', PORT);
  try {
    const { key } = await createBenchAccount(service, 'live');
    const body = {
      waypoints: [
        { lat: 38.72, lng: -9.14, label: 'Lisbon' },
        { lat: 40.71, lng: -74.0, label: 'New York', transport: 'ship' },
        { lat: 51.92, lng: 4.48, label: 'Rotterdam' },
      ],
      duration: 12,
      resolution: '1080p',
      fps: 30,
      hud: { distance: true },
    };
    // Warm the worker (browser launch, first composition) with a tiny job, as a running service would be.
    const warm = await call(service, 'POST', '/v1/render', { ...body, duration: 3, resolution: '720p' }, key);
    await waitForEnd(service, String(warm.job_id), key);

    const started = performance.now();
    const created = await call(service, 'POST', '/v1/render', body, key);
    const job = await waitForEnd(service, String(created.job_id), key);
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\n12 s 1080p30 job, POST /v1/render → complete: ${seconds.toFixed(1)} s (status ${job.status}, ${job.resolution}, ${job.file_size_bytes} bytes)`,
    );
    console.log('target: ≤ 45 s on this 2-core machine (a published peer needs 90 s)\n');
  } finally {
    await service.stop();
  }
}

async function waitForEnd(service: Awaited<ReturnType<typeof startService>>, jobId: string, key: string) {
  for (;;) {
    const job = await call(service, 'GET', `/v1/render/${jobId}`, undefined, key);
    if (job.status === 'complete' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 200));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
