/**
 * Hostile request bodies and what they cost everyone else (contract §27): starts the built service (API role) on
 * Postgres + Redis, then sends ~1 MiB bodies of hostile shapes (test/support/hostile-bodies.ts: many keys, many
 * values, deep nesting, long strings, Unicode, wide and deep mixes), BENCH_CONCURRENCY at a time, at the public and
 * authenticated endpoints that take bodies, while a probe reads `GET /health/live` and `GET /v1/places?q=…` (with a
 * key) one after the other. Prints the probe's latency alone and under the load (p50, p99, max), and each shape's
 * answer times and statuses. The fault suite's fuzz stage sends the same bodies and asserts behaviour; this prints
 * the time. Target: the probe's p99 under load below 100 ms.
 *
 *   npm run build && npm run bench:hostile          (BENCH_SECONDS=10 BENCH_CONCURRENCY=4 by default)
 */
import { Agent, request } from 'node:http';
import { HOSTILE_ENDPOINTS, hostileBodies } from '../test/support/hostile-bodies';
import { createBenchAccount, startService } from './support';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const PORT = Number(process.env.BENCH_PORT ?? 3998);

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

function send(agent: Agent, method: string, url: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface ShapeAnswers {
  ms: number[];
  statuses: Map<number, number>;
  maxBytes: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;
}

function summary(times: number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (ms: number) => ms.toFixed(1).padStart(7);
  return `p50 ${f(percentile(sorted, 50))}  p99 ${f(percentile(sorted, 99))}  max ${f(sorted.at(-1) ?? Number.NaN)} ms  (${sorted.length})`;
}

/** Reads the two probe endpoints one after the other until `stop`, 10 ms apart; each answer's time by endpoint. */
async function probe(base: string, key: string, stop: () => boolean): Promise<{ live: number[]; places: number[]; failures: string[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const live: number[] = [];
  const places: number[] = [];
  const failures: string[] = [];
  const queries = ['Lis', 'New Y', 'Zür', 'São', 'Tok', 'Par', 'Ber', 'Mad'];
  for (let i = 0; !stop(); i++) {
    try {
      const health = await send(agent, 'GET', `${base}/health/live`, {});
      if (health.status !== 200) failures.push(`/health/live ${health.status}`);
      live.push(health.ms);
      const place = await send(agent, 'GET', `${base}/v1/places?q=${encodeURIComponent(queries[i % queries.length])}`, {
        authorization: `Bearer ${key}`,
      });
      if (place.status !== 200) failures.push(`/v1/places ${place.status}`);
      places.push(place.ms);
    } catch (err) {
      failures.push(String(err));
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  agent.destroy();
  return { live, places, failures };
}

async function main(): Promise<void> {
  const server = await startService('api', PORT, { env: { ANONYMOUS_REQUESTS_PER_MINUTE: '1000000000' } });
  try {
    const { key } = await createBenchAccount(server, 'live');
    const bodies = hostileBodies();
    // Encoded once: the bench's own process should spend its time waiting, not encoding.
    const work = bodies.flatMap((body) =>
      HOSTILE_ENDPOINTS.map((endpoint) => ({ body: { name: body.name, bytes: Buffer.from(body.body) }, endpoint })),
    );
    console.log(
      `\nmapr hostile bodies: ${bodies.length} shapes × ${HOSTILE_ENDPOINTS.length} endpoints, ${CONCURRENCY} at a time for ${SECONDS} s, ` +
        `probe GET /health/live + GET /v1/places; API role on Postgres + Redis\n`,
    );

    let quiet = false;
    const alone = probe(server.base, key, () => quiet);
    await new Promise((r) => setTimeout(r, 2000));
    quiet = true;
    const baseline = await alone;

    let done = false;
    const underLoad = probe(server.base, key, () => done);
    const byShape = new Map<string, ShapeAnswers>();
    const errors: string[] = [];
    let next = 0;
    const deadline = performance.now() + SECONDS * 1000;
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline) {
          const { body, endpoint } = work[next++ % work.length];
          const headers: Record<string, string> = endpoint.auth ? { authorization: `Bearer ${key}` } : {};
          const shape: ShapeAnswers = byShape.get(body.name) ?? { ms: [], statuses: new Map(), maxBytes: 0 };
          byShape.set(body.name, shape);
          try {
            const answer = await send(agent, 'POST', `${server.base}${endpoint.path}`, headers, body.bytes);
            shape.ms.push(answer.ms);
            shape.statuses.set(answer.status, (shape.statuses.get(answer.status) ?? 0) + 1);
            shape.maxBytes = Math.max(shape.maxBytes, answer.bytes);
          } catch (err) {
            errors.push(`${body.name} → ${endpoint.path}: ${String(err)}`);
          }
        }
      }),
    );
    done = true;
    agent.destroy();
    const loaded = await underLoad;

    console.log('  probe alone');
    console.log(`    GET /health/live   ${summary(baseline.live)}`);
    console.log(`    GET /v1/places     ${summary(baseline.places)}`);
    console.log('  probe under the hostile load');
    console.log(`    GET /health/live   ${summary(loaded.live)}`);
    console.log(`    GET /v1/places     ${summary(loaded.places)}`);
    console.log(`    both               ${summary([...loaded.live, ...loaded.places])}`);
    if (loaded.failures.length) console.log(`    failures: ${loaded.failures.slice(0, 5).join('; ')} (${loaded.failures.length})`);
    console.log('  hostile requests (answer time, statuses, largest answer)');
    for (const [name, shape] of byShape) {
      const statuses = [...shape.statuses].map(([status, n]) => `${status}×${n}`).join(' ');
      console.log(`    ${name.padEnd(40)} ${summary(shape.ms)}  ${statuses}  ${shape.maxBytes} B`);
    }
    if (errors.length) console.log(`  errors: ${errors.slice(0, 5).join('; ')} (${errors.length})`);
    console.log('\n  target: the probe’s p99 under the load < 100 ms\n');
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
