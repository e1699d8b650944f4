import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { randomBase62 } from '../../src/common/util/ids';
import { STORAGE, type StoragePort } from '../../src/infrastructure/storage';
import { RenderJob } from '../../src/modules/rendering/testing';
import type { TestApp } from './test-app';

export interface FinishedJobFiles {
  /** A local file uploaded through the storage port as the job's video. */
  video: string;
  /** Uploaded as its thumbnail; without it the job has none. */
  thumbnail?: string;
}

/**
 * Arranges a completed job of `accountId` directly (row + files through the storage port), for tests
 * of what happens after a render — the CDN, expiry, compression — without rendering one.
 */
export async function seedFinishedJob(
  t: TestApp,
  accountId: string,
  files: FinishedJobFiles & { sizeBytes: number },
  overrides: Partial<RenderJob> = {},
): Promise<RenderJob> {
  const jobs = t.app.get<Repository<RenderJob>>(getRepositoryToken(RenderJob));
  const storage = t.app.get<StoragePort>(STORAGE);
  const id = `job_${randomBase62(24)}`;
  const now = new Date();
  const job = await jobs.save(
    jobs.create({
      id,
      accountId,
      status: 'complete',
      sandbox: false,
      usesQuota: true,
      billingPeriod: now.toISOString().slice(0, 7),
      request: { waypoints: [] } as unknown as RenderJob['request'],
      estimatedDurationSeconds: 30,
      progress: 1,
      videoKey: `renders/${id}.mp4`,
      thumbnailKey: files.thumbnail ? `renders/${id}_thumb.jpg` : null,
      durationSeconds: 5,
      resolution: '1280x720',
      fileSizeBytes: files.sizeBytes,
      createdAt: now,
      startedAt: now,
      completedAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
      ...overrides,
    }),
  );
  await storage.putFile(job.videoKey!, files.video, 'video/mp4');
  if (files.thumbnail) await storage.putFile(job.thumbnailKey!, files.thumbnail, 'image/jpeg');
  return job;
}
