import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { SweepSchedule } from '../../../infrastructure/sweeps/sweep-schedule';
import { RenderBatchJob } from '../batches/entities/render-batch-job.entity';
import { RenderJob } from '../entities/render-job.entity';
import { RenderChunks } from '../jobs/render-chunks';
import { RenderQueue, renderQueueData } from '../jobs/render-queue';

/**
 * A queued job this old without a queue entry has lost it (the API died after storing it, or Redis refused the add):
 * the intake adds the entry right after the row, in milliseconds. Adding it again early is harmless (an entry's id is
 * its job's, so a late add of the intake does nothing), so the bound only spares needless work.
 */
const LOST_AFTER_MS = 15_000;
const BATCH = 500;

/**
 * Safety net for accepted renders: the job row is stored first and put on the render queue just
 * after, so a crash or a Redis fault in between would leave it `queued` forever, holding a
 * concurrent slot and a render of quota. At start and every RENDER_QUEUE_SWEEP_SECONDS (60, once across the fleet: SweepSchedule),
 * queued jobs that should be on the queue (single renders, and batch jobs the scheduler has
 * released) and are not get their entry again. The queue entry's id is the job id, so a race with a
 * late add cannot duplicate a job.
 *
 * Likewise a `processing` job that has no queue entry left at all (not its own, none of its chunks', not its
 * join: Redis lost them, e.g. flushed) would hang forever: once it started over 15 s ago, it gets its job
 * entry again, and the worker that takes it claims it once more (a split job reuses its plan and the chunks
 * already stored, when Redis still has them).
 */
@Injectable()
export class RenderQueueSweeper implements OnModuleInit {
  private readonly logger = new Logger(RenderQueueSweeper.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    private readonly queue: RenderQueue,
    private readonly chunks: RenderChunks,
    private readonly schedule: SweepSchedule,
  ) {}

  onModuleInit(): void {
    const everySeconds = this.config.rendering.queueSweepSeconds;
    if (everySeconds === 0) return;
    this.schedule.register({ name: 'render-queue', everyMs: everySeconds * 1000, run: () => this.sweep() });
  }

  /** Returns the ids of the jobs put back on the queue. */
  async sweep(): Promise<string[]> {
    try {
      const lost = await this.lostQueuedJobs();
      const stranded = await this.strandedProcessingJobs();
      if (lost.length === 0 && stranded.length === 0) return [];
      await this.queue.requeue([...lost, ...stranded].map(renderQueueData));
      if (lost.length)
        this.logger.warn({ jobs: lost.map((job) => job.id) }, 'Queued render jobs had lost their queue entry; queued them again');
      if (stranded.length)
        this.logger.warn({ jobs: stranded.map((job) => job.id) }, 'Processing render jobs had no queue entry left; queued them again');
      return [...lost, ...stranded].map((job) => job.id);
    } catch (err) {
      this.logger.warn({ err }, 'Render queue sweep failed; trying again at the next sweep');
      return [];
    }
  }

  /**
   * Queued jobs that should be on the queue (single renders, and batch jobs the scheduler has released) and are
   * not: no entry for over LOST_AFTER_MS (an add may still be on its way before that), or an entry that failed
   * (its worker could not claim the job: the database was away), at once.
   */
  private async lostQueuedJobs(): Promise<RenderJob[]> {
    const candidates = await this.jobs
      .createQueryBuilder('job')
      .leftJoin(RenderBatchJob, 'bj', 'bj.job_id = job.id')
      .where("job.status = 'queued'")
      .andWhere('(bj.job_id IS NULL OR bj.enqueued_at IS NOT NULL)')
      .orderBy('job.created_at', 'ASC')
      .take(BATCH)
      .getMany();
    const cutoff = Date.now() - LOST_AFTER_MS;
    const lost: RenderJob[] = [];
    for (const job of candidates) {
      const entries = await this.queue.entriesOf(job.id);
      if (entries === 'failed' || (entries === 'none' && job.createdAt.getTime() < cutoff)) lost.push(job);
    }
    return lost;
  }

  /**
   * Processing jobs with no live entry of theirs on the queue (still processing once seen so): at once when one
   * failed, after LOST_AFTER_MS since the job started when there is none at all.
   */
  private async strandedProcessingJobs(): Promise<RenderJob[]> {
    const candidates = await this.jobs
      .createQueryBuilder('job')
      .where("job.status = 'processing'")
      .orderBy('job.started_at', 'ASC')
      .take(BATCH)
      .getMany();
    const cutoff = Date.now() - LOST_AFTER_MS;
    const stranded: RenderJob[] = [];
    for (const job of candidates) {
      const chunked = await this.chunks.load(job.id);
      const entries = await this.queue.entriesOf(job.id, chunked?.plan.ranges.length ?? 0);
      if (entries === 'live' || (entries === 'none' && (job.startedAt?.getTime() ?? 0) >= cutoff)) continue;
      // The join completes the job before its entry ends: a job that just completed is not stranded.
      const current = await this.jobs.findOne({ select: { status: true }, where: { id: job.id } });
      if (current?.status === 'processing') stranded.push(job);
    }
    return stranded;
  }
}
