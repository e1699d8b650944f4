/**
 * The API as a process of its own (`src/main.ts`, role `api`), joined to the fault stack's database, Redis and
 * storage like its workers: for the scenarios that kill the API itself, or run it on another clock. The stack's
 * in-process API stays up beside it for the books.
 */
import request from 'supertest';
import { freePort, TestApp } from '../../support/test-app';
import { spawnWorker, until, WorkerProcess } from '../../support/worker-process';

export interface ApiProcess extends WorkerProcess {
  baseUrl: string;
  http: ReturnType<typeof request>;
}

export async function spawnApi(t: TestApp, env: Record<string, string> = {}): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawnWorker(t, { MAPR_ROLE: 'api', PORT: String(port), ...env }, 'src/main.ts');
  const baseUrl = `http://127.0.0.1:${port}`;
  await until(
    () => {
      if (child.process.exitCode !== null) throw new Error(`the API process exited with ${child.process.exitCode}`);
      return child.lines.some((l) => /listening on/.test(l.msg)) ? true : undefined;
    },
    60_000,
    'the API process to listen',
  );
  return { ...child, baseUrl, http: request(baseUrl) };
}

/** Resolves once `proc` has exited, with the signal that ended it (null for an exit code). */
export function exited(proc: WorkerProcess): Promise<NodeJS.Signals | null> {
  if (proc.process.exitCode !== null || proc.process.signalCode !== null) return Promise.resolve(proc.process.signalCode);
  return new Promise((resolve) => proc.process.once('exit', (_code, signal) => resolve(signal)));
}

/**
 * The signal that ended the process, or 'still running' when it has not ended within `ms`. The deadline's timer is
 * cleared as soon as the process ends: left pending, it kept Jest from exiting for as long (150 s after the suite).
 */
export async function exitedWithin(proc: WorkerProcess, ms: number): Promise<NodeJS.Signals | null | 'still running'> {
  let deadline: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      exited(proc),
      new Promise<'still running'>((resolve) => (deadline = setTimeout(() => resolve('still running'), ms))),
    ]);
  } finally {
    clearTimeout(deadline);
  }
}
