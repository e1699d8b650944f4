/**
 * Periodic sweeps that run once per interval across the fleet, not once per process: each sweep is a repeatable
 * job on a Bull queue of its own (`sweep:<name>`, under the app's key prefix). Every process that has the sweep
 * registers the same repeat under the same job id, which Bull keeps as one schedule; each due run goes to exactly one
 * of the processes consuming that queue. The one file that knows sweeps are Bull (as render-queue.ts and
 * webhook-queue.ts are for theirs, ADR 0002).
 *
 * Each process also runs each of its sweeps once as it starts (a restart after an outage should not wait for the next
 * interval). A run that throws is logged and the schedule goes on. Runs of one sweep may overlap across processes
 * when one takes longer than the interval: every sweep is safe to run twice (it re-adds entries under fixed ids and
 * marks rows it finished).
 */
import { Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown, Global } from '@nestjs/common';
import Queue from 'bull';
import { APP_CONFIG, AppConfig } from '../../config';

export interface Sweep {
  /** Stable name: the queue's and the schedule's id. */
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

@Injectable()
export class SweepSchedule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SweepSchedule.name);
  private readonly sweeps = new Map<string, Sweep>();
  private readonly queues: Queue.Queue[] = [];
  private readonly watches: NodeJS.Timeout[] = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Call from onModuleInit: the schedule starts when the application has booted. */
  register(sweep: Sweep): void {
    if (this.sweeps.has(sweep.name)) throw new Error(`sweep ${sweep.name} is registered twice`);
    this.sweeps.set(sweep.name, sweep);
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const sweep of this.sweeps.values()) {
      void this.runOnce(sweep, 'start');
      await this.schedule(sweep).catch((err: unknown) => this.logger.warn({ err, sweep: sweep.name }, 'Could not schedule a sweep'));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const watch of this.watches) clearInterval(watch);
    await Promise.all(this.queues.map((queue) => queue.close().catch(() => undefined)));
  }

  private async schedule(sweep: Sweep): Promise<void> {
    const queue = new Queue(`sweep:${sweep.name}`, this.config.redis.url!, { prefix: `${this.config.redis.keyPrefix}:bull` });
    this.queues.push(queue);
    queue.on('error', (err) => this.logger.warn({ err, sweep: sweep.name }, 'Sweep queue error'));
    // A schedule left by a deployment with another interval would run beside this one: remove it.
    for (const repeat of await queue.getRepeatableJobs()) {
      if (Number(repeat.every) !== sweep.everyMs) await queue.removeRepeatableByKey(repeat.key);
    }
    void queue.process(1, () => this.runOnce(sweep, 'schedule'));
    await this.ensureRepeat(queue, sweep);
    // The schedule lives in Redis: a Redis that lost its data (restarted without persistence, flushed) lost it too,
    // just when the sweeps are needed most. Each process checks it every interval and adds it back (one schedule
    // however many add it).
    const watch = setInterval(
      () =>
        void this.ensureRepeat(queue, sweep).catch((err: unknown) =>
          this.logger.warn({ err, sweep: sweep.name }, 'Could not check a sweep schedule'),
        ),
      sweep.everyMs,
    );
    watch.unref();
    this.watches.push(watch);
  }

  private async ensureRepeat(queue: Queue.Queue, sweep: Sweep): Promise<void> {
    const repeats = await queue.getRepeatableJobs();
    if (repeats.some((repeat) => Number(repeat.every) === sweep.everyMs)) return;
    await queue.add({}, { jobId: sweep.name, repeat: { every: sweep.everyMs }, removeOnComplete: true, removeOnFail: true });
  }

  private async runOnce(sweep: Sweep, trigger: 'start' | 'schedule'): Promise<void> {
    try {
      await sweep.run();
    } catch (err) {
      this.logger.warn({ err, sweep: sweep.name, trigger }, 'Sweep failed; it runs again at its next interval');
    }
  }
}

/** The sweep schedule of a process; global, so any module's sweeper registers with it. */
@Global()
@Module({ providers: [SweepSchedule], exports: [SweepSchedule] })
export class SweepScheduleModule {}
