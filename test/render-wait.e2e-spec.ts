/**
 * `GET /v1/render/{job_id}?wait=N` and `GET /v1/batch/{batch_id}?wait=N`: a read held while the job's status (a
 * batch's jobs' statuses) stays what it was, so that waiting for a render or a batch costs a couple of requests a
 * minute instead of one every few seconds (a Free account has 10 a minute).
 * No worker runs here: the test moves the jobs itself, as a worker would.
 */
import { DataSource } from 'typeorm';
import { JobLifecycle, RenderJob } from '../src/modules/rendering/testing';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

describe('a held read of a job (wait=)', () => {
  let t: TestApp;
  let account: TestAccount;
  let lifecycle: JobLifecycle;

  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'api' });
    // No worker runs here, so the jobs the tests leave queued or processing keep their concurrent slots: room for all of them.
    account = await createAccount(t, { tier: 'creator', overrides: { concurrent_jobs: 50 } });
    lifecycle = t.app.get(JobLifecycle);
  });
  afterAll(() => t?.close());

  async function acceptedJob(): Promise<string> {
    const created = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    return created.body.job_id as string;
  }

  async function timedRead(path: string): Promise<{ status: number; body: Record<string, unknown>; ms: number; remaining: number }> {
    const started = Date.now();
    const res = await t.http.get(path).auth(account.liveKey, bearer);
    return { status: res.status, body: res.body, ms: Date.now() - started, remaining: Number(res.headers['x-ratelimit-remaining']) };
  }

  it('answers as soon as the status changes, with the new status', async () => {
    const jobId = await acceptedJob();
    setTimeout(() => void lifecycle.claim(jobId), 1500);
    const read = await timedRead(`/v1/render/${jobId}?wait=20`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ job_id: jobId, status: 'processing' });
    expect(read.ms).toBeGreaterThanOrEqual(1400);
    // Bounds far from the wait asked for (20 s, 25 s), so that a loaded machine's slowness does not decide.
    expect(read.ms).toBeLessThan(10_000);

    // A progress change alone does not end the wait; the job's end does, at once.
    setTimeout(() => void lifecycle.progress(jobId, 0.5), 500);
    setTimeout(() => void lifecycle.fail(jobId, { code: 'RENDER_FAILED', message: 'the renderer crashed' }), 2000);
    const ended = await timedRead(`/v1/render/${jobId}?wait=20`);
    expect(ended.body).toMatchObject({ status: 'failed', error: 'RENDER_FAILED' });
    expect(ended.ms).toBeGreaterThanOrEqual(1900);
    expect(ended.ms).toBeLessThan(10_000);
  });

  it('answers after `wait` seconds with the job as it is then, and at once for an ended job or without wait', async () => {
    const jobId = await acceptedJob();
    await lifecycle.claim(jobId);
    setTimeout(() => void lifecycle.progress(jobId, 0.4), 500);
    const held = await timedRead(`/v1/status/${jobId}?wait=2`);
    expect(held.body).toMatchObject({ status: 'processing', progress: 0.4 });
    expect(held.ms).toBeGreaterThanOrEqual(1900);
    expect(held.ms).toBeLessThan(10_000);

    expect((await timedRead(`/v1/render/${jobId}`)).ms).toBeLessThan(5_000);
    await lifecycle.cancel(jobId);
    const ended = await timedRead(`/v1/render/${jobId}?wait=25`);
    expect(ended.body).toMatchObject({ status: 'cancelled' });
    expect(ended.ms).toBeLessThan(5_000);
  });

  it('still answers a change whose announcement was lost (a Redis restart), at the next re-check of the row', async () => {
    const jobId = await acceptedJob();
    // The row changed behind the lifecycle's back: no message on the job-status channel.
    setTimeout(() => void t.app.get(DataSource).getRepository(RenderJob).update({ id: jobId }, { status: 'processing' }), 500);
    const read = await timedRead(`/v1/render/${jobId}?wait=20`);
    expect(read.body).toMatchObject({ status: 'processing' });
    // The re-check every 5 s, well before the 20 s asked for.
    expect(read.ms).toBeGreaterThanOrEqual(4_500);
    expect(read.ms).toBeLessThan(15_000);
  });

  it('counts a held read once against the rate limit', async () => {
    const jobId = await acceptedJob();
    const before = await timedRead(`/v1/render/${jobId}`);
    const held = await timedRead(`/v1/render/${jobId}?wait=2`);
    expect(held.ms).toBeGreaterThanOrEqual(1900);
    expect(held.remaining).toBe(before.remaining - 1);
  });

  it('refuses a wait beyond 25 s, or not a whole number, with a validation error', async () => {
    const jobId = await acceptedJob();
    for (const wait of ['26', '-1', '2.5', 'soon']) {
      const res = await t.http.get(`/v1/render/${jobId}?wait=${wait}`).auth(account.liveKey, bearer);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error_code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(res.body)).toContain('wait');
    }
  });

  it('still answers 404 for another account’s job without holding', async () => {
    const other = await createAccount(t, { tier: 'creator' });
    const jobId = await acceptedJob();
    const started = Date.now();
    const res = await t.http.get(`/v1/render/${jobId}?wait=10`).auth(other.liveKey, bearer);
    expect(res.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  describe('of a batch', () => {
    async function acceptedBatch(): Promise<{ batchId: string; jobIds: string[] }> {
      const created = await t.http
        .post('/v1/render/batch')
        .auth(account.liveKey, bearer)
        .send({ jobs: [renderBody(), renderBody({ duration: 6 })] })
        .expect(202);
      return { batchId: created.body.batch_id, jobIds: created.body.jobs.map((j: { job_id: string }) => j.job_id) };
    }
    const failure = { code: 'RENDER_FAILED' as const, message: 'the renderer crashed' };

    it('answers as soon as one of its jobs starts or ends, with the batch as it is then', async () => {
      const { batchId, jobIds } = await acceptedBatch();
      setTimeout(() => void lifecycle.claim(jobIds[1]), 1500);
      const started = await timedRead(`/v1/batch/${batchId}?wait=20`);
      expect(started.status).toBe(200);
      expect(started.body).toMatchObject({ batch_id: batchId, status: 'processing', processing: 1, queued: 1 });
      expect((started.body.jobs as Array<{ status: string }>).map((j) => j.status)).toEqual(['queued', 'processing']);
      expect(started.ms).toBeGreaterThanOrEqual(1400);
      // Far from the 20 s asked for, so that a loaded machine's slowness does not decide.
      expect(started.ms).toBeLessThan(10_000);

      // Progress alone does not end the wait; a job's end does.
      setTimeout(() => void lifecycle.progress(jobIds[1], 0.5), 500);
      setTimeout(() => void lifecycle.fail(jobIds[1], failure), 2000);
      const oneEnded = await timedRead(`/v1/batch/${batchId}?wait=20`);
      expect(oneEnded.body).toMatchObject({ status: 'processing', failed: 1, queued: 1 });
      expect(oneEnded.ms).toBeGreaterThanOrEqual(1900);
      expect(oneEnded.ms).toBeLessThan(10_000);
    });

    it('answers after `wait` seconds when nothing changed, at once once every job has ended, and counts once', async () => {
      const { batchId, jobIds } = await acceptedBatch();
      await lifecycle.claim(jobIds[0]);
      setTimeout(() => void lifecycle.progress(jobIds[0], 0.4), 500);
      // (Progress alone is no change: a batch's jobs show their status, not their progress.)
      const before = await timedRead(`/v1/batch/${batchId}`);
      const held = await timedRead(`/v1/batch/${batchId}?wait=2`);
      expect(held.body).toMatchObject({ status: 'processing', processing: 1, queued: 1 });
      expect(held.ms).toBeGreaterThanOrEqual(1900);
      expect(held.ms).toBeLessThan(10_000);
      expect(held.remaining).toBe(before.remaining - 1);

      await lifecycle.fail(jobIds[0], failure);
      await lifecycle.cancel(jobIds[1]);
      const ended = await timedRead(`/v1/batch/${batchId}?wait=25`);
      expect(ended.body).toMatchObject({ status: 'complete', failed: 1, queued: 0, processing: 0 });
      expect((ended.body.jobs as Array<{ status: string }>).map((j) => j.status)).toEqual(['failed', 'cancelled']);
      expect(ended.ms).toBeLessThan(5_000);
    });

    it('refuses a wait beyond 25 s with a validation error, and answers 404 for another account’s batch without holding', async () => {
      const { batchId } = await acceptedBatch();
      const refused = await t.http.get(`/v1/batch/${batchId}?wait=26`).auth(account.liveKey, bearer);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error_code: 'VALIDATION_ERROR' });
      expect(JSON.stringify(refused.body)).toContain('wait');

      const other = await createAccount(t, { tier: 'creator' });
      const started = Date.now();
      const res = await t.http.get(`/v1/batch/${batchId}?wait=10`).auth(other.liveKey, bearer);
      expect(res.status).toBe(404);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });
});
