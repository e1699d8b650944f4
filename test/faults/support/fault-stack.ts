/**
 * The service as the fault scenarios run it: the API (in this process, so the test can read its database) and
 * worker processes (real ones, or the same with the fake renderer), on the suite's own database and either the
 * machine's Redis or a private redis-server the scenario may kill. An account with room for every scenario, and a
 * webhook receiver that every job reports to. Every response the API gives is kept (for the "no 5xx without a
 * request id" check).
 */
import { DataSource } from 'typeorm';
import { RenderJob } from '../../../src/modules/rendering/testing';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from '../../support/test-app';
import { TEST_REDIS_URL } from '../../support/test-env';
import { WebhookReceiver } from '../../support/webhooks';
import { spawnWorker, until, WorkerProcess } from '../../support/worker-process';
import { faultDatabaseUrl } from './fault-env';
import { PrivateRedis } from './private-redis';

const FAKE_WORKER = 'test/faults/support/fake-render-worker.main.ts';
export const bearer = { type: 'bearer' } as const;

export interface FaultStackOptions {
  /** `machine`: the machine's Redis; `aof` / `volatile`: a private redis-server with / without its append-only file. */
  redis?: 'machine' | 'aof' | 'volatile';
  env?: Record<string, string>;
}

export interface FaultStack {
  t: TestApp;
  account: TestAccount;
  receiver: WebhookReceiver;
  redis: PrivateRedis | null;
  workers: WorkerProcess[];
  /** A worker process: `fake` renders with the FakeRenderer (FAKE_RENDER_MS_PER_FRAME), `real` with Remotion. */
  startWorker(kind: 'fake' | 'real', env?: Record<string, string>): Promise<WorkerProcess>;
  /** Creates `count` renders (each reporting to the receiver); answers their ids. */
  submit(count: number, body?: Record<string, unknown>): Promise<string[]>;
  job(id: string): Promise<RenderJob | null>;
  /** Milliseconds until GET /health/ready answers 200 (fails after `timeoutMs`). */
  readyAgain(timeoutMs: number): Promise<number>;
  close(): Promise<void>;
}

export async function startFaultStack(options: FaultStackOptions = {}): Promise<FaultStack> {
  const mode = options.redis ?? 'machine';
  const redis = mode === 'machine' ? null : await PrivateRedis.start({ appendOnly: mode === 'aof' });
  const t = await startTestApp({
    DATABASE_URL: faultDatabaseUrl(),
    REDIS_URL: redis?.url ?? TEST_REDIS_URL,
    // This suite has its database to itself: the sweep of lost queue entries is on, and quick.
    RENDER_QUEUE_SWEEP_SECONDS: '2',
    RENDER_LOCK_SECONDS: '4',
    WEBHOOK_LOCK_SECONDS: '4',
    ...options.env,
  });
  const account = await createAccount(t, {
    tier: 'studio',
    overrides: { renders_per_month: 10_000, concurrent_jobs: 200, requests_per_minute: 1_000_000, max_duration_seconds: 45 },
  });
  const receiver = await WebhookReceiver.start();
  const workers: WorkerProcess[] = [];
  const db = t.app.get(DataSource);

  const stack: FaultStack = {
    t,
    account,
    receiver,
    redis,
    workers,
    async startWorker(kind, env = {}) {
      const worker = spawnWorker(t, { FAKE_RENDER_MS_PER_FRAME: '20', ...env }, kind === 'fake' ? FAKE_WORKER : 'src/worker.ts');
      workers.push(worker);
      await until(() => (worker.lines.some((l) => l.msg === 'mapr worker started') ? true : undefined), 60_000, 'the worker to start');
      return worker;
    },
    async submit(count, body = {}) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const res = await t.http
          .post('/v1/render')
          .auth(account.liveKey, bearer)
          .send(renderBody({ duration: 3, fps: 24, aspect_ratio: '1:1', webhook_url: receiver.url(), ...body }));
        if (res.status !== 202) throw new Error(`POST /v1/render answered ${res.status}: ${JSON.stringify(res.body)}`);
        ids.push(res.body.job_id as string);
      }
      return ids;
    },
    job: (id) => db.getRepository(RenderJob).findOneBy({ id }),
    async readyAgain(timeoutMs) {
      const started = Date.now();
      await until(
        async () => ((await t.http.get('/health/ready').catch(() => null))?.status === 200 ? true : undefined),
        timeoutMs,
        '/health/ready to answer 200',
      );
      return Date.now() - started;
    },
    async close() {
      for (const w of workers) if (w.process.exitCode === null) w.process.kill('SIGKILL');
      await receiver.close();
      await t.close().catch(() => undefined);
      await redis?.close();
    },
  };
  return stack;
}

/** Kills a worker process outright (no shutdown: a crash, an OOM kill, a lost machine). */
export async function killWorker(worker: WorkerProcess): Promise<void> {
  if (worker.process.exitCode !== null) return;
  const exited = new Promise((resolve) => worker.process.once('exit', resolve));
  worker.process.kill('SIGKILL');
  await exited;
}
