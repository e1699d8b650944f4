/**
 * The storage behaviour of the service, the same cases against both drivers: local disk (the app serves {cdn_url}
 * itself) and STORAGE_DRIVER=s3 against a real S3 implementation, s3rver (test/support/s3-server.ts, ADR 0027),
 * whose bucket serves {cdn_url} as a CDN in front of a bucket would. Renders are the fake renderer's (pixels do not
 * matter here), in the app's own worker: the uploads, downloads and deletions are the production code's.
 *
 * Covered for each driver: the storage port's contract, called directly; a job's video and thumbnail stored and
 * fetched from their URLs, whole and by range; a job split into chunks (each chunk stored, downloaded again by the
 * join, then removed); the expiry sweep deleting the files (the URLs then answer gone); a store that fails (the job
 * ends STORAGE_ERROR uncharged, the sweep leaves the job to its next run) and recovers (the sweep retries, new jobs
 * complete); and a split job whose store fails between its chunks.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { getRepositoryToken } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { DataSource, type Repository } from 'typeorm';
import { STORAGE, type StoragePort } from '../src/infrastructure/storage';
import { SweepSchedule } from '../src/infrastructure/sweeps/sweep-schedule';
import { ChunkLeftoversSweeper, ExpirySweeperService, RENDERER, RenderJob } from '../src/modules/rendering/testing';
import type { RenderedVideo, RenderVideoInput } from '../src/modules/rendering/renderer';
import { AccountEvent } from '../src/modules/webhooks/testing';
import { FAKE_THUMBNAIL_FIXTURE, FAKE_VIDEO_FIXTURE, FakeRenderer } from './support/fake-renderer';
import { seedFinishedJob } from './support/finished-job';
import { S3TestServer } from './support/s3-server';
import { createRoomyAccount, startTestApp, TestAccount, TestApp } from './support/test-app';
import { until } from './support/worker-process';

const bearer = { type: 'bearer' } as const;
const HOUR = 3600_000;
/**
 * 3 s at 24 fps: 72 frames; with RENDER_CHUNK_FRAMES 12 and two worker slots, two chunks of 36 (planned as for the
 * screenshot path, one chunk a slot: the fake renderer draws nothing, what is under test is where the files go).
 */
const body = {
  waypoints: [
    { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
    { lat: 48.8566, lng: 2.3522, label: 'Paris' },
  ],
  duration: 3,
  fps: 24,
};
const video = readFileSync(FAKE_VIDEO_FIXTURE);
const thumbnail = readFileSync(FAKE_THUMBNAIL_FIXTURE);

/** The fake renderer, with a step run before each render (a chunk's, for a split job) starts. */
class HookedRenderer extends FakeRenderer {
  beforeRender?: (input: RenderVideoInput) => Promise<void>;

  override async render(input: RenderVideoInput): Promise<RenderedVideo> {
    await this.beforeRender?.(input);
    return super.render(input);
  }
}

/** One storage driver as the tests see it: the app's environment, what is stored, and a way to make it fail. */
interface StoreUnderTest {
  env(): Record<string, string>;
  /** Keys stored under `prefix` in `t`'s store, sorted. */
  keys(t: TestApp, prefix: string): Promise<string[]>;
  /** Makes every write and delete fail until `repair`. */
  break(t: TestApp): Promise<void>;
  repair(t: TestApp): Promise<void>;
  /** What a file's URL answers once the file was swept: the app's CDN says 410, a bucket 404. */
  goneStatus: number;
  /** The Cache-Control a stored file is served with. */
  cacheControl: RegExp;
  close(): Promise<void>;
}

function listFiles(dir: string, root = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), root) : [relative(root, join(dir, entry.name)).split('\\').join('/')],
  );
}

/** The folders of the keys a render writes: finished files and the chunks of split jobs. */
const STORE_FOLDERS = ['renders', 'render-chunks'];

/**
 * Local disk: the storage folder under the app's data folder. It fails while each folder a render writes to is a file
 * (the folder moved aside with what it holds, and put back by `repair`).
 */
function localDisk(): StoreUnderTest {
  const dirOf = (t: TestApp) => (t.config.storage as { dir: string }).dir;
  return {
    env: () => ({}),
    keys: async (t, prefix) =>
      listFiles(dirOf(t), dirOf(t))
        .filter((key) => key.startsWith(prefix) && !key.split('/').pop()!.startsWith('.tmp-'))
        .sort(),
    break: async (t) => {
      for (const folder of STORE_FOLDERS) {
        mkdirSync(join(dirOf(t), folder), { recursive: true });
        renameSync(join(dirOf(t), folder), join(dirOf(t), `${folder}.away`));
        writeFileSync(join(dirOf(t), folder), 'not a folder');
      }
    },
    repair: async (t) => {
      for (const folder of STORE_FOLDERS) {
        rmSync(join(dirOf(t), folder));
        renameSync(join(dirOf(t), `${folder}.away`), join(dirOf(t), folder));
      }
    },
    goneStatus: 410,
    cacheControl: /^public, max-age=\d+$/,
    close: async () => undefined,
  };
}

/** S3 (s3rver): the bucket read through the S3 API; it fails while the server is stopped. */
function s3(server: S3TestServer): StoreUnderTest {
  return {
    env: () => server.env(),
    keys: (_t, prefix) => server.keys(prefix),
    break: () => server.stop(),
    repair: () => server.start(),
    goneStatus: 404,
    cacheControl: /^public, max-age=604800, immutable$/,
    close: () => server.close(),
  };
}

describe.each([
  ['local disk', async () => localDisk()],
  ['S3 (s3rver)', async () => s3(await S3TestServer.start())],
])('storage on %s', (_name, openStore) => {
  let store: StoreUnderTest;
  /** Renders whole (one worker slot). */
  let whole: TestApp;
  let wholeAccount: TestAccount;
  /** Splits every job into two chunks (two worker slots, RENDER_CHUNK_FRAMES 12); for S3, the same bucket as `whole`. */
  let split: TestApp;
  let splitAccount: TestAccount;
  let splitRenderer: HookedRenderer;

  const jobsOf = (t: TestApp) => t.app.get<Repository<RenderJob>>(getRepositoryToken(RenderJob));
  const sweeper = (t: TestApp) => new ExpirySweeperService(jobsOf(t), t.app.get(STORAGE), t.app.get(SweepSchedule));
  const submit = async (t: TestApp, account: TestAccount) =>
    (await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body).expect(202)).body.job_id as string;
  /** The job's record once it ended, as the API answers it. */
  const ended = (t: TestApp, account: TestAccount, jobId: string) =>
    until(
      async () => {
        const res = await t.http.get(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
        return ['complete', 'failed', 'cancelled'].includes(res.body.status) ? res.body : undefined;
      },
      30_000,
      `job ${jobId} to end`,
    );
  /**
   * The job's account events, waited for: the job's status changes first, then its "job ended" listeners give the
   * render back and then record the event (JobEventsService), so once there is an event the usage is settled too.
   */
  const endRecorded = (t: TestApp, jobId: string) =>
    until(
      async () => {
        const rows = await t.app.get(DataSource).getRepository(AccountEvent).findBy({ jobId });
        return rows.length ? rows : undefined;
      },
      10_000,
      `the end of ${jobId} recorded`,
    );
  /** Runs `steps` with the store failing, and repairs it however they end. */
  const whileBroken = async <T>(steps: () => Promise<T>): Promise<T> => {
    await store.break(whole);
    try {
      return await steps();
    } finally {
      await store.repair(whole);
    }
  };
  const fetchBytes = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  beforeAll(async () => {
    store = await openStore();
    whole = await startTestApp(
      { MAPR_ROLE: 'all', ...store.env() },
      { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 2 }) }] },
    );
    wholeAccount = await createRoomyAccount(whole);
    splitRenderer = new HookedRenderer({ msPerFrame: 2 });
    split = await startTestApp(
      { MAPR_ROLE: 'all', WORKER_CONCURRENCY: '2', RENDER_CHUNK_FRAMES: '12', RENDER_ENGINE: 'screenshots', ...store.env() },
      { overrides: [{ provide: RENDERER, useValue: splitRenderer }] },
    );
    splitAccount = await createRoomyAccount(split);
  }, 60_000);

  afterAll(async () => {
    await split?.close();
    await whole?.close();
    await store?.close();
  });

  it('keeps the storage port’s contract: overwrite, download, exists, delete (a missing key too), unsafe keys refused', async () => {
    const storage = whole.app.get<StoragePort>(STORAGE);
    const dir = mkdtempSync(join(tmpdir(), 'mapr-storage-port-'));
    try {
      const key = `styles/port-${Date.now()}.jpg`;
      writeFileSync(join(dir, 'first'), 'first version');
      writeFileSync(join(dir, 'second'), 'second, longer version');
      expect(await storage.exists(key)).toBe(false);
      await storage.putFile(key, join(dir, 'first'), 'image/jpeg');
      await storage.putFile(key, join(dir, 'second'), 'image/jpeg');
      expect(await storage.exists(key)).toBe(true);
      expect(await store.keys(whole, key)).toEqual([key]);
      await storage.getFile(key, join(dir, 'back'));
      expect(readFileSync(join(dir, 'back'), 'utf8')).toBe('second, longer version');

      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      await storage.delete(key);
      await expect(storage.getFile(key, join(dir, 'missing'))).rejects.toThrow();
      await expect(storage.putFile('../outside.jpg', join(dir, 'first'), 'image/jpeg')).rejects.toThrow(/Invalid storage key/);
      expect(await store.keys(whole, 'styles/port-')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stores a job’s video and thumbnail, fetched from their URLs whole and by range (206, the exact bytes)', async () => {
    const jobId = await submit(whole, wholeAccount);
    const job = await ended(whole, wholeAccount, jobId);
    expect(job.status).toBe('complete');
    expect(await store.keys(whole, `renders/${jobId}`)).toEqual([`renders/${jobId}.mp4`, `renders/${jobId}_thumb.jpg`]);
    expect(job.video_url).toBe(`${whole.config.http.cdnUrl}/renders/${jobId}.mp4`);

    const all = await fetchBytes(job.video_url);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toBe('video/mp4');
    expect(all.headers.get('cache-control')).toMatch(store.cacheControl);
    expect(all.bytes.equals(video)).toBe(true);

    const slice = await fetchBytes(job.video_url, { Range: 'bytes=100-1099' });
    expect(slice.status).toBe(206);
    expect(slice.headers.get('content-range')).toBe(`bytes 100-1099/${video.length}`);
    expect(slice.bytes.equals(video.subarray(100, 1100))).toBe(true);
    const tail = await fetchBytes(job.video_url, { Range: `bytes=${video.length - 64}-` });
    expect(tail.status).toBe(206);
    expect(tail.bytes.equals(video.subarray(video.length - 64))).toBe(true);

    const image = await fetchBytes(job.thumbnail_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.bytes.equals(thumbnail)).toBe(true);
  });

  it('stores each chunk of a split job, joins them from the store, and removes the chunks once the job ended', async () => {
    const jobId = await submit(split, splitAccount);
    const job = await ended(split, splitAccount, jobId);
    expect(job.status).toBe('complete');
    const chunks = splitRenderer.rendered.filter((input) => input.frameRange);
    expect(chunks.map((input) => input.frameRange).sort()).toEqual([
      [0, 35],
      [36, 71],
    ]);
    // The join read both chunks back from the store (the fake checks each downloaded file exists).
    expect(splitRenderer.joined).toHaveLength(1);
    expect(splitRenderer.joined[0].chunkPaths).toHaveLength(2);
    await until(
      async () => ((await store.keys(split, `render-chunks/${jobId}`)).length === 0 ? true : undefined),
      10_000,
      'the chunks removed',
    );
    expect(await store.keys(split, `renders/${jobId}`)).toEqual([`renders/${jobId}.mp4`, `renders/${jobId}_thumb.jpg`]);
    const joined = await fetchBytes(job.video_url, { Range: 'bytes=0-99' });
    expect(joined.status).toBe(206);
    expect(joined.bytes.equals(video.subarray(0, 100))).toBe(true);
  });

  it('sweeps the files of expired jobs out of the store, keeps the others, and their URLs then answer gone', async () => {
    const files = { video: FAKE_VIDEO_FIXTURE, thumbnail: FAKE_THUMBNAIL_FIXTURE, sizeBytes: video.length };
    const expiresAt = new Date(Date.now() + HOUR);
    const expiring = await seedFinishedJob(whole, wholeAccount.id, files, { expiresAt });
    const later = await seedFinishedJob(whole, wholeAccount.id, files, { expiresAt: new Date(Date.now() + 3 * HOUR) });
    const urlOf = (key: string | null) => `${whole.config.http.cdnUrl}/${key}`;
    expect((await fetchBytes(urlOf(expiring.videoKey))).status).toBe(200);

    const sweptAt = new Date(expiresAt.getTime() + 1000);
    expect(await sweeper(whole).sweepOnce(sweptAt)).toBeGreaterThanOrEqual(1);
    expect(await store.keys(whole, `renders/${expiring.id}`)).toEqual([]);
    expect(await store.keys(whole, `renders/${later.id}`)).toEqual([`renders/${later.id}.mp4`, `renders/${later.id}_thumb.jpg`]);
    expect((await jobsOf(whole).findOneByOrFail({ id: expiring.id })).filesDeletedAt?.getTime()).toBe(sweptAt.getTime());
    expect((await jobsOf(whole).findOneByOrFail({ id: later.id })).filesDeletedAt).toBeNull();

    expect((await fetchBytes(urlOf(expiring.videoKey))).status).toBe(store.goneStatus);
    expect((await fetchBytes(urlOf(expiring.thumbnailKey))).status).toBe(store.goneStatus);
    expect((await fetchBytes(urlOf(later.videoKey))).status).toBe(200);
  });

  it('fails a job it cannot store with STORAGE_ERROR and leaves expired files to the next sweep; once back, both succeed', async () => {
    const files = { video: FAKE_VIDEO_FIXTURE, thumbnail: FAKE_THUMBNAIL_FIXTURE, sizeBytes: video.length };
    const expiresAt = new Date(Date.now() + HOUR);
    const expiring = await seedFinishedJob(whole, wholeAccount.id, files, { expiresAt });
    const sweptAt = new Date(expiresAt.getTime() + 1000);
    const usedBefore = (await whole.http.get('/v1/usage').auth(wholeAccount.liveKey, bearer)).body;

    const refusedId = await whileBroken(async () => {
      const jobId = await submit(whole, wholeAccount);
      const refused = await ended(whole, wholeAccount, jobId);
      expect(refused).toMatchObject({ status: 'failed', error: 'STORAGE_ERROR' });
      // The deletion fails: the job is not marked, so the next run tries again.
      expect(await sweeper(whole).sweepOnce(sweptAt)).toBe(0);
      expect((await jobsOf(whole).findOneByOrFail({ id: expiring.id })).filesDeletedAt).toBeNull();
      return jobId;
    });

    // Nothing of the failed job was left behind, it was not charged, and its end was recorded once (render.failed).
    expect(await store.keys(whole, `renders/${refusedId}`)).toEqual([]);
    expect(await endRecorded(whole, refusedId)).toEqual([expect.objectContaining({ event: 'render.failed' })]);
    expect((await whole.http.get('/v1/usage').auth(wholeAccount.liveKey, bearer)).body).toEqual(usedBefore);
    expect(await store.keys(whole, `renders/${expiring.id}`)).toHaveLength(2);
    expect(await sweeper(whole).sweepOnce(sweptAt)).toBeGreaterThanOrEqual(1);
    expect(await store.keys(whole, `renders/${expiring.id}`)).toEqual([]);
    expect((await jobsOf(whole).findOneByOrFail({ id: expiring.id })).filesDeletedAt?.getTime()).toBe(sweptAt.getTime());

    const againId = await submit(whole, wholeAccount);
    expect((await ended(whole, wholeAccount, againId)).status).toBe('complete');
    expect(await store.keys(whole, `renders/${againId}`)).toEqual([`renders/${againId}.mp4`, `renders/${againId}_thumb.jpg`]);
  });

  it('fails a split job whose store goes away between its chunks with STORAGE_ERROR, recorded once and uncharged', async () => {
    const usedBefore = (await split.http.get('/v1/usage').auth(splitAccount.liveKey, bearer)).body;
    const joinsBefore = splitRenderer.joined.length;
    let broken: Promise<void> | undefined;
    let jobId = '';
    // The second chunk starts rendering once the first is in the store; the store fails then, before it is stored.
    splitRenderer.beforeRender = async (input) => {
      if (input.frameRange?.[0] !== 36) return;
      await until(async () => ((await store.keys(split, `render-chunks/${jobId}/0-35`)).length ? true : undefined), 10_000, 'chunk 0');
      broken = store.break(split);
      await broken;
    };
    try {
      jobId = await submit(split, splitAccount);
      const job = await ended(split, splitAccount, jobId);
      expect(job).toMatchObject({ status: 'failed', error: 'STORAGE_ERROR' });
      expect(broken).toBeDefined();
      // The job's end cleans up its chunks (RenderChunks.discard: files, then its Redis keys) while the store is down.
      const redis = new Redis(split.config.redis.url!);
      try {
        await until(
          async () => ((await redis.keys(`${split.config.redis.keyPrefix}:render-chunks:${jobId}*`)).length ? undefined : true),
          10_000,
          'the chunks of the failed job cleaned up',
        );
      } finally {
        redis.disconnect();
      }
    } finally {
      splitRenderer.beforeRender = undefined;
      await broken;
      if (broken) await store.repair(split);
    }
    expect(splitRenderer.joined).toHaveLength(joinsBefore);
    expect(await store.keys(split, `renders/${jobId}`)).toEqual([]);
    expect(await endRecorded(split, jobId)).toEqual([expect.objectContaining({ event: 'render.failed' })]);
    expect((await split.http.get('/v1/usage').auth(splitAccount.liveKey, bearer)).body).toEqual(usedBefore);
    // The chunk stored before the store failed is still there (the job's end removed its chunk files once, while the
    // store was down); the leftovers sweep removes it, now that the job has ended and the store is back.
    expect(await store.keys(split, `render-chunks/${jobId}`)).toEqual([`render-chunks/${jobId}/0-35.ts`]);
    expect(await split.app.get(ChunkLeftoversSweeper).sweepOnce()).toBeGreaterThanOrEqual(1);
    expect(await store.keys(split, `render-chunks/${jobId}`)).toEqual([]);
  });
});
