import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import { isRunning as alive } from '../../common/util/process-scratch';

const logger = new Logger('EmbeddedRedis');

/** What the data folder records of its redis-server, so that a later start finds it (`embedded-redis.json`). */
interface ServerRecord {
  /** The redis-server's pid and port. */
  pid: number;
  port: number;
  /** The service process that stops it when it exits (it started it, or adopted it from a dead one). */
  ownerPid: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Whether `pid` is a redis-server whose data folder is `dir` (pids are reused: the record alone proves nothing).
 * redis-server rewrites its command line ("redis-server 127.0.0.1:6379"), but works in its `--dir`.
 */
function isRedisServerOf(pid: number, dir: string): boolean {
  try {
    const name = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return name.startsWith('redis-server') && realpathSync(readlinkSync(`/proc/${pid}/cwd`)) === realpathSync(dir);
  } catch {
    return false;
  }
}

async function answersPing(port: number): Promise<boolean> {
  // A frozen server still accepts connections (the kernel does), so the answer has a deadline.
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1_000,
    commandTimeout: 1_000,
  });
  // Refused connections are expected while a server starts; without a listener ioredis prints each one.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

/**
 * A private `redis-server` for the embedded default (no REDIS_URL). Its data lives in the data folder (append-only
 * file, so queued jobs and webhook retries survive restarts), it listens on loopback only, and the folder never has
 * two servers: `embedded-redis.json` records the server's pid and port and the service process that owns it.
 *
 * - The owner stops it when it exits (SIGTERM, or a plain exit), and the record goes with it.
 * - A service killed outright (SIGKILL, the OOM killer) leaves its redis-server running: the next start finds it
 *   through the record, checks that it is that folder's redis-server and answers, and adopts it instead of starting
 *   a second one on the same append-only file. A recorded server that no longer answers is killed before a new one
 *   starts.
 * - A second service process started on the same folder while the owner lives uses the owner's server.
 */
export class EmbeddedRedis {
  private child?: ChildProcess;
  /** The pid of the server this process must stop on exit (started or adopted); undefined when it only uses one. */
  private ownedPid?: number;

  constructor(private readonly dataDir: string) {}

  private get recordFile(): string {
    return join(this.dataDir, 'embedded-redis.json');
  }

  async start(): Promise<string> {
    mkdirSync(this.dataDir, { recursive: true });
    const found = await this.findRunning();
    const url = found ? `redis://127.0.0.1:${found.port}` : await this.spawnServer();
    // Also on a plain exit (an error at boot, process.exit elsewhere).
    process.once('exit', () => this.stopSync());
    return url;
  }

  /** The folder's redis-server if one is running and answers (adopted when its owner is gone); else none left. */
  private async findRunning(): Promise<ServerRecord | undefined> {
    const record = this.readRecord();
    if (!record || !alive(record.pid) || !isRedisServerOf(record.pid, this.dataDir)) {
      rmSync(this.recordFile, { force: true });
      return undefined;
    }
    if (!(await answersPing(record.port))) {
      logger.warn(`The private redis-server left by an earlier start (pid ${record.pid}) does not answer: stopping it`);
      process.kill(record.pid, 'SIGTERM');
      if (!(await waitForExit(record.pid, 5_000))) process.kill(record.pid, 'SIGKILL');
      await waitForExit(record.pid, 5_000);
      rmSync(this.recordFile, { force: true });
      return undefined;
    }
    if (record.ownerPid !== process.pid && alive(record.ownerPid)) {
      logger.log(`Using the private redis-server of process ${record.ownerPid} on port ${record.port}`);
      return record;
    }
    logger.log(`Adopting the private redis-server left running by an earlier start (pid ${record.pid}, port ${record.port})`);
    this.ownedPid = record.pid;
    this.writeRecord({ ...record, ownerPid: process.pid });
    return record;
  }

  private async spawnServer(): Promise<string> {
    const port = await freePort();
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--dir',
      this.dataDir,
      '--appendonly',
      'yes',
      '--save',
      '',
      '--protected-mode',
      'yes',
    ];
    const child = spawn('redis-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    const spawnError = new Promise<never>((_, reject) =>
      child.once('error', (err) =>
        reject(new Error(`Could not start redis-server (${err.message}). Install it (apt-get install redis-server) or set REDIS_URL.`)),
      ),
    );
    await Promise.race([spawnError, this.waitUntilReady(port)]);
    this.ownedPid = child.pid!;
    this.writeRecord({ pid: child.pid!, port, ownerPid: process.pid });
    child.once('exit', (code, signal) => {
      if (this.child) logger.error(`redis-server exited unexpectedly (code ${code}, signal ${signal})`);
    });
    const url = `redis://127.0.0.1:${port}`;
    logger.log(`Started a private redis-server on ${url} (data in ${this.dataDir})`);
    return url;
  }

  private async waitUntilReady(port: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await answersPing(port)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('redis-server did not become ready within 10 s');
  }

  private readRecord(): ServerRecord | undefined {
    if (!existsSync(this.recordFile)) return undefined;
    try {
      const record = JSON.parse(readFileSync(this.recordFile, 'utf8')) as Partial<ServerRecord>;
      return Number.isInteger(record.pid) && Number.isInteger(record.port) && Number.isInteger(record.ownerPid)
        ? (record as ServerRecord)
        : undefined;
    } catch {
      return undefined;
    }
  }

  private writeRecord(record: ServerRecord): void {
    // Written whole, then renamed: a reader never sees half a record.
    const partial = `${this.recordFile}.${process.pid}.partial`;
    writeFileSync(partial, JSON.stringify(record));
    renameSync(partial, this.recordFile);
  }

  /** Asks the owned redis-server to shut down (it flushes its append-only file first) and removes the record. */
  stopSync(): void {
    const pid = this.ownedPid;
    this.ownedPid = undefined;
    this.child = undefined;
    if (pid === undefined) return;
    if (alive(pid)) process.kill(pid, 'SIGTERM');
    const record = this.readRecord();
    if (record?.pid === pid) rmSync(this.recordFile, { force: true });
  }
}
