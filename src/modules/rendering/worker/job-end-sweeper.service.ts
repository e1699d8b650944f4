import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config';
import { SweepSchedule } from '../../../infrastructure/sweeps/sweep-schedule';
import { JobLifecycle } from '../jobs/job-lifecycle.service';

/**
 * What follows a job's end runs in milliseconds, right after the UPDATE that ended it; marks still due after this long
 * were left by a process that died in between (or by a step that failed). Running the follow-ups again early would be
 * harmless (each is safe to repeat), so the bound only spares needless work.
 */
export const FOLLOW_UPS_LOST_AFTER_MS = 15_000;
const BATCH = 200;

/**
 * Safety net for what follows a job's end (JobLifecycle): a worker killed between storing a job as complete and
 * recording its result event would leave the job complete with no webhook, its concurrent slot held and its batch
 * never ended. At start and every RENDER_QUEUE_SWEEP_SECONDS (60, once across the fleet: SweepSchedule), the
 * follow-ups of jobs that ended over FOLLOW_UPS_LOST_AFTER_MS ago and were not done are run again.
 */
@Injectable()
export class JobEndSweeper implements OnModuleInit {
  private readonly logger = new Logger(JobEndSweeper.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly lifecycle: JobLifecycle,
    private readonly schedule: SweepSchedule,
  ) {}

  onModuleInit(): void {
    const everySeconds = this.config.rendering.queueSweepSeconds;
    if (everySeconds === 0) return;
    this.schedule.register({ name: 'job-ends', everyMs: everySeconds * 1000, run: () => this.sweep() });
  }

  /** Returns the ids of the jobs whose follow-ups it finished. */
  async sweep(): Promise<string[]> {
    try {
      const done = await this.lifecycle.followUpOverdue(FOLLOW_UPS_LOST_AFTER_MS, BATCH);
      if (done.length) this.logger.warn({ jobs: done }, 'Ended jobs had not had what follows their end; ran it now');
      return done;
    } catch (err) {
      this.logger.warn({ err }, 'Job-end sweep failed; trying again at the next sweep');
      return [];
    }
  }
}
