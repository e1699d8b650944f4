import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { randomBase62 } from '../src/common/util/ids';
import { IdempotencyRecord, RenderQueue } from '../src/modules/rendering/testing';
import { verifyWebhook } from '../src/modules/webhooks/testing';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';
import { endJob, startWebhookWorker, waitFor, WebhookReceiver } from './support/webhooks';

const bearer = { type: 'bearer' } as const;
const newPath = () => `/hooks/${randomBase62(8)}`;

describe('Render batches', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let renderQueue: RenderQueue;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startTestApp({ WEBHOOK_RETRY_TIME_SCALE: '600', WEBHOOK_TIMEOUT_MS: '1000' });
    worker = await startWebhookWorker(t);
    renderQueue = t.app.get(RenderQueue);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
  });

  /** Which of the jobs have an entry on the render queue (were started). */
  async function onRenderQueue(jobIds: string[]): Promise<boolean[]> {
    return Promise.all(jobIds.map((id) => renderQueue.isQueued(id)));
  }

  async function batchOf(account: TestAccount, batchId: string) {
    return (await t.http.get(`/v1/batch/${batchId}`).auth(account.liveKey, bearer).expect(200)).body;
  }

  it('Free tier: a 3-job batch starts one job at a time and sends exactly one batch.complete with the outcome counts', async () => {
    // Free limits (1 concurrent job), with room for the polling requests of the test.
    const account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 100_000 } });
    const path = newPath();
    const res = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: [renderBody(), renderBody({ duration: 6 }), renderBody({ duration: 7 })], webhook_url: receiver.url(path) })
      .expect(202);
    expect(res.body).toEqual({
      batch_id: expect.stringMatching(/^batch_[A-Za-z0-9]{24}$/),
      jobs: [0, 1, 2].map(() => ({ job_id: expect.stringMatching(/^job_/), status: 'queued' })),
      total: 3,
      status_url: `${t.baseUrl}/v1/batch/${res.body.batch_id}`,
    });
    const batchId: string = res.body.batch_id;
    const ids: string[] = res.body.jobs.map((j: { job_id: string }) => j.job_id);

    // Concurrent limit 1: only the first job is on the render queue; the others wait queued.
    expect(await onRenderQueue(ids)).toEqual([true, false, false]);
    expect(await batchOf(account, batchId)).toMatchObject({
      status: 'processing',
      queued: 3,
      processing: 0,
      completed: 0,
      failed: 0,
      total: 3,
      completed_at: null,
    });
    const job0 = await t.http.get(`/v1/render/${ids[0]}`).auth(account.liveKey, bearer).expect(200);
    expect(job0.body).toMatchObject({ batch_id: batchId, status: 'queued', request: { duration: 5 } });
    // Single renders see the waiting batch jobs as active.
    const single = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(429);
    expect(single.body.error_code).toBe('CONCURRENT_JOB_LIMIT');

    await endJob(t, ids[0], 'processing');
    expect(await onRenderQueue(ids)).toEqual([true, false, false]);
    expect(await batchOf(account, batchId)).toMatchObject({ processing: 1, queued: 2 });

    await endJob(t, ids[0], 'complete');
    expect(await onRenderQueue(ids.slice(1))).toEqual([true, false]);
    await endJob(t, ids[1], 'processing');
    await endJob(t, ids[1], 'failed');
    expect(await onRenderQueue(ids.slice(2))).toEqual([true]);
    expect(await batchOf(account, batchId)).toMatchObject({ status: 'processing', completed: 1, failed: 1, queued: 1 });
    expect(receiver.on(path)).toHaveLength(0);

    // The last job is cancelled: the batch is complete.
    await t.http.delete(`/v1/render/${ids[2]}`).auth(account.liveKey, bearer).expect(200);
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    const secret = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body.secret;
    expect(verifyWebhook(hook.body, hook.headers, secret)).toBe(true);
    expect(hook.headers['x-service-event']).toBe('batch.complete');
    const failedJob = await t.http.get(`/v1/render/${ids[1]}`).auth(account.liveKey, bearer).expect(200);
    expect(JSON.parse(hook.body)).toEqual({
      event: 'batch.complete',
      batch_id: batchId,
      jobs: [
        { job_id: ids[0], status: 'complete', video_url: `${t.config.http.cdnUrl}/renders/${ids[0]}.mp4` },
        { job_id: ids[1], status: 'failed', error: 'MARITIME_ROUTE_ERROR', message: failedJob.body.message },
        { job_id: ids[2], status: 'cancelled' },
      ],
      completed: 1,
      failed: 1,
      total: 3,
      sandbox: false,
    });

    const done = await batchOf(account, batchId);
    expect(done).toMatchObject({ batch_id: batchId, status: 'complete', completed: 1, failed: 1, processing: 0, queued: 0, total: 3 });
    expect(Date.parse(done.completed_at)).toBeGreaterThanOrEqual(Date.parse(done.created_at));
    expect(done.jobs).toEqual(JSON.parse(hook.body).jobs);

    // A job end reported again changes nothing: still one batch.complete, and no render.* webhooks ever.
    await endJob(t, ids[1], 'failed');
    await waitFor(
      () => t.http.get('/v1/webhooks/deliveries').query({ batch_id: batchId }).auth(account.liveKey, bearer),
      (r) => r.body.deliveries?.[0]?.status === 'delivered',
    );
    const logged = await t.http.get('/v1/webhooks/deliveries').query({ batch_id: batchId }).auth(account.liveKey, bearer).expect(200);
    expect(logged.body.deliveries.map((d: { event: string }) => d.event)).toEqual(['batch.complete']);
    for (const id of ids) {
      expect((await t.http.get('/v1/webhooks/deliveries').query({ job_id: id }).auth(account.liveKey, bearer)).body.deliveries).toEqual([]);
    }
    expect(receiver.on(path)).toHaveLength(1);
  });

  it('sends one batch.complete when the last two jobs end at the same moment', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const path = newPath();
    const res = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: [renderBody(), renderBody()], webhook_url: receiver.url(path) })
      .expect(202);
    const ids: string[] = res.body.jobs.map((j: { job_id: string }) => j.job_id);
    expect(await onRenderQueue(ids)).toEqual([true, true]);
    await Promise.all([endJob(t, ids[0], 'complete'), endJob(t, ids[1], 'complete')]);
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'batch.complete', completed: 2, failed: 0, total: 2 });
    const logged = await t.http
      .get('/v1/webhooks/deliveries')
      .query({ batch_id: res.body.batch_id })
      .auth(account.liveKey, bearer)
      .expect(200);
    expect(logged.body.deliveries).toHaveLength(1);
  });

  it('refuses the whole batch when any job is invalid, naming jobs[i].field, and stores nothing', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const res = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({
        jobs: [
          renderBody({ webhook_url: 'https://example.com/hook' }),
          renderBody({
            waypoints: [
              { lat: 95, lng: 0 },
              { lat: 0, lng: 0 },
            ],
          }),
          renderBody({ duration: 600 }),
        ],
      })
      .expect(400);
    const fields = res.body.issues.map((i: { field: string }) => i.field);
    expect(fields).toContain('jobs[1].waypoints[0].lat');
    // DTO problems are reported first; fix them and the batch-level checks name the others.
    const second = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: [renderBody({ webhook_url: 'https://example.com/hook' }), renderBody(), renderBody({ duration: 600 })] })
      .expect(400);
    expect(second.body.issues).toEqual([
      expect.objectContaining({ field: 'jobs[0].webhook_url', code: 'not_allowed_in_batch' }),
      expect.objectContaining({ field: 'jobs[2].duration', code: 'DURATION_EXCEEDS_TIER_LIMIT' }),
    ]);
    expect(second.body).toMatchObject({ max_duration_seconds: 15, tier: 'creator' });

    expect(
      (await t.http.post('/v1/render/batch').auth(account.liveKey, bearer).send({ jobs: [] }).expect(400)).body.issues[0],
    ).toMatchObject({ field: 'jobs', code: 'too_few_items' });
    const tooMany = Array.from({ length: 51 }, () => renderBody());
    expect(
      (await t.http.post('/v1/render/batch').auth(account.liveKey, bearer).send({ jobs: tooMany }).expect(400)).body.issues[0],
    ).toMatchObject({ field: 'jobs', code: 'too_many_items' });
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(0);
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(0);
  });

  it('checks the quota for the whole batch, and the tier features of every job', async () => {
    const account = await createAccount(t, { tier: 'free' });
    const six = Array.from({ length: 6 }, () => renderBody());
    const refused = await t.http.post('/v1/render/batch').auth(account.liveKey, bearer).send({ jobs: six }).expect(429);
    expect(refused.body).toMatchObject({ error_code: 'RENDER_LIMIT_EXCEEDED', renders_used: 0, renders_limit: 5 });
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(0);

    const hd = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: [renderBody(), renderBody({ resolution: '1080p' })] })
      .expect(403);
    expect(hd.body).toMatchObject({ error_code: 'FEATURE_NOT_AVAILABLE', tier: 'free' });

    const five = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: six.slice(1) })
      .expect(202);
    expect(five.body.total).toBe(5);
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(5);
  });

  it('refuses batches of unverified accounts, and keeps batches to their account and mode', async () => {
    const unverified = await createAccount(t, { verified: false, keys: false });
    const refused = await t.http
      .post('/v1/render/batch')
      .auth(unverified.accessToken, bearer)
      .send({ jobs: [renderBody()] })
      .expect(403);
    expect(refused.body.error_code).toBe('EMAIL_NOT_VERIFIED');

    const owner = await createAccount(t, { tier: 'creator' });
    const other = await createAccount(t, { tier: 'creator' });
    const res = await t.http
      .post('/v1/render/batch')
      .auth(owner.liveKey, bearer)
      .send({ jobs: [renderBody()] })
      .expect(202);
    await t.http.get(`/v1/batch/${res.body.batch_id}`).auth(other.liveKey, bearer).expect(404);
    await t.http.get(`/v1/batch/${res.body.batch_id}`).auth(owner.testKey, bearer).expect(404);
    await t.http.get(`/v1/batch/${res.body.batch_id}`).auth(owner.accessToken, bearer).expect(200);
  });

  it('a retry after the API died between storing the batch and answering gets that batch, not a second one', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const body = { jobs: [renderBody(), renderBody({ duration: 8 })] };
    const first = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'crashed')
      .send(body)
      .expect(202);
    // What the crash leaves: the batch stored, its key's record unfinished, and by now stale (a minute old).
    await t.app
      .get(DataSource)
      .getRepository(IdempotencyRecord)
      .update(
        { accountId: account.id, key: 'crashed' },
        { state: 'in_progress', responseStatus: null, responseBody: null as unknown as object, createdAt: new Date(Date.now() - 120_000) },
      );
    const retry = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'crashed')
      .send(body)
      .expect(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect((await t.http.get('/v1/batches').auth(account.liveKey, bearer)).body.data).toHaveLength(1);
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(2);
  });

  it('replays the first response for a repeated Idempotency-Key', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const body = { jobs: [renderBody(), renderBody({ duration: 8 })] };
    const first = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'batch-1')
      .send(body)
      .expect(202);
    const again = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'batch-1')
      .send(body)
      .expect(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Both answers say where to follow the batch and when to look first.
    for (const res of [first, again]) {
      expect(res.headers.location).toBe(first.body.status_url);
      expect(res.headers['retry-after']).toBe('5');
    }
    const other = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'batch-1')
      .send({ jobs: [renderBody()] })
      .expect(409);
    expect(other.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(2);
  });

  it('lists the account’s batches newest first, a page at a time, each as GET /v1/batch gives it', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const other = await createAccount(t, { tier: 'creator' });
    const created: string[] = [];
    for (const jobs of [[renderBody()], [renderBody(), renderBody({ duration: 6 })], [renderBody()]]) {
      const res = await t.http.post('/v1/render/batch').auth(account.liveKey, bearer).send({ jobs }).expect(202);
      created.push(res.body.batch_id);
    }
    await t.http
      .post('/v1/render/batch')
      .auth(other.liveKey, bearer)
      .send({ jobs: [renderBody()] })
      .expect(202);
    const newestFirst = [...created].reverse();

    const all = await t.http.get('/v1/batches').auth(account.accessToken, bearer).expect(200);
    expect(all.body.data.map((b: { batch_id: string }) => b.batch_id)).toEqual(newestFirst);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.data[1]).toEqual(await batchOf(account, created[1]));
    expect(all.body.data[1]).toMatchObject({ total: 2, queued: 2, status: 'processing' });

    const first = await t.http.get('/v1/batches').query({ limit: 2 }).auth(account.liveKey, bearer).expect(200);
    expect(first.body.data.map((b: { batch_id: string }) => b.batch_id)).toEqual(newestFirst.slice(0, 2));
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await t.http
      .get('/v1/batches')
      .query({ limit: 2, cursor: first.body.next_cursor })
      .auth(account.liveKey, bearer)
      .expect(200);
    expect(second.body.data.map((b: { batch_id: string }) => b.batch_id)).toEqual(newestFirst.slice(2));
    expect(second.body.next_cursor).toBeNull();

    // Live and sandbox batches are kept apart, as jobs are.
    expect((await t.http.get('/v1/batches').auth(account.testKey, bearer).expect(200)).body).toEqual({ data: [], next_cursor: null });
    expect((await t.http.get('/v1/batches').auth(other.liveKey, bearer).expect(200)).body.data).toHaveLength(1);

    const badCursor = await t.http.get('/v1/batches').query({ cursor: 'nope' }).auth(account.liveKey, bearer).expect(400);
    expect(badCursor.body.issues).toEqual([expect.objectContaining({ field: 'cursor', code: 'invalid_cursor' })]);
    await t.http.get('/v1/batches').query({ limit: 0 }).auth(account.liveKey, bearer).expect(400);
    await t.http.get('/v1/batches').expect(401);
  });
});
