/**
 * A worker as a real process (`src/worker.ts` from the sources, as `start:worker` runs it) with the test app's
 * settings, so it shares the database, Redis prefix and storage folder. Its pino JSON log lines on stdout are kept
 * (they say which process rendered what), and it can be killed at any moment.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { TestApp } from './test-app';

/** One pino line of a worker's log; only the fields tests read. */
export interface WorkerLogLine {
  pid: number;
  msg: string;
  job_id?: string;
  entry?: string;
  chunk?: number;
  outcome?: string;
  phases?: Record<string, number>;
  total_ms?: number;
  /** The renderer's notes (render-timings.ts), e.g. `engine`: `in_page` or `screenshots`. */
  details?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface WorkerProcess {
  process: ChildProcess;
  /** Every log line so far, parsed. */
  lines: WorkerLogLine[];
}

/** The environment of a worker joined to the test app: its database, Redis prefix, storage, secrets. */
export function workerEnvironment(t: TestApp, env: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    MAPR_ROLE: 'worker',
    DATA_DIR: t.config.dataDir,
    REDIS_URL: t.config.redis.url!,
    REDIS_KEY_PREFIX: t.config.redis.keyPrefix,
    JWT_SECRET: t.config.auth.jwtSecret,
    PUBLIC_URL: t.config.http.publicUrl,
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    // A killed worker's entry is taken up again within seconds (Bull's lock lapses), not the default minute.
    RENDER_LOCK_SECONDS: '4',
    // Likewise a killed worker's webhook attempt is sent by another within seconds.
    WEBHOOK_LOCK_SECONDS: '4',
    RENDER_QUEUE_SWEEP_SECONDS: String(t.config.rendering.queueSweepSeconds),
    LOG_LEVEL: 'info',
    ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
    ...env,
  };
}

/** Starts `script` (the worker's entry point by default) as a process joined to the test app. */
export function spawnWorker(t: TestApp, env: Record<string, string> = {}, script = 'src/worker.ts'): WorkerProcess {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', script], {
    env: workerEnvironment(t, env),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const worker: WorkerProcess = { process: child, lines: [] };
  createInterface({ input: child.stdout! }).on('line', (text) => {
    try {
      worker.lines.push(JSON.parse(text) as WorkerLogLine);
    } catch {
      // not a log line
    }
  });
  return worker;
}

/** Polls `probe` until it answers something other than undefined; fails naming `what` after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T | undefined> | T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
