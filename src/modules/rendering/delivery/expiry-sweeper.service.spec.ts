import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConsoleLogger, Logger } from '@nestjs/common';
import { DataSource, Repository } from 'typeorm';
import { LocalStorage } from '../../../infrastructure/storage/local-storage';
import { RenderJob } from '../entities/render-job.entity';
import type { SweepSchedule } from '../../../infrastructure/sweeps/sweep-schedule';
import { ExpirySweeperService, SWEEP_INTERVAL_MS } from './expiry-sweeper.service';

/** Local storage whose deletes of chosen keys fail, as a full disk or a permission problem would. */
class FlakyStorage extends LocalStorage {
  readonly failing = new Set<string>();
  deletes = 0;
  override async delete(key: string): Promise<void> {
    this.deletes += 1;
    if (this.failing.has(key)) throw new Error(`EACCES: cannot delete ${key}`);
    return super.delete(key);
  }
}

describe('ExpirySweeperService (SQLite + real folder)', () => {
  let dir: string;
  let db: DataSource;
  let jobs: Repository<RenderJob>;
  let storage: FlakyStorage;
  let sweeper: ExpirySweeperService;
  let schedule: { register: jest.Mock };
  const t0 = new Date('2030-01-10T12:00:00.000Z');
  let seq = 0;

  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new ConsoleLogger()));

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mapr-sweep-'));
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [RenderJob], synchronize: true });
    await db.initialize();
    jobs = db.getRepository(RenderJob);
    storage = new FlakyStorage(join(dir, 'storage'));
    schedule = { register: jest.fn() };
    sweeper = new ExpirySweeperService(jobs, storage, schedule as unknown as SweepSchedule);
  });
  afterEach(async () => {
    await sweeper.onApplicationShutdown();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  async function job(expiresAt: Date | null, options: { files?: boolean; filesDeletedAt?: Date } = {}): Promise<RenderJob> {
    seq += 1;
    const id = `job_${String(seq).padStart(6, '0')}x`;
    const row = await jobs.save(
      jobs.create({
        id,
        accountId: 'usr_1',
        status: 'complete',
        billingPeriod: '2030-01',
        request: {} as RenderJob['request'],
        estimatedDurationSeconds: 10,
        videoKey: `renders/${id}.mp4`,
        thumbnailKey: `renders/${id}_thumb.jpg`,
        createdAt: t0,
        expiresAt,
        filesDeletedAt: options.filesDeletedAt ?? null,
      }),
    );
    if (options.files ?? true) {
      const src = join(dir, 'src.bin');
      writeFileSync(src, id);
      await storage.putFile(row.videoKey!, src, 'video/mp4');
      await storage.putFile(row.thumbnailKey!, src, 'image/jpeg');
    }
    return row;
  }
  const onDisk = (key: string | null) => existsSync(storage.pathFor(key!));
  const reload = (j: RenderJob) => jobs.findOneByOrFail({ id: j.id });

  it('deletes both files of every expired job across several batches and marks them, leaving the rest', async () => {
    const expired: RenderJob[] = [];
    for (let i = 0; i < 230; i++) expired.push(await job(new Date(t0.getTime() - 1000 * (i + 1)), { files: i % 10 === 0 }));
    const exactlyNow = await job(t0);
    const future = await job(new Date(t0.getTime() + 1));
    const neverExpires = await job(null);
    const alreadySwept = await job(new Date(t0.getTime() - 5000), { filesDeletedAt: new Date(t0.getTime() - 4000) });

    expect(await sweeper.sweepOnce(t0)).toBe(231);

    for (const j of [...expired, exactlyNow]) {
      expect(onDisk(j.videoKey)).toBe(false);
      expect(onDisk(j.thumbnailKey)).toBe(false);
      expect((await reload(j)).filesDeletedAt?.toISOString()).toBe(t0.toISOString());
    }
    expect(onDisk(future.videoKey) && onDisk(future.thumbnailKey)).toBe(true);
    expect((await reload(future)).filesDeletedAt).toBeNull();
    expect((await reload(neverExpires)).filesDeletedAt).toBeNull();
    expect((await reload(alreadySwept)).filesDeletedAt?.toISOString()).toBe(new Date(t0.getTime() - 4000).toISOString());
    expect(storage.deletes).toBe(2 * 231);

    // A second sweep finds nothing and touches no file.
    expect(await sweeper.sweepOnce(t0)).toBe(0);
    expect(storage.deletes).toBe(2 * 231);
  });

  it('leaves a job whose deletion failed unmarked, goes on with the others, and retries it on the next sweep', async () => {
    const a = await job(new Date(t0.getTime() - 3000));
    const b = await job(new Date(t0.getTime() - 2000));
    const c = await job(new Date(t0.getTime() - 1000));
    storage.failing.add(b.thumbnailKey!);

    expect(await sweeper.sweepOnce(t0)).toBe(2);
    expect((await reload(a)).filesDeletedAt).not.toBeNull();
    expect((await reload(b)).filesDeletedAt).toBeNull();
    expect((await reload(c)).filesDeletedAt).not.toBeNull();
    expect(onDisk(b.thumbnailKey)).toBe(true);

    storage.failing.clear();
    const later = new Date(t0.getTime() + 60_000);
    expect(await sweeper.sweepOnce(later)).toBe(1);
    expect(onDisk(b.thumbnailKey)).toBe(false);
    expect((await reload(b)).filesDeletedAt?.toISOString()).toBe(later.toISOString());
  });

  it('runs concurrent calls as one sweep', async () => {
    await job(new Date(t0.getTime() - 1000));
    const [first, second] = await Promise.all([sweeper.sweepOnce(t0), sweeper.sweepOnce(t0)]);
    expect([first, second]).toEqual([1, 1]);
    expect(storage.deletes).toBe(2);
  });

  it('runs every minute once across the fleet: it registers with the sweep schedule, whose runs sweep now', async () => {
    sweeper.onModuleInit();
    expect(schedule.register).toHaveBeenCalledWith({ name: 'expired-files', everyMs: SWEEP_INTERVAL_MS, run: expect.any(Function) });
    await job(new Date(Date.now() - 1000));
    const [{ run }] = schedule.register.mock.calls[0] as [{ run: () => Promise<number> }];
    await expect(run()).resolves.toBe(1);
  });
});
