import { ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { RenderJob } from '../src/modules/rendering/testing';
import { createAccount, startTestApp, TestApp, TestAccount } from './support/test-app';
import { spawnWorker, until } from './support/worker-process';

const bearer = { type: 'bearer' } as const;

describe('a worker killed mid-render', () => {
  let t: TestApp;
  let account: TestAccount;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'api' });
    account = await createAccount(t, { tier: 'creator' });
  });
  afterAll(async () => {
    for (const w of workers) if (w.exitCode === null) w.kill('SIGKILL');
    await t.close();
  });

  it('is taken up again by another worker and completes exactly once', async () => {
    const first = spawnWorker(t, { LOG_LEVEL: 'warn' }).process;
    workers.push(first);
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({
        waypoints: [
          { lat: 38.72, lng: -9.14, label: 'Lisbon' },
          { lat: 52.52, lng: 13.4, label: 'Berlin' },
        ],
        duration: 8,
        aspect_ratio: '1:1',
      })
      .expect(202);
    const jobId = created.body.job_id as string;
    const jobs = t.app.get(DataSource).getRepository(RenderJob);

    await until(
      async () => {
        const job = await jobs.findOneByOrFail({ id: jobId });
        return job.status === 'processing' && job.progress > 0.05 ? job : undefined;
      },
      120_000,
      'the first worker to be mid-render',
    );
    first.kill('SIGKILL');

    const second = spawnWorker(t, { LOG_LEVEL: 'warn' }).process;
    workers.push(second);
    const done = await until(
      async () => {
        const job = await jobs.findOneByOrFail({ id: jobId });
        return ['complete', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
      },
      150_000,
      'the job to finish on the second worker',
    );

    expect(done.status).toBe('complete');
    expect(done.attempts).toBe(2);
    const rendered = readdirSync(join((t.config.storage as { dir: string }).dir, 'renders')).filter((f) => f.startsWith(jobId));
    expect(rendered.sort()).toEqual([`${jobId}.mp4`, `${jobId}_thumb.jpg`]);
    const usage = await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200);
    expect(usage.body.renders_used).toBe(1);
    const record = await t.http.get(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
    expect(record.body).toMatchObject({ status: 'complete', progress: 1, duration_seconds: 8 });
  }, 300_000);
});
