/**
 * The quick start's private redis-server (no REDIS_URL) when the service is killed outright, as the OOM killer
 * would: a SIGKILL leaves the redis-server running, and the next start must adopt it rather than start a second
 * server on the same data folder (two servers writing one append-only file is how data is lost). A graceful stop
 * then stops it. The service runs as the quick start runs it: `src/main.ts`, SQLite, its own data folder.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/test-app';
import { until, WorkerProcess } from '../support/worker-process';
import { createInterface } from 'node:readline';

/** redis-server processes working in `dir` (redis-server rewrites its command line, but runs in its data folder). */
function redisServersOf(dir: string): number[] {
  const pids = execFileSync('ps', ['-eo', 'pid=,comm='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => /\sredis-server$/.test(line.trimEnd()))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
  return pids.filter((pid) => {
    try {
      return realpathSync(readlinkSync(`/proc/${pid}/cwd`)) === realpathSync(dir);
    } catch {
      return false;
    }
  });
}

describe('the embedded Redis of a service killed with SIGKILL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mapr-embedded-redis-'));
  const redisDir = join(dataDir, 'redis');
  const started: WorkerProcess[] = [];
  afterAll(() => {
    for (const service of started)
      if (service.process.exitCode === null && service.process.signalCode === null) service.process.kill('SIGKILL');
    for (const pid of redisServersOf(redisDir)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The service on the embedded defaults, as `npm start` runs it, once it listens. */
  async function startService(): Promise<WorkerProcess> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      MAPR_ROLE: 'api',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    };
    const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service: WorkerProcess = { process: child, lines: [] };
    started.push(service);
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (text) => {
        try {
          service.lines.push(JSON.parse(text));
        } catch {
          service.lines.push({ pid: 0, msg: text });
        }
      });
    }
    await until(
      () => {
        if (child.exitCode !== null)
          throw new Error(`the service exited with ${child.exitCode}: ${service.lines.map((l) => l.msg).join('\n')}`);
        return service.lines.some((l) => /listening on/i.test(String(l.msg))) ? true : undefined;
      },
      90_000,
      'the service to listen',
    );
    return service;
  }

  const kill = async (service: WorkerProcess, signal: NodeJS.Signals) => {
    const exited = new Promise((resolve) => service.process.once('exit', resolve));
    service.process.kill(signal);
    await exited;
  };
  /** One redis-cli command to the server on `port`, with `password` if given (in the environment, not the command line). */
  const redisCli = (port: number, command: string, password?: string, ...args: string[]) => {
    const answer = spawnSync('redis-cli', ['-p', String(port), command, ...args], {
      encoding: 'utf8',
      env: { ...process.env, ...(password ? { REDISCLI_AUTH: password } : {}) },
    });
    return `${answer.stdout}${answer.stderr}`.trim();
  };
  const recordedServer = () => JSON.parse(readFileSync(join(redisDir, 'embedded-redis.json'), 'utf8')) as { pid: number; port: number };

  it('adopts the redis-server a killed start left behind, never runs two on one folder, and stops it on a graceful stop', async () => {
    const first = await startService();
    const [server] = redisServersOf(redisDir);
    expect(redisServersOf(redisDir)).toEqual([server]);
    expect(recordedServer().pid).toBe(server);

    // Killed twice in a row, as an OOM killer would: the server outlives each service, and each new start adopts it.
    await kill(first, 'SIGKILL');
    expect(redisServersOf(redisDir)).toEqual([server]);
    const second = await startService();
    expect(second.lines.some((l) => /Adopting the private redis-server/.test(String(l.msg ?? l.message)))).toBe(true);
    expect(redisServersOf(redisDir)).toEqual([server]);
    await kill(second, 'SIGKILL');
    const third = await startService();
    expect(redisServersOf(redisDir)).toEqual([server]);
    expect(recordedServer()).toMatchObject({ pid: server, ownerPid: third.process.pid });

    // A graceful stop stops the server it adopted, and forgets it.
    await kill(third, 'SIGTERM');
    await until(() => (redisServersOf(redisDir).length === 0 ? true : undefined), 10_000, 'the redis-server to stop');
    expect(existsSync(join(redisDir, 'embedded-redis.json'))).toBe(false);
  }, 300_000);

  it('keeps the data folder to itself and its redis-server behind a password, and gives one to a password-less server it adopts', async () => {
    const first = await startService();
    const modeOf = (path: string) => statSync(path).mode & 0o777;
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'mapr.sqlite'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(modeOf(redisDir)).toBe(0o700);
    expect(modeOf(join(redisDir, 'redis-password'))).toBe(0o600);
    const password = readFileSync(join(redisDir, 'redis-password'), 'utf8').trim();
    const { pid, port } = recordedServer();
    // Nothing answers without the password; and the password is on no command line.
    expect(redisCli(port, 'PING')).toMatch(/NOAUTH/);
    expect(redisCli(port, 'PING', password)).toBe('PONG');
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(password);
    // A server left by a version without passwords (killed with its service) is given the password when adopted.
    await kill(first, 'SIGKILL');
    expect(redisCli(port, 'CONFIG', password, 'SET', 'requirepass', '')).toBe('OK');
    expect(redisCli(port, 'PING')).toBe('PONG');
    const second = await startService();
    expect(redisServersOf(redisDir)).toEqual([pid]);
    expect(redisCli(port, 'PING')).toMatch(/NOAUTH/);
    expect(redisCli(port, 'PING', password)).toBe('PONG');
    await kill(second, 'SIGTERM');
    await until(() => (redisServersOf(redisDir).length === 0 ? true : undefined), 10_000, 'the redis-server to stop');
  }, 300_000);

  it('replaces a recorded redis-server that no longer answers instead of starting a second beside it', async () => {
    const first = await startService();
    const [server] = redisServersOf(redisDir);
    await kill(first, 'SIGKILL');
    // Frozen: alive, but it answers nothing.
    process.kill(server, 'SIGSTOP');
    const second = await startService();
    const servers = redisServersOf(redisDir);
    expect(servers).toHaveLength(1);
    expect(servers[0]).not.toBe(server);
    await kill(second, 'SIGTERM');
    await until(() => (redisServersOf(redisDir).length === 0 ? true : undefined), 10_000, 'the redis-server to stop');
  }, 300_000);
});
