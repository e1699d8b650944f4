/**
 * RenderChunks against the machine's Redis: the stored set and the frame counts of a split job, and that nothing
 * of an ended job comes back when a chunk that was still running reports in after the job's clean-up.
 */
import Redis from 'ioredis';
import type { AppConfig } from '../src/config';
import { RedisKeys } from '../src/infrastructure/redis/redis.module';
import type { StoragePort } from '../src/infrastructure/storage/storage.port';
import { CHUNK_FRAMES_SHARE, planChunks, type JobLifecycle, ChunkedJob, RenderChunks } from '../src/modules/rendering/testing';
import { TEST_REDIS_URL } from './support/test-env';

describe('RenderChunks (Redis)', () => {
  const prefix = `test-render-chunks-${process.pid}`;
  const redis = new Redis(TEST_REDIS_URL);
  const deleted: string[] = [];
  const storage = { delete: async (key: string) => void deleted.push(key) } as unknown as StoragePort;
  const chunks = new RenderChunks(redis, new RedisKeys({ redis: { keyPrefix: prefix } } as AppConfig), storage, {
    onEnded: () => undefined,
  } as unknown as JobLifecycle);
  const job: ChunkedJob = { plan: planChunks(72, 12, 2), props: { durationInFrames: 72 } as ChunkedJob['props'] };
  const leftovers = async () => (await redis.keys(`${prefix}:*`)).sort();

  afterAll(async () => {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('says the set is complete when the last chunk is stored, once per chunk however often it is marked', async () => {
    await chunks.save('job_a', job);
    expect(await chunks.markStored('job_a', job.plan, 1)).toBe(false);
    expect(await chunks.markStored('job_a', job.plan, 1)).toBe(false); // a chunk taken up again after its worker died
    expect(await chunks.markStored('job_a', job.plan, 0)).toBe(true);
    await chunks.discard('job_a');
    expect(deleted).toEqual(['render-chunks/job_a/0-35.ts', 'render-chunks/job_a/36-71.ts', 'render-chunks/job_a/thumb.jpg']);
    expect(await leftovers()).toEqual([]);
  });

  it('keeps nothing of an ended job when a chunk still running reports its frames or marks itself stored afterwards', async () => {
    await chunks.save('job_b', job);
    expect(await chunks.recordFrames('job_b', job.plan, 0, 36)).toBeCloseTo(0.5 * CHUNK_FRAMES_SHARE, 3);
    await chunks.discard('job_b');
    expect(await chunks.recordFrames('job_b', job.plan, 1, 20)).toBeNull();
    expect(await chunks.markStored('job_b', job.plan, 0)).toBe(false);
    expect(await chunks.markStored('job_b', job.plan, 1)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });
});
