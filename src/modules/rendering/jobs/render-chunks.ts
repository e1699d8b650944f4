import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { STORAGE, StoragePort } from '../../../infrastructure/storage/storage.port';
import type { MapAnimationProps } from '../../contract';
import { ChunkPlan, chunkedProgress, FrameRange } from './chunk-plan';
import { JobLifecycle } from './job-lifecycle.service';

/** What every worker needs to render a chunk of a split job, and to join them. */
export interface ChunkedJob {
  plan: ChunkPlan;
  props: MapAnimationProps;
}

/** The store's folder of chunk files: `render-chunks/<job id>/<first>-<last>.ts` and the last chunk's `thumb.jpg`. */
const CHUNKS_FOLDER = 'render-chunks/';

/** Coordination data outlives no job by much: a safety net for a job whose end was never seen. */
const COORDINATION_TTL_MS = 2 * 24 * 3600_000;
/** A job's progress is written at most this often, whichever worker writes it. */
const PROGRESS_WRITE_INTERVAL_MS = 1000;

/**
 * Keeps `frames` as the chunk's count unless it already counted more (a chunk taken up again starts from 0),
 * and answers every chunk's count if the caller may write the job's progress now (one writer a second per job).
 * Nothing once the job's plan is gone (the job ended and was cleaned up): a report still in flight from a chunk
 * that was just cancelled must not create its keys again.
 */
const RECORD_FRAMES = `
if redis.call('EXISTS', KEYS[3]) == 0 then return false end
local current = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if tonumber(ARGV[2]) > current then redis.call('HSET', KEYS[1], ARGV[1], ARGV[2]) end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if redis.call('SET', KEYS[2], '1', 'PX', ARGV[4], 'NX') then return redis.call('HGETALL', KEYS[1]) end
return false`;

/**
 * Adds the chunk to the stored set and answers how many are stored; -1 once the job's plan is gone (the job ended
 * and was cleaned up), so that a chunk finishing just then does not create the set again.
 */
const MARK_STORED = `
if redis.call('EXISTS', KEYS[2]) == 0 then return -1 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return redis.call('SCARD', KEYS[1])`;

/**
 * The shared state of a job split into chunks (contract §18), apart from the job row, which stays the truth
 * of the job's state: the plan and the composition props (Redis, so every worker reads them), each chunk's
 * rendered frames (for the job's progress) and which chunks are stored, and the chunk files themselves
 * (the StoragePort, so workers on other machines can fetch them). All of it is removed when the job ends,
 * whoever ended it (complete, failed, cancelled: JobLifecycle's "job ended").
 */
@Injectable()
export class RenderChunks implements OnModuleInit {
  private readonly logger = new Logger(RenderChunks.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    @Inject(STORAGE) private readonly storage: StoragePort,
    private readonly lifecycle: JobLifecycle,
  ) {}

  onModuleInit(): void {
    this.lifecycle.onEnded((job) => this.discard(job.id));
  }

  /**
   * Stores the job's plan and props unless a plan is stored already (the job was split before, by a worker that
   * died before its queue entry ended): the stored one wins, so chunk files already made keep their frame ranges.
   */
  async save(jobId: string, job: ChunkedJob): Promise<ChunkedJob> {
    const key = this.key(jobId);
    const results = await this.redis
      .multi()
      .hsetnx(key, 'plan', JSON.stringify(job.plan))
      .hsetnx(key, 'props', JSON.stringify(job.props))
      .pexpire(key, COORDINATION_TTL_MS)
      .exec();
    const created = Number(results?.[0]?.[1] ?? 0);
    if (created === 1) return job;
    return (await this.load(jobId)) ?? job;
  }

  /** The job's plan and props; null when the job is not split (or has ended and was cleaned up). */
  async load(jobId: string): Promise<ChunkedJob | null> {
    const [plan, props] = await this.redis.hmget(this.key(jobId), 'plan', 'props');
    if (!plan || !props) return null;
    return { plan: JSON.parse(plan) as ChunkPlan, props: JSON.parse(props) as MapAnimationProps };
  }

  /** Storage key of a chunk's file, named by its frames so a stored file is only ever reused for the same frames. */
  chunkKey(jobId: string, [first, last]: FrameRange): string {
    return `${CHUNKS_FOLDER}${jobId}/${first}-${last}.ts`;
  }

  /** Storage key of the thumbnail the last chunk renders. */
  thumbnailKey(jobId: string): string {
    return `${CHUNKS_FOLDER}${jobId}/thumb.jpg`;
  }

  /** Every chunk file in the store, by the job it belongs to. */
  async storedChunkFiles(): Promise<Map<string, string[]>> {
    const byJob = new Map<string, string[]>();
    for (const key of await this.storage.list(CHUNKS_FOLDER)) {
      const jobId = key.slice(CHUNKS_FOLDER.length).split('/')[0];
      if (jobId) byJob.set(jobId, [...(byJob.get(jobId) ?? []), key]);
    }
    return byJob;
  }

  /**
   * Records that chunk `index` has rendered `frames` frames. Answers the job's progress (the chunks' frames over
   * the job's, chunk-plan.ts) when this caller is the one to write it now, null otherwise.
   */
  async recordFrames(jobId: string, plan: ChunkPlan, index: number, frames: number): Promise<number | null> {
    const counts = (await this.redis.eval(
      RECORD_FRAMES,
      3,
      this.key(jobId, 'frames'),
      this.key(jobId, 'progress-gate'),
      this.key(jobId),
      String(index),
      String(Math.floor(frames)),
      String(COORDINATION_TTL_MS),
      String(PROGRESS_WRITE_INTERVAL_MS),
    )) as string[] | null;
    if (!counts) return null;
    const done = new Map<number, number>();
    for (let i = 0; i + 1 < counts.length; i += 2) done.set(Number(counts[i]), Number(counts[i + 1]));
    return chunkedProgress(plan, done);
  }

  /** Marks chunk `index` as stored; true when every chunk of the plan is (never once the job has ended). */
  async markStored(jobId: string, plan: ChunkPlan, index: number): Promise<boolean> {
    const count = Number(
      await this.redis.eval(MARK_STORED, 2, this.key(jobId, 'stored'), this.key(jobId), String(index), String(COORDINATION_TTL_MS)),
    );
    return count >= plan.ranges.length;
  }

  /** Removes the job's chunk files and coordination data; safe to call again, and for a job never split. */
  async discard(jobId: string): Promise<void> {
    try {
      const job = await this.load(jobId);
      if (job) {
        const keys = [...job.plan.ranges.map((range) => this.chunkKey(jobId, range)), this.thumbnailKey(jobId)];
        const results = await Promise.allSettled(keys.map((key) => this.storage.delete(key)));
        const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed) this.logger.warn({ err: failed.reason, job_id: jobId }, 'Could not remove every chunk file of an ended job');
      }
      await this.redis.del(this.key(jobId), this.key(jobId, 'frames'), this.key(jobId, 'stored'), this.key(jobId, 'progress-gate'));
    } catch (err) {
      this.logger.warn({ err, job_id: jobId }, 'Could not remove the chunks of an ended job');
    }
  }

  private key(jobId: string, part?: string): string {
    return part ? this.keys.key('render-chunks', jobId, part) : this.keys.key('render-chunks', jobId);
  }
}
