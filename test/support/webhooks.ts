import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config';
import { coreImports } from '../../src/core.imports';
import { RenderJob, JobEventsService } from '../../src/modules/rendering/testing';
import { WebhooksWorkerModule } from '../../src/modules/webhooks';
import type { TestApp } from './test-app';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The raw body text, exactly as received. */
  body: string;
}

/** What the receiver does with one request: answer with a status (optionally a Location), or never answer. */
export type ReceiverAnswer = number | { status: number; location?: string } | 'hang';

/**
 * A real webhook receiver on 127.0.0.1 (port 0). Answers come from a script per path, in order;
 * after the script runs out it answers 200.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly scripts = new Map<string, ReceiverAnswer[]>();
  private hanging: ServerResponse[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<WebhookReceiver> {
    // The handler runs only after `receiver` is assigned (requests come after listening).
    const server = createServer((req, res) => receiver.handle(req, res));
    const receiver = new WebhookReceiver(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  url(path = '/hooks/mapr'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Scripts the next answers on `path`. */
  answer(path: string, ...answers: ReceiverAnswer[]): void {
    this.scripts.set(path, [...(this.scripts.get(path) ?? []), ...answers]);
  }

  /** Requests received on `path` (the receiver may be shared by several tests through distinct paths). */
  on(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const answer = this.scripts.get(req.url ?? '')?.shift() ?? 200;
      if (answer === 'hang') {
        this.hanging.push(res);
        return;
      }
      const { status, location } = typeof answer === 'number' ? { status: answer, location: undefined } : answer;
      res.writeHead(status, { 'Content-Type': 'text/plain', ...(location ? { Location: location } : {}) });
      res.end(`answer ${status}`);
    });
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

@Module({})
class WebhookWorkerHarness {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WebhookWorkerHarness, imports: [...coreImports(config), WebhooksWorkerModule] };
  }
}

/**
 * The worker side of webhooks (the `webhooks` queue processor) on the test app's configuration:
 * same database, same Redis and key prefix, as a separate worker process would run it.
 */
export async function startWebhookWorker(t: TestApp): Promise<INestApplicationContext> {
  const worker = await NestFactory.createApplicationContext(WebhookWorkerHarness.forRoot(t.config), { logger: false });
  await worker.init();
  return worker;
}

/** Polls `read` until `done` holds (a bound against hanging, not a timing assertion). */
export async function waitFor<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`waitFor: condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ends a job as the render worker would (row first), then runs what follows a job's end. */
export async function endJob(t: TestApp, jobId: string, outcome: 'complete' | 'failed' | 'processing'): Promise<RenderJob> {
  const jobs = t.app.get(DataSource).getRepository(RenderJob);
  const now = new Date();
  if (outcome === 'processing') {
    await jobs.update({ id: jobId }, { status: 'processing', startedAt: now });
    return jobs.findOneByOrFail({ id: jobId });
  }
  if (outcome === 'complete') {
    await jobs.update(
      { id: jobId },
      {
        status: 'complete',
        progress: 1,
        videoKey: `renders/${jobId}.mp4`,
        thumbnailKey: `renders/${jobId}_thumb.jpg`,
        durationSeconds: 5,
        resolution: '1280x720',
        fileSizeBytes: 123456,
        completedAt: now,
        expiresAt: new Date(now.getTime() + 7 * 86400_000),
      },
    );
  } else {
    await jobs.update(
      { id: jobId },
      {
        status: 'failed',
        errorCode: 'MARITIME_ROUTE_ERROR',
        errorMessage: 'Leg 1 (Madrid → Denver): Madrid is 300 km from navigable water',
        failedAt: now,
      },
    );
  }
  const job = await jobs.findOneByOrFail({ id: jobId });
  await t.app.get(JobEventsService).onJobEnded(job);
  return job;
}
