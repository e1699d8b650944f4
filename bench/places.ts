/**
 * `npm run bench:places`: what unknown place names cost the API (issue 39, High 3; contract §27). Starts the API in
 * this process (its production module, API role, on Postgres + Redis), then sends the batch of the security review:
 * 50 jobs × 25 random place names (about 28 KB), while a probe asks `GET /v1/places?q=Lis` every 20 ms. Prints the
 * batch's answer and time, the longest stall of the event loop meanwhile (perf_hooks `monitorEventLoopDelay`: what
 * every other request waited at worst), the probe's slowest answer, and the cost of the place search itself on short
 * queries. The API runs in this process so that its event loop is the one measured; the client's work is small.
 *
 *   npm run bench:places      (BENCH_JOBS=50, BENCH_PLACES=25; BENCH_DATABASE_URL, recreated, and BENCH_REDIS_URL)
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHttpApp } from '../src/app.factory';
import { loadConfiguration } from '../src/config';
import { seededRandom } from '../test/support/seeded-random';
import { deleteRedisKeys, recreateDatabase } from './support';
import { freePort } from '../test/support/test-app';

const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const PLACES = Number(process.env.BENCH_PLACES ?? 25);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mapr_bench_places';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const ms = (nanoseconds: number) => (nanoseconds / 1e6).toFixed(0);

async function main(): Promise<void> {
  await recreateDatabase(DATABASE_URL);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const prefix = `benchplaces${Date.now()}`;
  const config = loadConfiguration({
    NODE_ENV: 'production',
    MAPR_ROLE: 'api',
    PORT: String(port),
    PUBLIC_URL: base,
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    JWT_SECRET: 'benchmark-secret-0123456789-0123456789-abcdef',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mapr-bench-places-')),
    MAIL_OUTBOX_DIR: 'outbox',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ANONYMOUS_REQUESTS_PER_MINUTE: '100000',
  });
  const app = await createHttpApp(config);
  await app.listen(port, '127.0.0.1');
  try {
    const post = (path: string, body: unknown, token?: string) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    // A Free account, e-mail never verified: its session token may send the batch (validation comes first).
    const email = `bench-places-${Date.now()}@example.com`;
    await post('/v1/auth/register', { email, password: 'benchmark password', name: 'Bench' });
    const { accessToken } = (await (await post('/v1/auth/login', { email, password: 'benchmark password' })).json()) as {
      accessToken: string;
    };

    const next = seededRandom(39);
    const name = () =>
      Array.from({ length: 5 + Math.floor(next() * 8) }, (_, i) => String.fromCharCode((i === 0 ? 65 : 97) + Math.floor(next() * 26))).join(
        '',
      );
    const body = { jobs: Array.from({ length: JOBS }, () => ({ waypoints: Array.from({ length: PLACES }, () => ({ place: name() })) })) };
    const bytes = JSON.stringify(body).length;
    // Warm: the gazetteer loads with the app; one small request of each kind before measuring, and a preview by sea,
    // answered once the routing thread has built the sea lanes' graph (on this process's cores, as it starts).
    await fetch(`${base}/v1/places?q=Lis`);
    await post('/v1/render', { waypoints: [{ place: 'Lisbn' }, { place: 'Porto' }] }, accessToken);
    await post('/v1/render/preview', { transport: 'ship', waypoints: [{ place: 'Rotterdam' }, { place: 'Lisbon' }] }, accessToken);

    const stalls = monitorEventLoopDelay({ resolution: 1 });
    const probe: number[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const started = performance.now();
        await (await fetch(`${base}/v1/places?q=Lis`)).arrayBuffer();
        probe.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    stalls.enable();
    const started = performance.now();
    const res = await post('/v1/render/batch', body, accessToken);
    const answer = (await res.json()) as { issues?: Array<{ message: string }>; issues_truncated?: boolean };
    const batchMs = performance.now() - started;
    probing = false;
    await prober;
    stalls.disable();
    const issues = answer.issues ?? [];

    console.log(`\nmapr place names: a batch of ${JOBS} jobs × ${PLACES} random place names (${(bytes / 1024).toFixed(0)} KB)\n`);
    console.log(`  answer                     ${res.status}, ${issues.length} issues${answer.issues_truncated ? ' (truncated)' : ''}`);
    console.log(`  issues with close matches  ${issues.filter((issue) => issue.message.includes('Did you mean')).length}`);
    console.log(`  batch answered in          ${batchMs.toFixed(0)} ms`);
    console.log(`  longest event-loop stall   ${ms(stalls.max)} ms (sampled every 1 ms)`);
    console.log(`  GET /v1/places meanwhile   ${probe.length} answers, slowest ${Math.max(...probe).toFixed(0)} ms`);

    // The place search on what a person types first: one to three letters, with and without a region.
    const queries = ['a', 's', 'b', 'sa', 'ma', 'lis', 'new', 'a, b', 's, u', 'Lisbon, Ohio, United States', 'qzx', 'xkcdqzvw'];
    let slowest = { query: '', ms: 0 };
    for (let round = 0; round < 3; round++) {
      for (const q of queries) {
        const at = performance.now();
        await (await fetch(`${base}/v1/places?q=${encodeURIComponent(q)}&limit=20`)).arrayBuffer();
        const took = performance.now() - at;
        if (round > 0 && took > slowest.ms) slowest = { query: q, ms: took };
      }
    }
    console.log(`  GET /v1/places, slowest of ${queries.length} short queries (warm): ${slowest.ms.toFixed(1)} ms ("${slowest.query}")\n`);
  } finally {
    await app.close();
    await deleteRedisKeys(prefix);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
