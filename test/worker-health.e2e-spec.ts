/**
 * The worker container's health check (`node dist/src/worker-health.js`, compose's `healthcheck`): healthy while a
 * worker of this host beats in Redis, unhealthy within seconds of the worker dying.
 */
import { spawnSync } from 'node:child_process';
import { startTestApp, TestApp } from './support/test-app';
import { spawnWorker, until, workerEnvironment, WorkerProcess } from './support/worker-process';

function healthCheck(t: TestApp): number | null {
  return spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/worker-health.ts'], {
    env: workerEnvironment(t),
    timeout: 30_000,
  }).status;
}

describe('the worker health check', () => {
  let t: TestApp;
  let worker: WorkerProcess | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    if (worker?.process.exitCode === null) worker.process.kill('SIGKILL');
    await t.close();
  });

  it('is unhealthy with no worker, healthy while one runs, and unhealthy again soon after it dies', async () => {
    expect(healthCheck(t)).toBe(1);
    worker = spawnWorker(t);
    await until(() => (worker!.lines.some((l) => l.msg === 'mapr worker started') ? true : undefined), 60_000, 'the worker to start');
    expect(healthCheck(t)).toBe(0);
    worker.process.kill('SIGKILL');
    await until(() => (healthCheck(t) === 1 ? true : undefined), 15_000, 'the check to notice the dead worker');
  }, 120_000);
});
