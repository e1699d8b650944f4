import { existsSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * Scratch folders of processes under the render temp folder (DATA_DIR/tmp): `<kind>-<host>-<pid>`. The host name
 * keeps apart containers that share the data volume (docker-compose.yml) and run their processes under the same
 * pid; the pid keeps apart the processes of one host.
 */
export function processScratchDir(root: string, kind: string, pid = process.pid, host = hostname()): string {
  return join(root, `${kind}-${host}-${pid}`);
}

/**
 * A process killed outright (SIGKILL, the OOM killer) leaves its scratch folder behind, with frames and partial
 * videos of up to gigabytes. This removes the `kind` folders of this host's processes that no longer run (never
 * the caller's own, nor another host's); answers the names removed.
 */
export function removeScratchOfDeadProcesses(root: string, kind: string, host = hostname()): string[] {
  if (!existsSync(root)) return [];
  const prefix = `${kind}-${host}-`;
  const removed: string[] = [];
  for (const name of readdirSync(root)) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

/** Whether process `pid` runs on this host (as any user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
