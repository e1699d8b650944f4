/**
 * API throughput benchmark: starts the built service (API role) on Postgres + Redis, creates an
 * account on a custom plan high enough not to throttle, and drives POST /v1/render (sandbox key),
 * GET /v1/usage and GET /health/live with autocannon, one after another in one run. Prints req/s
 * and p99 latency per endpoint and each endpoint's throughput ratio to /health/live.
 *
 *   npm run build && npm run bench:api            (BENCH_SECONDS=10 BENCH_CONNECTIONS=32 by default)
 */
import autocannon from 'autocannon';
import { createBenchAccount, startService } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const BASE = `http://127.0.0.1:${PORT}`;

function run(title: string, options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options, url: `${BASE}${options.url}` }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  }).then((result) => {
    const r = result as autocannon.Result;
    const bad = r.non2xx + r.errors + r.timeouts;
    console.log(
      `  ${title.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx/errors ${bad}`,
    );
    return r;
  });
}

async function main(): Promise<void> {
  const server = await startService('api', PORT);
  try {
    const { key } = await createBenchAccount(server, 'test');
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const renderBody = JSON.stringify({
      waypoints: [
        { lat: 38.72, lng: -9.14, label: 'Lisbon' },
        { lat: 40.71, lng: -74.0, label: 'New York' },
      ],
      duration: 10,
    });

    console.log(`\nmapr API benchmark: ${SECONDS} s per endpoint, ${CONNECTIONS} connections, API role on Postgres + Redis\n`);
    await run('warm-up', { url: '/health/live', duration: 2 });
    const health = await run('GET /health/live', { url: '/health/live' });
    const usage = await run('GET /v1/usage', { url: '/v1/usage', headers: auth });
    const render = await run('POST /v1/render', { url: '/v1/render', method: 'POST', headers: auth, body: renderBody });
    console.log('\n  ratio to /health/live (throughput)');
    console.log(`  GET /v1/usage     ${(usage.requests.average / health.requests.average).toFixed(2)}`);
    console.log(`  POST /v1/render   ${(render.requests.average / health.requests.average).toFixed(2)}`);
    console.log(`\n  targets: POST /v1/render ≥ 1000 req/s, p99 ≤ 25 ms, ratio ≥ 0.5\n`);
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
