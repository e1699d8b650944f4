import { Injectable } from '@nestjs/common';
import { UsageService } from '../billing';
import type { RenderJob } from './entities/render-job.entity';

/**
 * What follows a job's end, whoever ended it (the worker for complete/failed, the API for
 * cancelled): the job leaves the concurrent count, failed and cancelled jobs give their render
 * back, and the caller hears about it. Every step is idempotent, so a retried end is harmless.
 */
@Injectable()
export class JobEventsService {
  constructor(private readonly usage: UsageService) {}

  async onJobEnded(job: RenderJob): Promise<void> {
    await this.usage.release(job.id, { giveBack: job.status !== 'complete' });
  }
}
