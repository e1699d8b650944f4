import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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

/** A short-lived client of the server on `port` (with `password`, else none), for the checks below. */
async function withClient<T>(port: number, password: string | undefined, use: (client: Redis) => Promise<T>): Promise<T | undefined> {
  // A frozen server still accepts connections (the kernel does), so the answer has a deadline.
  const client = new Redis({
    host: '127.0.0.1',
    port,
    password,
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
    return await use(client);
  } catch {
    return undefined;
  } finally {
    client.disconnect();
  }
}

async function answersPing(port: number, password: string): Promise<boolean> {
  return (await withClient(port, password, (client) => client.ping())) === 'PONG';
}

/**
 * A server started before the private Redis had a password answers without one: it is given this folder's password
 * (CONFIG SET, at once for every new connection), so that adopting it leaves no open server behind.
 */
async function requirePassword(port: number, password: string): Promise<boolean> {
  const open = await withClient(port, undefined, async (client) => (await client.ping()) === 'PONG');
  if (!open) return false;
  await withClient(port, undefined, (client) => client.config('SET', 'requirepass', password));
  return true;
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !alive(pid);
}

/**
 * A private `redis-server` for the embedded default (no REDIS_URL). Its data lives in the data folder (append-only
 * file, so queued jobs and webhook retries survive restarts), it listens on loopback only with a password (`requirepass`,
 * generated once into `redis-password`, 0600, and put in the URL the service uses), and the folder never has two
 * servers: `embedded-redis.json` records the server's pid and port and the service process that owns it.
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

  private get passwordFile(): string {
    return join(this.dataDir, 'redis-password');
  }

  /**
   * The folder's Redis password (`requirepass`): generated on the first start and kept beside the server's data, its
   * owner's only, so that a later start (or one adopting the server) knows it.
   */
  private password(): string {
    if (existsSync(this.passwordFile)) {
      chmodSync(this.passwordFile, 0o600);
      return readFileSync(this.passwordFile, 'utf8').trim();
    }
    const password = randomBytes(32).toString('base64url');
    writeFileSync(this.passwordFile, `${password}\n`, { mode: 0o600 });
    return password;
  }

  /** The URL of the folder's redis-server, running or started now, with its password. */
  async start(): Promise<string> {
    mkdirSync(this.dataDir, { recursive: true, mode: 0o700 });
    chmodSync(this.dataDir, 0o700);
    const password = this.password();
    const found = await this.findRunning(password);
    const port = found ? found.port : await this.spawnServer(password);
    // Also on a plain exit (an error at boot, process.exit elsewhere).
    process.once('exit', () => this.stopSync());
    return `redis://:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  }

  /**
   * The URL of the folder's redis-server when a service process runs one and it answers; else undefined. Starts,
   * adopts and changes nothing: for tools that talk to a running service's Redis (the operator CLI).
   */
  async runningUrl(): Promise<string | undefined> {
    const record = this.readRecord();
    if (!record || !existsSync(this.passwordFile) || !alive(record.pid) || !isRedisServerOf(record.pid, this.dataDir)) return undefined;
    const password = readFileSync(this.passwordFile, 'utf8').trim();
    if (!(await answersPing(record.port, password))) return undefined;
    return `redis://:${encodeURIComponent(password)}@127.0.0.1:${record.port}`;
  }

  /** The folder's redis-server if one is running and answers (adopted when its owner is gone); else none left. */
  private async findRunning(password: string): Promise<ServerRecord | undefined> {
    const record = this.readRecord();
    if (!record || !alive(record.pid) || !isRedisServerOf(record.pid, this.dataDir)) {
      rmSync(this.recordFile, { force: true });
      return undefined;
    }
    if (await requirePassword(record.port, password))
      logger.warn(`The private redis-server left by an earlier start (pid ${record.pid}) had no password: it has one now`);
    if (!(await answersPing(record.port, password))) {
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

  private async spawnServer(password: string): Promise<number> {
    const port = await freePort();
    const args = [
      // The configuration's first part comes from standard input: the password, which a command line would show to
      // every user of the machine (`ps`).
      '-',
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
    const child = spawn('redis-server', args, { stdio: ['pipe', 'ignore', 'pipe'] });
    this.child = child;
    child.stdin!.on('error', () => undefined);
    child.stdin!.end(`requirepass ${password}\n`);
    const spawnError = new Promise<never>((_, reject) =>
      child.once('error', (err) =>
        reject(new Error(`Could not start redis-server (${err.message}). Install it (apt-get install redis-server) or set REDIS_URL.`)),
      ),
    );
    await Promise.race([spawnError, this.waitUntilReady(port, password)]);
    this.ownedPid = child.pid!;
    this.writeRecord({ pid: child.pid!, port, ownerPid: process.pid });
    child.once('exit', (code, signal) => {
      if (this.child) logger.error(`redis-server exited unexpectedly (code ${code}, signal ${signal})`);
    });
    logger.log(`Started a private redis-server on 127.0.0.1:${port}, with a password (data in ${this.dataDir})`);
    return port;
  }

  private async waitUntilReady(port: number, password: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (await answersPing(port, password)) return;
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
    writeFileSync(partial, JSON.stringify(record), { mode: 0o600 });
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
