import type { Repository } from 'typeorm';
import type { StoragePort } from '../../../infrastructure/storage/storage.port';
import type { SweepSchedule } from '../../../infrastructure/sweeps/sweep-schedule';
import type { RenderJob } from '../entities/render-job.entity';
import { RenderChunks } from '../jobs/render-chunks';
import { ChunkLeftoversSweeper } from './chunk-leftovers-sweeper.service';

/** The chunk files of three jobs: one still rendering, one failed, one whose row is gone. */
function store(failOn?: string): StoragePort & { files: Set<string> } {
  const files = new Set([
    'render-chunks/job_active/0-35.ts',
    'render-chunks/job_failed/0-35.ts',
    'render-chunks/job_failed/thumb.jpg',
    'render-chunks/job_gone/36-71.ts',
    'renders/job_failed.mp4',
  ]);
  return {
    files,
    putFile: async () => undefined,
    getFile: async () => undefined,
    exists: async (key) => files.has(key),
    delete: async (key) => {
      if (failOn && key.includes(failOn)) throw new Error('store unavailable');
      files.delete(key);
    },
    list: async (prefix) => [...files].filter((key) => key.startsWith(prefix)),
  };
}

function sweeper(storage: StoragePort, activeIds: string[]) {
  const jobs = { find: jest.fn(async () => activeIds.map((id) => ({ id }))) } as unknown as Repository<RenderJob>;
  const chunks = new RenderChunks({} as never, {} as never, storage, { onEnded: () => undefined } as never);
  return { sweeper: new ChunkLeftoversSweeper(jobs, storage, chunks, { register: jest.fn() } as unknown as SweepSchedule), jobs };
}

describe('ChunkLeftoversSweeper', () => {
  it('removes the chunk files of ended and unknown jobs, and keeps those of a job still queued or rendering', async () => {
    const storage = store();
    const { sweeper: sweep, jobs } = sweeper(storage, ['job_active']);
    expect(await sweep.sweepOnce()).toBe(3);
    expect([...storage.files].sort()).toEqual(['render-chunks/job_active/0-35.ts', 'renders/job_failed.mp4']);
    // Asked about the jobs that have chunk files only.
    expect(JSON.stringify((jobs.find as jest.Mock).mock.calls[0][0])).toContain('job_gone');
  });

  it('leaves what it could not delete for the next run, and deletes the rest', async () => {
    const storage = store('job_gone');
    const { sweeper: sweep } = sweeper(storage, []);
    expect(await sweep.sweepOnce()).toBe(3);
    expect([...storage.files].sort()).toEqual(['render-chunks/job_gone/36-71.ts', 'renders/job_failed.mp4']);
  });
});
