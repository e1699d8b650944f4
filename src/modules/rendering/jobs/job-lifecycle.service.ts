import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { failpoint } from '../../../common/util/failpoints';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import type { RoutePlan } from '../../contract';
import { ACTIVE_STATUSES, JobStatus, RenderJob } from '../entities/render-job.entity';
import type { JobFailureCode } from '../errors/rendering.errors';
import { JobStatusSignal } from './job-status-signal';

/** What a finished render leaves on its job. */
export interface CompletedRender {
  videoKey: string;
  thumbnailKey: string;
  durationSeconds: number;
  resolution: string;
  fileSizeBytes: number;
  completedAt: Date;
  expiresAt: Date;
}

export interface JobFailureRecord {
  code: JobFailureCode;
  message: string;
}

/**
 * Runs after a job ended (complete, failed or cancelled): once per winning state change, and again by the job-end
 * sweep when the process died before every listener had run, or one threw. So a listener must be safe to run twice.
 */
export type JobEndedListener = (job: RenderJob) => Promise<void>;

/**
 * The one owner of a RenderJob's state after it was stored `queued` (contract §3):
 *
 *   queued ──claim──► processing ──complete──► complete
 *     │                  │ ▲ claim again     ──fail──────► failed
 *     └────────cancel────┴─┴──────────────────cancel────► cancelled
 *   (fail also from queued: a job that could not be put on the queue)
 *
 * Every change is one conditional UPDATE and returns whether it won, so a job cancelled while it
 * renders, or finished by another worker after a crash, ends in exactly one final state. The
 * change that ended a job, and only that one, then tells the listeners (usage, batch scheduling,
 * webhooks: JobEventsService). That UPDATE also marks the job's follow-ups due, and the mark is
 * cleared once every listener has run: a process killed in between leaves it for the job-end sweep
 * (`followUpOverdue`), so no ended job goes without its webhook or keeps its concurrent slot.
 */
@Injectable()
export class JobLifecycle {
  private readonly logger = new Logger(JobLifecycle.name);
  private readonly endedListeners: JobEndedListener[] = [];

  constructor(
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    private readonly statusSignal: JobStatusSignal,
  ) {}

  onEnded(listener: JobEndedListener): void {
    this.endedListeners.push(listener);
  }

  /**
   * queued|processing → processing (processing again: a stalled job taken up after its worker
   * died), one more attempt, started_at the first time. The claimed job, or null when it is no
   * longer active (cancelled before it started, or already finished).
   */
  async claim(jobId: string): Promise<RenderJob | null> {
    const claimed = await this.transition(jobId, ACTIVE_STATUSES, { status: 'processing', attempts: () => 'attempts + 1' });
    if (!claimed) return null;
    await this.jobs
      .createQueryBuilder()
      .update(RenderJob)
      .set({ startedAt: new Date() })
      .where('id = :id AND started_at IS NULL', { id: jobId })
      .execute();
    const job = await this.jobs.findOneByOrFail({ id: jobId });
    await this.statusSignal.publish(job.accountId);
    return job;
  }

  /** Stores the route of a job being rendered (routing happens before the first frame). */
  async recordRoute(jobId: string, route: RoutePlan): Promise<void> {
    await this.jobs.update({ id: jobId }, { route });
  }

  /**
   * Progress (0–1) of a processing job, never going backwards (several workers write it for a chunked job, and a
   * job taken up again starts its frames over). False when nothing changed: the job is no longer processing, or
   * already further.
   */
  async progress(jobId: string, fraction: number): Promise<boolean> {
    const result = await this.jobs
      .createQueryBuilder()
      .update(RenderJob)
      .set({ progress: fraction })
      .where("id = :id AND status = 'processing' AND progress < :fraction", { id: jobId, fraction })
      .execute();
    return !!result.affected;
  }

  /** Whether the job is still processing (not cancelled, not finished elsewhere). */
  async isProcessing(jobId: string): Promise<boolean> {
    return (await this.jobs.findOne({ select: { status: true }, where: { id: jobId } }))?.status === 'processing';
  }

  /** How many times a processing job was claimed (its attempt); null when it is not processing. */
  async processingAttempt(jobId: string): Promise<number | null> {
    const job = await this.jobs.findOne({ select: { status: true, attempts: true }, where: { id: jobId } });
    return job?.status === 'processing' ? job.attempts : null;
  }

  /** The job's state now; null when there is no such job. */
  async statusOf(jobId: string): Promise<JobStatus | null> {
    return (await this.jobs.findOne({ select: { status: true }, where: { id: jobId } }))?.status ?? null;
  }

  /** processing → complete. False when the job was cancelled (or finished elsewhere) meanwhile. */
  async complete(jobId: string, result: CompletedRender): Promise<boolean> {
    return this.end(jobId, ['processing'], { status: 'complete', progress: 1, ...result });
  }

  /** queued|processing → failed, with the failure's code and message. */
  async fail(jobId: string, failure: JobFailureRecord): Promise<boolean> {
    return this.end(jobId, ACTIVE_STATUSES, {
      status: 'failed',
      errorCode: failure.code,
      errorMessage: failure.message.slice(0, 500),
      failedAt: new Date(),
    });
  }

  /** queued|processing → cancelled. False when the job had already ended. */
  async cancel(jobId: string): Promise<boolean> {
    return this.end(jobId, ACTIVE_STATUSES, { status: 'cancelled', cancelledAt: new Date() });
  }

  private async end(jobId: string, from: JobStatus[], changes: QueryDeepPartialEntity<RenderJob>): Promise<boolean> {
    if (!(await this.transition(jobId, from, { ...changes, followUpsDueAt: new Date() }))) return false;
    failpoint('lifecycle.after-end');
    await this.followUp(jobId);
    return true;
  }

  /**
   * Ended jobs whose follow-ups have been due for over `graceMs` (their process died before they all ran, or one
   * failed): runs them again, oldest first, at most `limit`. Returns the ids of the jobs whose follow-ups are now done.
   */
  async followUpOverdue(graceMs: number, limit: number): Promise<string[]> {
    const overdue = await this.jobs.find({
      select: { id: true },
      where: { followUpsDueAt: LessThan(new Date(Date.now() - graceMs)) },
      order: { followUpsDueAt: 'ASC' },
      take: limit,
    });
    const done: string[] = [];
    for (const { id } of overdue) if (await this.followUp(id)) done.push(id);
    return done;
  }

  private async transition(jobId: string, from: JobStatus[], changes: QueryDeepPartialEntity<RenderJob>): Promise<boolean> {
    const result = await this.jobs
      .createQueryBuilder()
      .update(RenderJob)
      .set(changes)
      .where('id = :id', { id: jobId })
      .andWhere({ status: In(from) })
      .execute();
    return !!result.affected;
  }

  /**
   * The one place "job ended" is emitted. The state change has happened whatever a listener does:
   * a listener's error is logged, not thrown at the caller that ended the job, and leaves the job's
   * follow-ups due (the sweep runs them all again). Answers whether every listener succeeded.
   */
  private async followUp(jobId: string): Promise<boolean> {
    const job = await this.jobs.findOneByOrFail({ id: jobId });
    let allRan = true;
    for (const listener of this.endedListeners) {
      try {
        await listener(job);
      } catch (err) {
        allRan = false;
        this.logger.error({ err, job_id: jobId, status: job.status }, 'What follows a job end failed');
      }
    }
    // Held reads of the job, or of its batch, answer now: after the listeners, so that whoever sees the end finds its
    // concurrent slot given back and its batch ended (again after a sweep's rerun: a read taken again is harmless).
    await this.statusSignal.publish(job.accountId);
    if (allRan) await this.jobs.update({ id: jobId }, { followUpsDueAt: null });
    return allRan;
  }
}
