import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { STORAGE } from '../../../infrastructure/storage/storage.port';
import type { StoragePort } from '../../../infrastructure/storage/storage.port';
import { SweepSchedule } from '../../../infrastructure/sweeps/sweep-schedule';
import { ACTIVE_STATUSES, RenderJob } from '../entities/render-job.entity';
import { RenderChunks } from '../jobs/render-chunks';

export const CHUNK_LEFTOVERS_SWEEP_MS = 10 * 60_000;

/**
 * Removes chunk files that no job will use again (worker role, every 10 minutes across the fleet): those of jobs that
 * have ended, or that no longer exist. A job's end removes its chunks at once (RenderChunks.discard), but only once:
 * when the store failed then (the very failure that often ends a split job), the files stayed. A job still queued
 * or rendering keeps its chunks, whatever happened to its coordination data (Redis restarted: it splits again and
 * reuses them).
 */
@Injectable()
export class ChunkLeftoversSweeper implements OnModuleInit {
  private readonly logger = new Logger(ChunkLeftoversSweeper.name);

  constructor(
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly chunks: RenderChunks,
    private readonly schedule: SweepSchedule,
  ) {}

  onModuleInit(): void {
    this.schedule.register({ name: 'chunk-leftovers', everyMs: CHUNK_LEFTOVERS_SWEEP_MS, run: () => this.sweepOnce() });
  }

  /** Deletes the chunk files of ended (or unknown) jobs; answers how many files went. A failed delete waits for the next run. */
  async sweepOnce(): Promise<number> {
    const byJob = await this.chunks.storedChunkFiles();
    if (byJob.size === 0) return 0;
    const active = new Set(
      (await this.jobs.find({ select: { id: true }, where: { id: In([...byJob.keys()]), status: In(ACTIVE_STATUSES) } })).map(
        (job) => job.id,
      ),
    );
    let removed = 0;
    let failed = 0;
    for (const [jobId, keys] of byJob) {
      if (active.has(jobId)) continue;
      for (const result of await Promise.allSettled(keys.map((key) => this.storage.delete(key)))) {
        if (result.status === 'fulfilled') removed += 1;
        else failed += 1;
      }
    }
    if (removed || failed)
      this.logger.log({ removed, failed }, `Chunk leftovers: removed ${removed} file(s) of ended jobs, ${failed} failed`);
    return removed;
  }
}
