/**
 * Contract §23: workers share nothing with the API but Postgres, Redis and object storage. The API (this test's app,
 * MAPR_ROLE=api) and two worker processes each have a data folder of their own and no path in common; files go
 * through a real S3 implementation (s3rver, test/support/s3-server.ts). A whole job and a job split into chunks
 * complete, a worker killed in the middle of a chunk is replaced by the other, and afterwards nothing is left in
 * the workers' folders, the API's, or the bucket beyond each job's video and thumbnail. The workers render with
 * the tests' fake renderer (a tiny real MP4 at a set pace): what is under test is where the files go.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { RenderJob } from '../src/modules/rendering/testing';
import { S3TestServer } from './support/s3-server';
import { createRoomyAccount, startTestApp, TestAccount, TestApp } from './support/test-app';
import { spawnWorker, until, WorkerProcess } from './support/worker-process';

const bearer = { type: 'bearer' } as const;
const FAKE_WORKER = 'test/faults/support/fake-render-worker.main.ts';

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

describe('an API and two workers on separate disks, sharing only Postgres, Redis and S3 (contract §23)', () => {
  let s3: S3TestServer;
  let t: TestApp;
  let account: TestAccount;
  const workers: Array<{ worker: WorkerProcess; dataDir: string }> = [];

  const jobs = () => t.app.get(DataSource).getRepository(RenderJob);
  const alive = () => workers.filter(({ worker }) => worker.process.exitCode === null && worker.process.signalCode === null);
  const submit = async (duration: number) =>
    (
      await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .send({
          waypoints: [
            { lat: 38.72, lng: -9.14, label: 'Lisbon' },
            { lat: 48.86, lng: 2.35, label: 'Paris' },
          ],
          duration,
          fps: 30,
        })
        .expect(202)
    ).body.job_id as string;
  const ended = (jobId: string) =>
    until(
      async () => {
        const job = await jobs().findOneByOrFail({ id: jobId });
        return ['complete', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      90_000,
      `job ${jobId} to end`,
    );
  const timings = (jobId: string) =>
    workers.flatMap(({ worker }) => worker.lines).filter((line) => line.msg === 'Render timings' && line.job_id === jobId);
  /** Each job's video and thumbnail, and nothing else, once the chunks' clean-up has run. */
  const bucketHoldsOnly = (jobIds: string[]) =>
    until(
      async () => {
        const expected = jobIds.flatMap((id) => [`renders/${id}.mp4`, `renders/${id}_thumb.jpg`]).sort();
        const keys = await s3.keys();
        return JSON.stringify(keys) === JSON.stringify(expected) ? keys : undefined;
      },
      15_000,
      `the bucket to hold only the videos and thumbnails of ${jobIds.join(', ')}`,
    );

  /** No file of these jobs in the folder, once the worker's clean-up after the job's end has run. */
  const folderHoldsNoneOf = (dir: string, jobIds: string[]) =>
    until(
      () => (filesUnder(dir).some((file) => jobIds.some((id) => file.includes(id))) ? undefined : true),
      15_000,
      `${dir} to hold no file of ${jobIds.join(', ')}`,
    );

  beforeAll(async () => {
    s3 = await S3TestServer.start();
    t = await startTestApp({ MAPR_ROLE: 'api', ...s3.env() });
    account = await createRoomyAccount(t, 'enterprise');
    for (let i = 0; i < 2; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), `mapr-host-${i}-`));
      workers.push({
        dataDir,
        worker: spawnWorker(
          t,
          // Jobs of more than 100 frames are split between the worker slots alive; 60 ms a frame leaves time to kill one.
          {
            ...s3.env(),
            DATA_DIR: dataDir,
            RENDER_CHUNK_FRAMES: '100',
            RENDER_QUEUE_SWEEP_SECONDS: '0',
            FAKE_RENDER_MS_PER_FRAME: '60',
            // Chunks planned as for the screenshot path (one a slot): the fake renderer stands in for either engine.
            RENDER_ENGINE: 'screenshots',
          },
          FAKE_WORKER,
        ),
      });
    }
    const redis = new Redis(t.config.redis.url!);
    try {
      const beating = () => redis.zcount(`${t.config.redis.keyPrefix}:render-workers`, Date.now() - 4000, '+inf');
      await until(async () => ((await beating()) === 2 ? true : undefined), 60_000, 'both workers to beat');
    } finally {
      redis.disconnect();
    }
  }, 90_000);

  afterAll(async () => {
    for (const { worker } of workers) if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
    await t?.close();
    await s3?.close();
    for (const { dataDir } of workers) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares no path: each process has its own data folder, and the API keeps no files of its own', () => {
    const folders = [t.config.dataDir, ...workers.map((w) => w.dataDir)];
    expect(new Set(folders).size).toBe(3);
    for (const a of folders) for (const b of folders) if (a !== b) expect(b.startsWith(`${a}/`)).toBe(false);
    expect(t.config.storage.driver).toBe('s3');
  });

  it('renders a whole job and a job split between the two processes, into the bucket, leaving nothing behind', async () => {
    const whole = await submit(3); // 90 frames: one piece
    const split = await submit(6); // 180 frames: two chunks of 100 and 80
    const [wholeJob, splitJob] = await Promise.all([ended(whole), ended(split)]);
    expect(wholeJob.status).toBe('complete');
    expect(splitJob.status).toBe('complete');

    // The split job's chunks were rendered by the two processes, and joined from the bucket.
    await until(() => (timings(split).some((line) => line.entry === 'join') ? true : undefined), 10_000, 'the join');
    const chunks = timings(split).filter((line) => line.entry === 'chunk' && line.outcome === 'complete');
    expect(new Set(chunks.map((line) => line.pid)).size).toBe(2);

    // The API answers the bucket's URLs, and the bucket serves them.
    const job = (await t.http.get(`/v1/render/${split}`).auth(account.liveKey, bearer).expect(200)).body;
    expect(job.video_url).toBe(`${s3.bucketUrl}/renders/${split}.mp4`);
    const video = await fetch(job.video_url);
    expect(video.status).toBe(200);
    expect(Number(video.headers.get('content-length'))).toBe(job.file_size_bytes);

    await bucketHoldsOnly([whole, split]);
    for (const { dataDir } of workers) await folderHoldsNoneOf(dataDir, [whole, split]);
    expect(filesUnder(t.config.dataDir).filter((file) => file.startsWith('renders') || file.startsWith('render-chunks'))).toEqual([]);
  }, 120_000);

  it('finishes a split job on the other process when one is killed in the middle of its chunk', async () => {
    await s3.empty();
    const jobId = await submit(8); // 240 frames: two chunks of 120, 7 s each at 60 ms a frame
    // Both processes are rendering a chunk of it once the job has some progress from each.
    await until(
      async () => ((await jobs().findOneByOrFail({ id: jobId })).progress > 0.1 ? true : undefined),
      30_000,
      'the chunks to be under way',
    );
    const [victim, survivor] = alive();
    victim.worker.process.kill('SIGKILL');
    const job = await ended(jobId);
    expect(job.status).toBe('complete');
    // The survivor rendered what the killed process had started.
    const chunks = timings(jobId).filter((line) => line.entry === 'chunk' && line.outcome === 'complete');
    expect(chunks.map((line) => line.chunk).sort()).toEqual([0, 1]);
    expect(chunks.every((line) => line.pid === survivor.worker.process.pid)).toBe(true);

    await bucketHoldsOnly([jobId]);
    await folderHoldsNoneOf(survivor.dataDir, [jobId]);
  }, 120_000);
});
