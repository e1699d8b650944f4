/**
 * A redis-server of the test's own, on a fixed port and folder, that a scenario may kill and start again: with its
 * append-only file (what was acknowledged survives a crash) or without persistence (a restart loses everything).
 */
import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { freePort } from '../../support/test-app';

export class PrivateRedis {
  private child: ChildProcess | null = null;
  private readonly dir = mkdtempSync(join(tmpdir(), 'mapr-faults-redis-'));

  private constructor(
    readonly port: number,
    private readonly appendOnly: boolean,
  ) {}

  static async start(options: { appendOnly: boolean }): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), options.appendOnly);
    await redis.startAgain();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on the same port and folder: with the append-only file it reloads what it had. */
  async startAgain(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir, '--save', ''];
    // Every write is on disk before it is acknowledged, so a kill loses nothing acknowledged.
    args.push('--appendonly', this.appendOnly ? 'yes' : 'no', '--appendfsync', 'always');
    this.child = spawn('redis-server', args, { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    for (;;) {
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined); // refused until the server listens: expected, and retried below
      try {
        await probe.connect();
        // Loading the append-only file answers LOADING until done.
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${this.port} did not start`);
      } finally {
        probe.disconnect();
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Kills the server (SIGKILL: a crash, nothing flushed that was not already). */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  async close(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
