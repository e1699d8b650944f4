/** Shared by the benchmarks: start the built service on Postgres + Redis and create an account on a generous custom plan. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import Redis from 'ioredis';
import { Client } from 'pg';

const ADMIN_DB = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/mapr_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface BenchService {
  base: string;
  env: NodeJS.ProcessEnv;
  process: ChildProcess;
  /** The service's JSON log lines so far, when started with `logLevel` (else none: its logs are dropped). */
  logs: Array<Record<string, unknown>>;
  /** Stops the service and deletes the run's Redis keys (the database is recreated by the next run). */
  stop(): Promise<void>;
}

export interface StartServiceOptions {
  /** Keep the service's log lines from this pino level up (JSON, one object a line) in `logs`; default: warn, dropped. */
  logLevel?: 'info' | 'warn';
  /** More environment for the service (and the workers started with startWorker), e.g. RENDER_CHUNK_FRAMES. */
  env?: Record<string, string>;
}

/** Every run starts from an empty database, so figures do not depend on what earlier runs left. */
export async function recreateDatabase(url = DATABASE_URL): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!name.includes('bench')) throw new Error(`Refusing to recreate database "${name}": its name must contain "bench".`);
  const admin = new Client({ connectionString: ADMIN_DB });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
}

/** Deletes every key under the run's prefix (queued jobs, counters), which would otherwise pile up in Redis. */
export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Starts `dist/src/main.js` (run `npm run build` first) in the given role and waits until it answers. */
export async function startService(role: 'api' | 'all', port: number, options: StartServiceOptions = {}): Promise<BenchService> {
  await recreateDatabase();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    MAPR_ROLE: role,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL,
    REDIS_URL,
    REDIS_KEY_PREFIX: `bench${Date.now()}`,
    JWT_SECRET: 'benchmark-secret-0123456789-0123456789-abcdef',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'mapr-bench-')),
    // Production refuses to start without a way to send e-mail: the bench keeps them as files (accounts are verified
    // with the operator CLI).
    MAIL_OUTBOX_DIR: 'outbox',
    LOG_LEVEL: options.logLevel ?? 'warn',
    LOG_FORMAT: 'json',
    ...options.env,
  };
  // BENCH_NODE_ARGS passes extra flags to the service's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const logs: Array<Record<string, unknown>> = [];
  const child = spawnWithLogs([...nodeArgs, 'dist/src/main.js'], env, options.logLevel !== undefined ? logs : null);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/health/live`)).ok)
        return { base, env, process: child, logs, stop: () => stopService(child, env.REDIS_KEY_PREFIX) };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error('service did not start');
}

/** Starts node with `args`; its JSON log lines go into `logs` (dropped when null). */
function spawnWithLogs(args: string[], env: NodeJS.ProcessEnv, logs: Array<Record<string, unknown>> | null): ChildProcess {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', logs ? 'pipe' : 'ignore', 'inherit'] });
  if (logs) {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        /* not a log line */
      }
    });
  }
  return child;
}

/**
 * Starts a worker process (`dist/src/worker.js`) beside `service`, on its database, Redis prefix and storage, its log
 * lines into `service.logs`; `service.stop()` does not stop it: call the function returned (it waits for the exit).
 */
export function startWorker(service: BenchService): () => Promise<void> {
  const child = spawnWithLogs(['dist/src/worker.js'], { ...service.env, MAPR_ROLE: 'worker' }, service.logs);
  return async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
}

/** Waits until `count` worker processes beside `service` have logged their start (their heartbeats begin with it). */
export async function waitForWorkers(service: BenchService, count: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (service.logs.filter((l) => l.msg === 'mapr worker started').length >= count) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the workers did not start');
}

async function stopService(child: ChildProcess, redisKeyPrefix: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await deleteRedisKeys(redisKeyPrefix);
}

export async function call(service: BenchService, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${service.base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

/** A verified account on an enterprise plan high enough never to throttle, with one API key. */
export async function createBenchAccount(service: BenchService, mode: 'live' | 'test'): Promise<{ key: string }> {
  const email = `bench-${Date.now()}@example.com`;
  await call(service, 'POST', '/v1/auth/register', { email, password: 'benchmark password', name: 'Bench' });
  const cli = (...args: string[]) => execFileSync(process.execPath, ['dist/src/cli.js', ...args], { env: service.env, stdio: 'ignore' });
  cli('account:verify-email', email);
  cli(
    'account:set-tier',
    email,
    'enterprise',
    '--requests-per-minute',
    '100000000',
    '--concurrent-jobs',
    '100000000',
    '--renders-per-month',
    '100000000',
  );
  const { accessToken } = (await call(service, 'POST', '/v1/auth/login', { email, password: 'benchmark password' })) as {
    accessToken: string;
  };
  const { key } = (await call(service, 'POST', '/v1/api-keys', { name: 'bench', mode }, accessToken)) as { key: string };
  return { key };
}
