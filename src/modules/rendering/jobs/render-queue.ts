/**
 * The render queue seam: the one file of the rendering module that knows the queue is Bull.
 * Everything else speaks of adding a job, asking whether it is queued, removing it and consuming
 * entries (docs/adr/0002-queue-seam.md). Moving to BullMQ touches this file and webhook-queue.ts.
 */
import { BullModule, InjectQueue } from '@nestjs/bull';
import { Global, Injectable, Module } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { APP_CONFIG, AppConfig } from '../../../config';
import { SmartBatcher } from '../../../common/util/smart-batcher';
import { QUEUE_HEALTH, QueueHealth } from '../../../infrastructure/health/queue-health';

export const RENDER_QUEUE = 'render';

/** Bull's reason for failing an entry whose workers kept dying (its lock lapsed more than maxStalledCount times). */
const STALLED_TOO_OFTEN = /stalled more than/;

/**
 * What a render queue entry carries: the job id and its account, and for a job split into chunks (contract §18)
 * which part of it the entry is: one chunk (`chunk`: its index in the plan) or the join of all of them (`join`).
 * An entry with neither is the job itself.
 */
export interface RenderQueueData {
  jobId: string;
  accountId: string;
  /** Sandbox work (a `mapr_test_` key's job): taken after every live job waiting (entryOf). */
  sandbox?: true;
  chunk?: number;
  join?: true;
}

/** An entry's id: the job id for the job itself, `<job>-chunk-<n>` and `<job>-join` for its parts. */
export function entryId(data: RenderQueueData): string {
  if (data.join) return `${data.jobId}-join`;
  if (data.chunk !== undefined) return `${data.jobId}-chunk-${data.chunk}`;
  return data.jobId;
}

/** One entry handed to a consumer. */
export interface RenderTask {
  data: RenderQueueData;
  /** Mirrors the job's progress (0–1) on the queue entry, for queue dashboards; never throws. */
  reportProgress(fraction: number): void;
}

export interface RenderQueueConsumer {
  /** Runs one entry. Resolving ends the entry; rejecting fails it (and the queue gives up on it). */
  handle(task: RenderTask): Promise<void>;
  /** The queue will not run this entry again: it failed, or stalled too often (its workers kept dying). */
  onGivenUp(data: RenderQueueData, err: Error): void;
}

/**
 * Render jobs hold a lock their worker renews; when a worker dies the lock lapses and the job is
 * "stalled": the queue hands it to another worker. Three stalls in a row and it gives up (the
 * worker then records the job as failed).
 */
export function renderQueueSettings(lockSeconds: number) {
  const lockDuration = lockSeconds * 1000;
  return { lockDuration, lockRenewTime: lockDuration / 3, stalledInterval: lockDuration / 2, maxStalledCount: 3 };
}

/**
 * The order in which waiting entries are taken (Bull's priority: lower first, first come first served within one):
 * the parts of a job already started, then live jobs, then sandbox jobs. Every entry has one, because Bull orders
 * entries with a priority among themselves only (an entry without one would be misplaced by the others).
 */
export const QUEUE_PRIORITY = { jobPart: 1, live: 2, sandbox: 3 } as const;

/** An entry's options: its id says what it is (entryId), so adding it again while it exists is a no-op. */
function entryOf(data: RenderQueueData) {
  const part = data.join || data.chunk !== undefined;
  const priority = part ? QUEUE_PRIORITY.jobPart : data.sandbox ? QUEUE_PRIORITY.sandbox : QUEUE_PRIORITY.live;
  return {
    data: {
      jobId: data.jobId,
      accountId: data.accountId,
      ...(data.sandbox ? { sandbox: true as const } : {}),
      ...(data.chunk !== undefined ? { chunk: data.chunk } : {}),
      ...(data.join ? { join: true as const } : {}),
    },
    opts: { jobId: entryId(data), removeOnComplete: true, removeOnFail: 1000, priority },
  };
}

/** The job a render queue entry stands for. */
export function renderQueueData(job: { id: string; accountId: string; sandbox: boolean }): RenderQueueData {
  return { jobId: job.id, accountId: job.accountId, ...(job.sandbox ? { sandbox: true as const } : {}) };
}

@Injectable()
export class RenderQueue implements QueueHealth {
  /** Adds that arrive while earlier ones are in flight go out together: one Redis round trip (MULTI). */
  private readonly adds = new SmartBatcher<RenderQueueData>((entries) => this.addMany(entries), {
    maxConcurrentFlushes: 2,
    maxWeight: 500,
  });

  constructor(@InjectQueue(RENDER_QUEUE) private readonly queue: Queue<RenderQueueData>) {}

  /** Puts one job on the queue (idempotent per job id); batched with concurrent adds. Rejects if Redis refused it. */
  add(job: RenderQueueData): Promise<void> {
    return this.adds.submit(job);
  }

  /** Puts several jobs on the queue in one round trip; rejects if Redis refused any of them. */
  async addMany(jobs: RenderQueueData[]): Promise<void> {
    if (jobs.length === 0) return;
    const added = await this.queue.addBulk(jobs.map(entryOf));
    // addBulk does not report a refused add (that entry just has no id): failing the whole call
    // makes the batcher add each job again on its own, so the refused one fails alone.
    if (added.some((queued) => !queued.id)) throw new Error('Redis refused a render queue add');
  }

  /** Puts the chunks of a split job on the queue, ahead of the jobs waiting to start (QUEUE_PRIORITY), chunk 0 first. */
  async addChunks(job: RenderQueueData, count: number): Promise<void> {
    const chunks = Array.from({ length: count }, (_, chunk) => ({ jobId: job.jobId, accountId: job.accountId, chunk }));
    // A job split again (taken up after it was stranded) may have a chunk whose entry failed: it must run again.
    await this.requeue(chunks);
  }

  /** Puts the join of a split job's chunks on the queue, ahead of the jobs waiting to start. */
  async addJoin(job: RenderQueueData): Promise<void> {
    await this.requeue([{ jobId: job.jobId, accountId: job.accountId, join: true }]);
  }

  /**
   * Whether the job has any entry left: itself, one of its `chunks` chunks, or its join. Looked up in the order a
   * job moves through them (each adds the next before it ends), so a job moving on is never seen without one.
   */
  async hasAnyEntry(jobId: string, chunks: number): Promise<boolean> {
    return (await this.entriesOf(jobId, chunks)) === 'live';
  }

  /**
   * What is left on the queue of a job (its own entry, its `chunks` chunks', its join): `live` when one is waiting or
   * running, `failed` when one ended failed and none is live (the job is certainly stranded: its handler could not
   * record anything), `none` when there is no entry at all (lost, or not added yet).
   */
  async entriesOf(jobId: string, chunks = 0): Promise<'live' | 'failed' | 'none'> {
    const ids = [
      jobId,
      ...Array.from({ length: chunks }, (_, chunk) => entryId({ jobId, accountId: '', chunk })),
      entryId({ jobId, accountId: '', join: true }),
    ];
    let failed = false;
    // In the order a job moves through them (each adds the next before it ends): a job moving on is never missed.
    for (const id of ids) {
      const entry = await this.queue.getJob(id);
      if (!entry) continue;
      if (!(await entry.isFailed())) return 'live';
      failed = true;
    }
    return failed ? 'failed' : 'none';
  }

  /**
   * Puts entries that were lost back on the queue. An entry kept after it failed (Bull keeps the last 1000) has the
   * same id, and an add under an id that exists does nothing: it is removed first.
   */
  async requeue(jobs: RenderQueueData[]): Promise<void> {
    for (const job of jobs) {
      const old = await this.queue.getJob(entryId(job));
      if (old && (await old.isFailed())) await old.remove();
    }
    await this.addMany(jobs);
  }

  /** The entry of a job, while it has one (waiting, running, or kept after failing); null otherwise. */
  async find(jobId: string): Promise<RenderQueueData | null> {
    return (await this.queue.getJob(jobId))?.data ?? null;
  }

  /** Whether the job's own entry is waiting or running (a failed one it left behind does not count). */
  async isQueued(jobId: string): Promise<boolean> {
    const entry = await this.queue.getJob(jobId);
    return entry !== null && !(await entry.isFailed());
  }

  /**
   * Removes a job's entry unless a worker is running it (that worker hears of a cancel otherwise). The entries of
   * its chunks and join skip themselves: they check the job's state first.
   */
  async remove(jobId: string): Promise<void> {
    const entry = await this.queue.getJob(jobId);
    if (entry && !(await entry.isActive())) await entry.remove();
  }

  /** Entry counts for the readiness check; rejects when the queue's Redis does not answer. */
  async counts(): Promise<{ waiting: number; active: number; delayed: number }> {
    await this.queue.isReady();
    const { waiting, active, delayed } = await this.queue.getJobCounts();
    return { waiting, active, delayed };
  }

  /**
   * Runs up to `concurrency` entries at once in this process. A worker that dies mid-entry loses
   * its lock; the entry stalls and is handed to another worker (renderQueueSettings).
   */
  consume(concurrency: number, consumer: RenderQueueConsumer): void {
    void this.queue.process(concurrency, (job: Job<RenderQueueData>) =>
      consumer.handle({
        data: job.data,
        reportProgress: (fraction) => void job.progress(Math.round(fraction * 100)).catch(() => undefined),
      }),
    );
    // Entries are added with one attempt, so every 'failed' entry is done with: the handler rejected, or the entry
    // stalled more than maxStalledCount times. Only the second says the job itself keeps killing its workers. A
    // handler rejects when it could not record anything (the database away as it claimed or failed the job, or a
    // shutdown): the job's row still says queued or processing, and the sweep queues it again once it is back.
    this.queue.on('failed', (job: Job<RenderQueueData> | null | undefined, err: Error) => {
      if (job && STALLED_TOO_OFTEN.test(err?.message ?? '')) consumer.onGivenUp(job.data, err);
    });
  }

  /** Stops consuming without waiting for running entries: they stall and are taken up again. */
  async stopConsuming(): Promise<void> {
    await this.queue.close(true);
  }
}

/**
 * Registers the `render` queue on the configured Redis and key prefix, and provides its adapter.
 * Global: one render queue per process, and the readiness check (QUEUE_HEALTH) finds it without
 * infrastructure importing a module.
 */
@Global()
@Module({
  imports: [
    BullModule.registerQueueAsync({
      name: RENDER_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        redis: config.redis.url,
        prefix: `${config.redis.keyPrefix}:bull`,
        settings: renderQueueSettings(config.rendering.lockSeconds),
      }),
    }),
  ],
  providers: [RenderQueue, { provide: QUEUE_HEALTH, useExisting: RenderQueue }],
  exports: [RenderQueue, QUEUE_HEALTH],
})
export class RenderQueueModule {}
