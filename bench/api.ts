/**
 * API throughput benchmark: starts the built service (API role) on Postgres + Redis, creates an
 * account on a custom plan high enough not to throttle, and drives POST /v1/render (sandbox key),
 * GET /v1/usage and GET /health/live with autocannon, one after another in one run. Prints req/s
 * and p99 latency per endpoint and each endpoint's throughput ratio to /health/live.
 *
 *   npm run build && npm run bench:api            (BENCH_SECONDS=10 BENCH_CONNECTIONS=32 by default)
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { Client } from 'pg';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const PORT = Number(process.env.BENCH_PORT ?? 3999);
const ADMIN_DB = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mapr_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BASE = `http://127.0.0.1:${PORT}`;

async function ensureDatabase(): Promise<void> {
  const name = new URL(DATABASE_URL).pathname.slice(1);
  const admin = new Client({ connectionString: ADMIN_DB });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${BASE}/health/live`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('service did not start');
}

async function json(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

function run(title: string, options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options, url: `${BASE}${options.url}` }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  }).then((result) => {
    const r = result as autocannon.Result;
    const bad = r.non2xx + r.errors + r.timeouts;
    console.log(`  ${title.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx/errors ${bad}`);
    return r;
  });
}

async function main(): Promise<void> {
  await ensureDatabase();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    MAPR_ROLE: 'api',
    PORT: String(PORT),
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: `bench${Date.now()}`,
    JWT_SECRET: 'benchmark-secret-0123456789-0123456789-abcdef',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mapr-bench-')),
    LOG_LEVEL: 'warn',
  };
  const server = spawn(process.execPath, ['dist/src/main.js'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    await waitForHealth();
    const email = `bench-${Date.now()}@example.com`;
    await json('POST', '/v1/auth/register', { email, password: 'benchmark password', name: 'Bench' });
    const cli = (...args: string[]) => execFileSync(process.execPath, ['dist/src/cli.js', ...args], { env, stdio: 'ignore' });
    cli('account:verify-email', email);
    cli('account:set-tier', email, 'enterprise', '--requests-per-minute', '100000000', '--concurrent-jobs', '100000000', '--renders-per-month', '100000000');
    const { accessToken } = (await json('POST', '/v1/auth/login', { email, password: 'benchmark password' })) as { accessToken: string };
    const { key } = (await json('POST', '/v1/api-keys', { name: 'bench', mode: 'test' }, accessToken)) as { key: string };
    const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const renderBody = JSON.stringify({ waypoints: [{ lat: 38.72, lng: -9.14, label: 'Lisbon' }, { lat: 40.71, lng: -74.0, label: 'New York' }], duration: 10 });

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
    server.kill('SIGTERM');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
