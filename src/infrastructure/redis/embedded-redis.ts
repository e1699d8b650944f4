import { ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

const logger = new Logger('EmbeddedRedis');

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
 * A private `redis-server` child process for the embedded default (no REDIS_URL). Its data lives
 * in the data folder (append-only file, so queued jobs and webhook retries survive restarts),
 * it listens on loopback only, and it is stopped when this process exits.
 */
export class EmbeddedRedis {
  private child?: ChildProcess;

  constructor(private readonly dataDir: string) {}

  async start(): Promise<string> {
    mkdirSync(this.dataDir, { recursive: true });
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
    const url = `redis://127.0.0.1:${port}`;
    await Promise.race([spawnError, this.waitUntilReady(url)]);
    child.once('exit', (code, signal) => {
      if (this.child) logger.error(`redis-server exited unexpectedly (code ${code}, signal ${signal})`);
    });
    // Also on a plain exit (an error at boot, process.exit elsewhere).
    process.once('exit', () => this.stopSync());
    logger.log(`Started a private redis-server on ${url} (data in ${this.dataDir})`);
    return url;
  }

  private async waitUntilReady(url: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      // Refused connections are expected until redis-server listens; connect() rejects with them.
      // Without a listener ioredis would also print each one as an "Unhandled error event".
      client.on('error', () => undefined);
      try {
        await client.connect();
        if ((await client.ping()) === 'PONG') return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      } finally {
        client.disconnect();
      }
    }
    throw new Error('redis-server did not become ready within 10 s');
  }

  /** Asks redis-server to shut down (it flushes its append-only file first). */
  stopSync(): void {
    const child = this.child;
    this.child = undefined;
    if (child && child.exitCode === null) child.kill('SIGTERM');
  }
}
