import { SweepSchedule } from '../src/infrastructure/sweeps/sweep-schedule';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ExpirySweeperService, RenderJob } from '../src/modules/rendering/testing';
import { randomBase62 } from '../src/common/util/ids';
import { STORAGE } from '../src/infrastructure/storage';
import { seedFinishedJob } from './support/finished-job';
import { createAccount, startTestApp, TestApp } from './support/test-app';

/** supertest parser that keeps the raw bytes of any response. */
function binary(res: unknown, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

const HOUR = 3600_000;

describe('Local CDN ({cdn_url}/renders/…) and the expiry sweeper', () => {
  let t: TestApp;
  let jobs: Repository<RenderJob>;
  let scratch: string;
  let accountId: string;
  const video = Buffer.alloc(64 * 1024);
  for (let i = 0; i < video.length; i++) video[i] = (i * 31 + 7) % 256;
  const thumb = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 0xff, 0xd9]);

  beforeAll(async () => {
    t = await startTestApp();
    jobs = t.app.get(getRepositoryToken(RenderJob));
    scratch = mkdtempSync(join(tmpdir(), 'mapr-cdn-'));
    writeFileSync(join(scratch, 'video.mp4'), video);
    writeFileSync(join(scratch, 'thumb.jpg'), thumb);
    accountId = (await createAccount(t, { keys: false })).id;
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A finished job with both files uploaded through the storage port. */
  const finishedJob = (expiresAt: Date, overrides: Partial<RenderJob> = {}) =>
    seedFinishedJob(
      t,
      accountId,
      { video: join(scratch, 'video.mp4'), thumbnail: join(scratch, 'thumb.jpg'), sizeBytes: video.length },
      { expiresAt, ...overrides },
    );

  const fileOnDisk = (key: string) => join((t.config.storage as { dir: string }).dir, key);

  function expectError(body: Record<string, unknown>, code: string) {
    expect(body).toEqual(
      expect.objectContaining({ error: expect.any(String), error_code: code, message: expect.any(String), request_id: expect.any(String) }),
    );
  }

  it('is the cdn_url of the configuration and serves files without credentials', () => {
    expect(t.config.http.servesLocalCdn).toBe(true);
    expect(t.config.http.cdnUrl).toBe(`${t.baseUrl}/cdn`);
  });

  it('serves the video and the thumbnail whole, with type, length, nosniff, ranges and caching headers', async () => {
    const job = await finishedJob(new Date(Date.now() + 2 * HOUR));
    const res = await t.http.get(`/cdn/${job.videoKey}`).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Cacheable, but never beyond the job's expiry (2 hours away).
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(res.headers['cache-control'])?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(2 * 3600);
    expect(Buffer.compare(res.body as Buffer, video)).toBe(0);

    const image = await t.http.get(`/cdn/${job.thumbnailKey}`).buffer(true).parse(binary).expect(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, thumb)).toBe(0);
  });

  it('answers range requests with 206 and the exact slice, and 416 in the error shape when unsatisfiable', async () => {
    const job = await finishedJob(new Date(Date.now() + 2 * HOUR));
    const res = await t.http.get(`/cdn/${job.videoKey}`).set('Range', 'bytes=1000-5095').buffer(true).parse(binary).expect(206);
    expect(res.headers['content-range']).toBe(`bytes 1000-5095/${video.length}`);
    expect(res.headers['content-length']).toBe('4096');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(Buffer.compare(res.body as Buffer, video.subarray(1000, 5096))).toBe(0);

    const tail = await t.http.get(`/cdn/${job.videoKey}`).set('Range', 'bytes=-100').buffer(true).parse(binary).expect(206);
    expect(Buffer.compare(tail.body as Buffer, video.subarray(video.length - 100))).toBe(0);

    const refused = await t.http
      .get(`/cdn/${job.videoKey}`)
      .set('Range', `bytes=${video.length + 10}-`)
      .expect(416);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.headers['content-range']).toBe(`bytes */${video.length}`);
    expectError(refused.body, 'RANGE_NOT_SATISFIABLE');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const job = await finishedJob(new Date(Date.now() + 2 * HOUR));
    const res = await t.http.head(`/cdn/${job.videoKey}`).expect(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['content-length']).toBe(String(video.length));
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text ?? '').toBe('');
  });

  it('answers 404 in the error shape for unknown jobs, other names and names outside the pattern', async () => {
    const job = await finishedJob(new Date(Date.now() + 2 * HOUR));
    for (const path of [
      `/cdn/renders/job_${randomBase62(24)}.mp4`,
      `/cdn/renders/${job.id}.jpg`,
      `/cdn/renders/${job.id}_thumb.png`,
      `/cdn/renders/${job.id}.MP4`,
      '/cdn/renders/..%2Fmapr.sqlite',
      '/cdn/renders/.tmp-0011223344556677',
    ]) {
      const res = await t.http.get(path).expect(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectError(res.body, 'NOT_FOUND');
    }
  });

  it('answers 410 FILE_EXPIRED after expires_at, even before the sweeper ran', async () => {
    const job = await finishedJob(new Date(Date.now() - 1000));
    expect(existsSync(fileOnDisk(job.videoKey!))).toBe(true);
    const res = await t.http.get(`/cdn/${job.videoKey}`).expect(410);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectError(res.body, 'FILE_EXPIRED');
    await t.http.head(`/cdn/${job.thumbnailKey}`).expect(410);
  });

  it('sweeps expired files from storage, marks the jobs, leaves unexpired ones, and the URLs then answer 410', async () => {
    const sweeper = new ExpirySweeperService(jobs, t.app.get(STORAGE), t.app.get(SweepSchedule));
    const expiresAt = new Date(Date.now() + HOUR);
    const expiring = await finishedJob(expiresAt);
    const later = await finishedJob(new Date(Date.now() + 3 * HOUR));
    await t.http.get(`/cdn/${expiring.videoKey}`).expect(200);

    const sweptAt = new Date(expiresAt.getTime() + 1000);
    expect(await sweeper.sweepOnce(sweptAt)).toBeGreaterThanOrEqual(1);

    expect(existsSync(fileOnDisk(expiring.videoKey!))).toBe(false);
    expect(existsSync(fileOnDisk(expiring.thumbnailKey!))).toBe(false);
    expect((await jobs.findOneByOrFail({ id: expiring.id })).filesDeletedAt?.getTime()).toBe(sweptAt.getTime());
    expect(existsSync(fileOnDisk(later.videoKey!))).toBe(true);
    expect((await jobs.findOneByOrFail({ id: later.id })).filesDeletedAt).toBeNull();

    // Idempotent: nothing left to sweep at that time, and the marked job keeps its timestamp.
    expect(await sweeper.sweepOnce(sweptAt)).toBe(0);
    expect((await jobs.findOneByOrFail({ id: expiring.id })).filesDeletedAt?.getTime()).toBe(sweptAt.getTime());

    // files_deleted_at alone is enough for 410 (the clock of this process is still before expires_at).
    const gone = await t.http.get(`/cdn/${expiring.videoKey}`).expect(410);
    expectError(gone.body, 'FILE_EXPIRED');
    await t.http.get(`/cdn/${expiring.thumbnailKey}`).expect(410);
    await t.http.get(`/cdn/${later.videoKey}`).expect(200);
  });
});
