import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import Redis from 'ioredis';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { randomBase62 } from '../src/common/util/ids';
import { runInTransaction } from '../src/database/transactions';
import { AccountEvents1767200000000 } from '../src/database/migrations/1767200000000-account-events';
import { SandboxEventsAndListenSecret1769000000000 } from '../src/database/migrations/1769000000000-sandbox-events-and-listen-secret';
import { SandboxSigningSecret1769400000000 } from '../src/database/migrations/1769400000000-sandbox-signing-secret';
import { RenderJob, JobEventsService, RENDERER } from '../src/modules/rendering/testing';
import { WebhookDispatcher } from '../src/modules/webhooks';
import { WebhookDelivery, WebhookSigningSecret, verifyWebhook } from '../src/modules/webhooks/testing';
import { FakeRenderer } from './support/fake-renderer';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';
import { TEST_DATABASE_KIND, TEST_REDIS_URL } from './support/test-env';
import { waitFor, WebhookReceiver } from './support/webhooks';

/**
 * Resolves once `app` waits for the account's events: its subscriber is on the account's channel, which a
 * GET /v1/events with nothing to answer joins before it waits. The moment a test sends what should wake it.
 */
async function waitingFor(app: TestApp, accountId: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  const channel = `${app.config.redis.keyPrefix}:account-events:${accountId}`;
  try {
    await waitFor(
      async () => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1],
      (n) => n > 0,
      5_000,
    );
  } finally {
    redis.disconnect();
  }
}

/**
 * Postgres: how many transactions wait for the account's event lock (`serializeOnKey(manager, 'account-events:<id>')`,
 * a transaction-scoped advisory lock on the first 64 bits of the key's SHA-256, which pg_locks shows as two oids).
 */
async function waitingForAccountEvents(dataSource: DataSource, accountId: string): Promise<number> {
  const lockId = BigInt.asUintN(64, createHash('sha256').update(`account-events:${accountId}`).digest().readBigInt64BE(0));
  const [row] = (await dataSource.query(
    "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1::oid AND objid = $2::oid AND objsubid = 1",
    [String(lockId >> 32n), String(lockId & 0xffffffffn)],
  )) as { n: number }[];
  return row.n;
}

const bearer = { type: 'bearer' } as const;

/** True when the Standard Webhooks library verifies the event's headers with `secret`. */
function tryStandard(secret: string, event: { body: string; headers: Record<string, string> }): boolean {
  try {
    new Webhook(secret).verify(event.body, event.headers);
    return true;
  } catch {
    return false;
  }
}
const PLAN = { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 100_000 } } as const;
const small = { duration: 3, fps: 24, aspect_ratio: '1:1' };

interface ListedEvent {
  id: string;
  event: string;
  created_at: string;
  delivery_id: string | null;
  job_id: string | null;
  batch_id: string | null;
  sandbox: boolean;
  signed_with: 'listen_secret' | 'webhook_secret';
  payload: Record<string, unknown>;
  body: string;
  headers: Record<string, string>;
}
interface EventPage {
  data: ListedEvent[];
  next_after: string | null;
}

/**
 * GET /v1/events against the real service: the API and the render worker in one process (the worker
 * records events, the API answers), a fake renderer where no pixels are needed, and a real webhook
 * receiver for the jobs that have a webhook_url.
 */
describe(`GET /v1/events (${TEST_DATABASE_KIND})`, () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startTestApp(
      { MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '120' },
      { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 1 }) }] },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const events = async (account: TestAccount, query: Record<string, string | number> = {}, key = account.liveKey): Promise<EventPage> =>
    (await t.http.get('/v1/events').query(query).auth(key, bearer).expect(200)).body;
  const secretOf = async (account: TestAccount): Promise<string> =>
    (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body.secret;
  const listenSecretOf = async (account: TestAccount, key = account.liveKey): Promise<string> =>
    (await t.http.get('/v1/events/listen-secret').auth(key, bearer).expect(200)).body.secret;

  async function render(account: TestAccount, body: object = {}): Promise<string> {
    return (
      await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .send(renderBody({ ...small, ...body }))
        .expect(202)
    ).body.job_id;
  }
  async function waitForEnd(account: TestAccount, jobId: string): Promise<Record<string, unknown>> {
    return waitFor(
      async () => (await t.http.get(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200)).body,
      (job) => ['complete', 'failed', 'cancelled'].includes(job.status),
      90_000,
    );
  }
  /** The account's events once there are `count` of them (they are recorded just after the job row ends). */
  const eventsOnceThere = (account: TestAccount, count: number) =>
    waitFor(
      () => events(account),
      (page) => page.data.length >= count,
    );

  it('records render.complete for a job without a webhook_url, with the webhook body and headers that verify', async () => {
    const account = await createAccount(t, PLAN);
    const jobId = await render(account);
    const job = await waitForEnd(account, jobId);
    expect(job.status).toBe('complete');

    const page = await eventsOnceThere(account, 1);
    expect(page.data).toHaveLength(1);
    const [event] = page.data;
    expect(page.next_after).toBe(event.id);
    expect(event).toMatchObject({ event: 'render.complete', job_id: jobId, batch_id: null, delivery_id: null });
    expect(event.id).toMatch(/^evt_[A-Za-z0-9]{24}$/);
    expect(Date.parse(event.created_at)).toBeGreaterThanOrEqual(Date.parse(job.completed_at as string));
    // The payload a webhook would carry: the job record's completion fields, and `body` is its exact text.
    expect(event.payload).toEqual({
      event: 'render.complete',
      job_id: jobId,
      status: 'complete',
      video_url: job.video_url,
      thumbnail_url: job.thumbnail_url,
      duration_seconds: job.duration_seconds,
      resolution: job.resolution,
      file_size_bytes: job.file_size_bytes,
      expires_at: job.expires_at,
      created_at: job.created_at,
      completed_at: job.completed_at,
      sandbox: false,
    });
    expect(JSON.parse(event.body)).toEqual(event.payload);

    // Read with an API key: signed now with the account's listen secret, as a delivery attempt would be signed;
    // no delivery, so the event id stands in. The production webhook secret does not verify it: no API key can
    // obtain a signature that a production receiver trusts.
    const secret = await secretOf(account);
    const listenSecret = await listenSecretOf(account);
    expect(listenSecret).toMatch(/^whsec_/);
    expect(listenSecret).not.toBe(secret);
    // One listen secret per mode: a test key's is not the live one.
    const testListenSecret = await listenSecretOf(account, account.testKey);
    expect(testListenSecret).toMatch(/^whsec_/);
    expect(testListenSecret).not.toBe(listenSecret);
    expect((await t.http.get('/v1/events/listen-secret').auth(account.testKey, bearer).expect(200)).body).toEqual({
      secret: testListenSecret,
      sandbox: true,
    });
    expect((await t.http.get('/v1/events/listen-secret').auth(account.liveKey, bearer).expect(200)).body).toEqual({
      secret: listenSecret,
      sandbox: false,
    });
    expect(verifyWebhook(event.body, event.headers, testListenSecret)).toBe(false);
    expect(event).toMatchObject({ sandbox: false, signed_with: 'listen_secret' });
    expect(event.headers).toEqual({
      'X-Service-Event': 'render.complete',
      'X-Service-Delivery': event.id,
      'X-Service-Timestamp': expect.stringMatching(/^\d+$/),
      'X-Service-Signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      'X-Service-Signature-V2': expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/),
      'webhook-id': event.id,
      'webhook-timestamp': event.headers['X-Service-Timestamp'],
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(Math.abs(Number(event.headers['X-Service-Timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    // A Standard Webhooks receiver holding the listen secret verifies a forwarded event with its library, unchanged.
    expect(new Webhook(listenSecret).verify(event.body, event.headers)).toEqual(event.payload);
    expect(verifyWebhook(event.body, event.headers, listenSecret)).toBe(true);
    expect(verifyWebhook(event.body, event.headers, secret)).toBe(false);
    expect(() => new Webhook(secret).verify(event.body, event.headers)).toThrow();
    const plainOnly = { 'X-Service-Signature': event.headers['X-Service-Signature'] };
    expect(verifyWebhook(event.body, plainOnly, listenSecret)).toBe(false);
    expect(verifyWebhook(event.body, plainOnly, listenSecret, { allowReplayableBodyOnlySignature: true })).toBe(true);
    expect(verifyWebhook(event.body, plainOnly, secret, { allowReplayableBodyOnlySignature: true })).toBe(false);
    expect(verifyWebhook(event.body.replace('complete', 'failed!!'), event.headers, listenSecret)).toBe(false);

    // A dashboard session (which can read the webhook secret anyway) gets the same event signed with the webhook secret;
    // during a rotation the headers carry both secrets, so a receiver holding either verifies.
    const [asDashboard] = (await events(account, {}, account.accessToken)).data;
    expect(asDashboard).toMatchObject({ id: event.id, body: event.body, sandbox: false, signed_with: 'webhook_secret' });
    expect(verifyWebhook(asDashboard.body, asDashboard.headers, secret)).toBe(true);
    expect(new Webhook(secret).verify(asDashboard.body, asDashboard.headers)).toEqual(event.payload);
    const rotated = (await t.http.post('/v1/webhooks/secret/rotate').auth(account.accessToken, bearer).expect(200)).body.secret;
    const [again] = (await events(account, {}, account.accessToken)).data;
    expect(again.body).toBe(event.body);
    expect(verifyWebhook(again.body, again.headers, rotated)).toBe(true);
    expect(verifyWebhook(again.body, again.headers, secret)).toBe(true);
    // The listen secret is not touched by a rotation of the webhook secret.
    expect(await listenSecretOf(account)).toBe(listenSecret);
  });

  it('keeps modes apart: a test key reads sandbox events only, a live key live ones only, a dashboard session both, marked', async () => {
    const account = await createAccount(t, PLAN);
    const liveJob = await render(account);
    const sandboxJob = (
      await t.http
        .post('/v1/render')
        .auth(account.testKey, bearer)
        .send(renderBody({ ...small }))
        .expect(202)
    ).body.job_id as string;
    await waitFor(
      () => events(account, {}, account.accessToken),
      (page) => page.data.length === 2,
    );
    const asLive = await events(account);
    const asTest = await events(account, {}, account.testKey);
    const asDashboard = await events(account, {}, account.accessToken);
    expect(asLive.data.map((e) => [e.job_id, e.sandbox])).toEqual([[liveJob, false]]);
    expect(asTest.data.map((e) => [e.job_id, e.sandbox])).toEqual([[sandboxJob, true]]);
    expect(asDashboard.data.map((e) => [e.job_id, e.sandbox]).sort()).toEqual(
      [
        [liveJob, false],
        [sandboxJob, true],
      ].sort(),
    );
    // The live video's URL never reaches a test key.
    expect(JSON.stringify(asTest)).not.toContain(liveJob);
    // Each payload says its mode, and each mode's events are signed with that mode's secrets only: a test key's with its
    // listen secret, a dashboard session's sandbox event with the sandbox secret, its live event with the webhook secret.
    expect(asLive.data[0].payload.sandbox).toBe(false);
    expect(asTest.data[0].payload.sandbox).toBe(true);
    const { secret, sandbox_secret: sandboxSecret } = (
      await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)
    ).body as { secret: string; sandbox_secret: string };
    const [liveListen, testListen] = [await listenSecretOf(account), await listenSecretOf(account, account.testKey)];
    const verifiers = (event: ListedEvent) =>
      Object.entries({ secret, sandboxSecret, liveListen, testListen })
        .filter(([, key]) => verifyWebhook(event.body, event.headers, key) || tryStandard(key, event))
        .map(([name]) => name);
    expect(verifiers(asLive.data[0])).toEqual(['liveListen']);
    expect(verifiers(asTest.data[0])).toEqual(['testListen']);
    const sandboxAsDashboard = asDashboard.data.find((e) => e.sandbox)!;
    const liveAsDashboard = asDashboard.data.find((e) => !e.sandbox)!;
    expect([sandboxAsDashboard.signed_with, liveAsDashboard.signed_with]).toEqual(['webhook_secret', 'webhook_secret']);
    expect(verifiers(sandboxAsDashboard)).toEqual(['sandboxSecret']);
    expect(verifiers(liveAsDashboard)).toEqual(['secret']);
    // An event of the other mode is no cursor: 404, as another account's.
    const notFound = await t.http
      .get('/v1/events')
      .query({ after: asLive.data[0].id, timeout: 0 })
      .auth(account.testKey, bearer)
      .expect(404);
    expect(notFound.body.error_code).toBe('NOT_FOUND');
    // After the sandbox event, a test key waits for sandbox events; a live event does not wake it with live data.
    const after = await t.http.get('/v1/events').query({ after: asTest.data[0].id, timeout: 0 }).auth(account.testKey, bearer).expect(200);
    expect(after.body.data).toEqual([]);
  });

  it('records render.failed with the failure code', async () => {
    const account = await createAccount(t, PLAN);
    const jobId = await render(account, {
      transport: 'ship',
      waypoints: [
        { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
        { lat: 39.7392, lng: -104.9903, label: 'Denver' },
      ],
    });
    const job = await waitForEnd(account, jobId);
    expect(job.status).toBe('failed');
    const [event] = (await eventsOnceThere(account, 1)).data;
    expect(event.event).toBe('render.failed');
    expect(event.headers['X-Service-Event']).toBe('render.failed');
    expect(event.payload).toEqual({
      event: 'render.failed',
      job_id: jobId,
      status: 'failed',
      error: job.error,
      message: job.message,
      created_at: job.created_at,
      failed_at: job.failed_at,
      sandbox: false,
    });
    expect(verifyWebhook(event.body, event.headers, await listenSecretOf(account))).toBe(true);
  });

  it('records one batch.complete for a batch and no render.* for its jobs', async () => {
    const account = await createAccount(t, PLAN);
    const res = await t.http
      .post('/v1/render/batch')
      .auth(account.liveKey, bearer)
      .send({ jobs: [renderBody(small), renderBody({ ...small, duration: 4 })] })
      .expect(202);
    const batchId: string = res.body.batch_id;
    const jobIds: string[] = res.body.jobs.map((j: { job_id: string }) => j.job_id);
    await waitFor(
      async () => (await t.http.get(`/v1/batch/${batchId}`).auth(account.liveKey, bearer).expect(200)).body,
      (batch) => batch.status === 'complete',
      90_000,
    );
    for (const jobId of jobIds) expect((await waitForEnd(account, jobId)).status).toBe('complete');

    const page = await eventsOnceThere(account, 1);
    expect(page.data.map((e) => [e.event, e.batch_id, e.job_id])).toEqual([['batch.complete', batchId, null]]);
    expect(page.data[0].payload).toMatchObject({ event: 'batch.complete', batch_id: batchId, total: 2, completed: 2, failed: 0 });
    expect(verifyWebhook(page.data[0].body, page.data[0].headers, await listenSecretOf(account))).toBe(true);
  });

  it('carries the delivery id of a job sent by webhook, and the very bytes the receiver got', async () => {
    const account = await createAccount(t, PLAN);
    const path = `/hooks/${randomBase62(8)}`;
    const jobId = await render(account, { webhook_url: receiver.url(path) });
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
      90_000,
    );
    const [delivery] = (await t.http.get('/v1/webhooks/deliveries').query({ job_id: jobId }).auth(account.liveKey, bearer).expect(200)).body
      .deliveries;
    const [event] = (await eventsOnceThere(account, 1)).data;
    expect(event).toMatchObject({ event: 'render.complete', job_id: jobId, delivery_id: delivery.id });
    expect(hook.headers['x-service-delivery']).toBe(delivery.id);
    expect(event.headers['X-Service-Delivery']).toBe(delivery.id);
    expect(event.body).toBe(hook.body);
    expect(verifyWebhook(event.body, event.headers, await listenSecretOf(account))).toBe(true);
  });

  it('pages oldest first with after and limit, and answers at once with timeout=0', async () => {
    const account = await createAccount(t, PLAN);
    const jobIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      jobIds.push(await render(account));
      await waitForEnd(account, jobIds[i]);
    }
    const all = await eventsOnceThere(account, 3);
    expect(all.data.map((e) => e.job_id)).toEqual(jobIds);
    const ids = all.data.map((e) => e.id);

    // Without `after`: the latest `limit`, still oldest first.
    const latest = await events(account, { limit: 2 });
    expect(latest.data.map((e) => e.id)).toEqual(ids.slice(1));
    expect(latest.next_after).toBe(ids[2]);

    const first = await events(account, { after: ids[0], limit: 1 });
    expect(first.data.map((e) => e.id)).toEqual([ids[1]]);
    expect(first.next_after).toBe(ids[1]);
    const second = await events(account, { after: first.next_after!, limit: 5 });
    expect(second.data.map((e) => e.id)).toEqual([ids[2]]);

    const started = Date.now();
    const none = await events(account, { after: ids[2], timeout: 0 });
    const elapsed = Date.now() - started;
    expect(none).toEqual({ data: [], next_after: ids[2] });
    expect(elapsed).toBeLessThan(2_000);
  });

  it('waits for the next event and answers as soon as a job completes', async () => {
    const account = await createAccount(t, PLAN);
    const firstJob = await render(account);
    await waitForEnd(account, firstJob);
    const cursor = (await eventsOnceThere(account, 1)).next_after!;

    const started = Date.now();
    const waiting = events(account, { after: cursor });
    // The request is waiting (nothing to answer yet) when the next job is sent.
    await waitingFor(t, account.id);
    const jobId = await render(account);
    const page = await waiting;
    const answeredAt = Date.now();

    expect(page.data.map((e) => [e.event, e.job_id])).toEqual([['render.complete', jobId]]);
    expect(page.next_after).toBe(page.data[0].id);
    expect(answeredAt - started).toBeLessThan(25_000);
    const completedAt = Date.parse(page.data[0].payload.completed_at as string);
    console.log(`GET /v1/events answered ${answeredAt - completedAt} ms after the job completed (waited ${answeredAt - started} ms)`);
  });

  it('answers an empty page once its timeout has passed', async () => {
    const account = await createAccount(t, PLAN);
    const jobId = await render(account);
    await waitForEnd(account, jobId);
    const cursor = (await eventsOnceThere(account, 1)).next_after!;
    const started = Date.now();
    expect(await events(account, { after: cursor, timeout: 1 })).toEqual({ data: [], next_after: cursor });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('ends the wait and unsubscribes when the client goes away', async () => {
    const account = await createAccount(t, PLAN);
    const jobId = await render(account);
    await waitForEnd(account, jobId);
    const cursor = (await eventsOnceThere(account, 1)).next_after!;
    const redis = new Redis(TEST_REDIS_URL);
    const channel = `${t.config.redis.keyPrefix}:account-events:${account.id}`;
    const subscribers = async () => ((await redis.pubsub('NUMSUB', channel)) as [string, number])[1];
    try {
      const url = new URL(`/v1/events?after=${cursor}`, t.baseUrl);
      const req = httpRequest(url, { headers: { Authorization: `Bearer ${account.liveKey}` } });
      req.on('error', () => undefined);
      req.end();
      await waitFor(subscribers, (n) => n === 1, 5_000);
      req.destroy();
      await waitFor(subscribers, (n) => n === 0, 5_000);
    } finally {
      redis.disconnect();
    }
  });

  it('shows an account only its own events', async () => {
    const owner = await createAccount(t, PLAN);
    const other = await createAccount(t, PLAN);
    const jobId = await render(owner);
    await waitForEnd(owner, jobId);
    const [event] = (await eventsOnceThere(owner, 1)).data;

    expect(await events(other)).toEqual({ data: [], next_after: null });
    const foreign = await t.http.get('/v1/events').query({ after: event.id }).auth(other.liveKey, bearer).expect(404);
    expect(foreign.body).toMatchObject({ error_code: 'NOT_FOUND', request_id: expect.any(String) });
    // Access tokens read the same stream as API keys.
    expect((await events(owner, {}, owner.accessToken)).data.map((e) => e.id)).toEqual([event.id]);
  });

  it('records a job’s end once, however often it is reported', async () => {
    const account = await createAccount(t, PLAN);
    const jobId = await render(account);
    await waitForEnd(account, jobId);
    await eventsOnceThere(account, 1);
    const job = await t.app.get(DataSource).getRepository(RenderJob).findOneByOrFail({ id: jobId });
    const jobEvents = t.app.get(JobEventsService);
    await Promise.all([jobEvents.onJobEnded(job), jobEvents.onJobEnded(job), jobEvents.onJobEnded(job)]);
    expect((await events(account)).data.map((e) => e.job_id)).toEqual([jobId]);
  });

  it('never skips an event that commits after a later one was recorded', async () => {
    const account = await createAccount(t, PLAN);
    const dispatcher = t.app.get(WebhookDispatcher);
    const dataSource = t.app.get(DataSource);
    const input = (n: number) => ({
      accountId: account.id,
      sandbox: false,
      event: 'render.complete' as const,
      payload: { n },
      jobId: `job_${randomBase62(24)}`,
    });
    const seed = (await dispatcher.dispatch(input(0)))!.event.id;

    // A slow transaction records its event and holds off committing; a second event is recorded meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let slowRecorded!: () => void;
    const recordedInSlow = new Promise<void>((resolve) => (slowRecorded = resolve));
    const slow = runInTransaction(dataSource, async (manager) => {
      const recorded = await dispatcher.record(input(1), manager);
      slowRecorded();
      await held;
      return recorded;
    });
    await recordedInSlow;
    const fast = dispatcher.dispatch(input(2));
    // The later event waits for the slow one to commit: on Postgres at the account's advisory lock (seen in pg_locks);
    // on SQLite its transaction is queued behind the slow one's turn as dispatch() returns.
    if (TEST_DATABASE_KIND === 'postgres')
      await waitFor(
        () => waitingForAccountEvents(dataSource, account.id),
        (n) => n === 1,
        10_000,
      );
    const reading = events(account, { after: seed, timeout: 0 });
    // On SQLite the read waits for the transactions' turns as well: both must be let go for it to answer.
    if (TEST_DATABASE_KIND === 'sqlite') release();
    const page1 = await reading;
    // On Postgres the read answered while the slow event was still uncommitted: nothing past the seed yet.
    if (TEST_DATABASE_KIND === 'postgres') expect(page1.data).toEqual([]);
    release();
    const [slowEvent, fastEvent] = [(await slow)!.event.id, (await fast)!.event.id];
    const page2 = await events(account, { after: page1.next_after!, timeout: 0 });
    expect([...page1.data, ...page2.data].map((e) => e.id)).toEqual([slowEvent, fastEvent]);
  });

  it('refuses bad parameters in the contract’s error shape', async () => {
    const account = await createAccount(t, PLAN);
    for (const query of [{ after: 'job_123' }, { limit: 0 }, { limit: 101 }, { timeout: 26 }, { timeout: -1 }]) {
      const res = await t.http.get('/v1/events').query(query).auth(account.liveKey, bearer).expect(400);
      expect(res.body).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        issues: [expect.objectContaining({ field: Object.keys(query)[0] })],
      });
    }
    await t.http.get('/v1/events').expect(401);
    await t.http
      .get('/v1/events')
      .query({ after: `evt_${randomBase62(24)}` })
      .auth(account.liveKey, bearer)
      .expect(404);
  });
});

describe(`GET /v1/events and shutdown (${TEST_DATABASE_KIND})`, () => {
  it('answers a waiting request at once when the app shuts down, instead of holding the shutdown up to 25 s', async () => {
    const t = await startTestApp();
    const account = await createAccount(t, PLAN);
    const seed = (await t.app.get(WebhookDispatcher).dispatch({
      accountId: account.id,
      sandbox: false,
      event: 'render.complete',
      payload: {},
      jobId: `job_${randomBase62(24)}`,
    }))!.event.id;
    const waiting = t.http.get('/v1/events').query({ after: seed }).auth(account.liveKey, bearer);
    const answer = new Promise<{ status: number; body: EventPage; at: number }>((resolve, reject) =>
      waiting.end((err, res) => (err ? reject(err) : resolve({ status: res.status, body: res.body, at: Date.now() }))),
    );
    await waitingFor(t, account.id);
    const started = Date.now();
    await t.close();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [], next_after: seed });
    // Woken by the shutdown, not by its next database re-check (every 5 s).
    expect(res.at - started).toBeLessThan(3_000);
  });
});

describe(`The account_events migration (${TEST_DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('turns the deliveries recorded before it into the first events, oldest first, one per job and event', async () => {
    const account = await createAccount(t, { keys: true });
    const dataSource = t.app.get(DataSource);
    const deliveries = dataSource.getRepository(WebhookDelivery);
    const jobA = `job_${randomBase62(24)}`;
    const batch = `batch_${randomBase62(24)}`;
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const row = (id: string, fields: Partial<WebhookDelivery>) =>
      deliveries.create({
        id,
        accountId: account.id,
        event: 'render.complete',
        jobId: null,
        batchId: null,
        url: 'https://example.com/hooks',
        payload: JSON.stringify({ id }),
        status: 'delivered',
        attemptCount: 1,
        scheduledAttempt: 1,
        nextAttemptAt: null,
        createdAt: at(0),
        deliveredAt: at(1),
        ...fields,
      });
    const [first, duplicate, failed, batchDone] = [1, 2, 3, 4].map(() => `dlv_${randomBase62(24)}`);
    await deliveries.insert([
      row(duplicate, { jobId: jobA, createdAt: at(5) }),
      row(first, { jobId: jobA, createdAt: at(2) }),
      row(failed, { jobId: jobA, event: 'render.failed', createdAt: at(3) }),
      row(batchDone, { batchId: batch, event: 'batch.complete', createdAt: at(4) }),
    ]);

    const runner = dataSource.createQueryRunner();
    try {
      await runner.dropTable('account_events');
      await new AccountEvents1767200000000().up(runner);
    } finally {
      await runner.release();
    }
    // What later migrations add to the table (a runner of its own: the first one's table cache is stale on SQLite).
    const later = dataSource.createQueryRunner();
    try {
      await SandboxEventsAndListenSecret1769000000000.markModes(later, 'account_events');
    } finally {
      await later.release();
    }

    const page: EventPage = (await t.http.get('/v1/events').auth(account.liveKey, bearer).expect(200)).body;
    const evt = (dlv: string) => `evt_${dlv.slice(4)}`;
    expect(page.data.map((e) => [e.id, e.event, e.delivery_id, e.job_id, e.batch_id, e.body])).toEqual([
      [evt(first), 'render.complete', first, jobA, null, JSON.stringify({ id: first })],
      [evt(failed), 'render.failed', failed, jobA, null, JSON.stringify({ id: failed })],
      [evt(batchDone), 'batch.complete', batchDone, null, batch, JSON.stringify({ id: batchDone })],
    ]);
    expect(page.data[0].created_at).toBe(at(2).toISOString());
    // Those jobs and batches count as told: recording their events again does nothing.
    const dispatcher = t.app.get(WebhookDispatcher);
    expect(
      await dispatcher.dispatch({ accountId: account.id, event: 'render.complete', payload: {}, jobId: jobA, sandbox: false }),
    ).toBeUndefined();
    expect(
      await dispatcher.dispatch({ accountId: account.id, event: 'batch.complete', payload: {}, batchId: batch, sandbox: false }),
    ).toBeUndefined();
  });
});

describe(`The sandbox signing secret migration (${TEST_DATABASE_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('gives accounts without one a sandbox secret, and every stored webhook body its sandbox field', async () => {
    const account = await createAccount(t, { keys: true });
    const dataSource = t.app.get(DataSource);
    const secrets = dataSource.getRepository(WebhookSigningSecret);
    const dispatcher = t.app.get(WebhookDispatcher);
    const before = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body.secret as string;
    // As an account created before the migration: no sandbox secret yet.
    await secrets.update({ accountId: account.id }, { sandboxSecret: null });
    // Bodies as earlier versions stored them (no `sandbox`), of both modes; one delivery written but not sent.
    const job = () => `job_${randomBase62(24)}`;
    const stored = [
      { payload: { event: 'render.complete', job_id: 'a', note: 'a "sandbox": in a string' }, sandbox: true },
      { payload: { event: 'render.failed', job_id: 'b' }, sandbox: false },
      { payload: {}, sandbox: true },
    ];
    for (const { payload, sandbox } of stored) {
      await dispatcher.dispatch({ accountId: account.id, event: 'render.complete', payload, jobId: job(), sandbox });
    }
    const recorded = await dispatcher.record({
      accountId: account.id,
      url: 'https://example.com/hooks',
      event: 'render.complete',
      payload: { event: 'render.complete', job_id: 'c' },
      jobId: job(),
      sandbox: true,
    });

    const runner = dataSource.createQueryRunner();
    try {
      await SandboxSigningSecret1769400000000.fillSandboxSecrets(runner);
      // Twice: a body that has its field is left as it is.
      for (let i = 0; i < 2; i++) {
        for (const table of ['account_events', 'webhook_deliveries']) await SandboxSigningSecret1769400000000.markPayloads(runner, table);
      }
    } finally {
      await runner.release();
    }

    const row = await secrets.findOneByOrFail({ accountId: account.id });
    expect(row.sandboxSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(row.secret).toBe(before);
    const page: EventPage = (await t.http.get('/v1/events').auth(account.accessToken, bearer).expect(200)).body;
    expect(page.data.map((e) => e.body)).toEqual([
      '{"event":"render.complete","job_id":"a","note":"a \\"sandbox\\": in a string","sandbox":true}',
      '{"event":"render.failed","job_id":"b","sandbox":false}',
      '{"sandbox":true}',
      '{"event":"render.complete","job_id":"c","sandbox":true}',
    ]);
    for (const event of page.data) expect(event.payload.sandbox).toBe(event.sandbox);
    const delivery = await dataSource.getRepository(WebhookDelivery).findOneByOrFail({ id: recorded!.delivery!.id });
    expect(delivery.payload).toBe('{"event":"render.complete","job_id":"c","sandbox":true}');
    // The secret it was given is the one that signs the account's sandbox events from now on.
    const { sandbox_secret: sandboxSecret } = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body;
    expect(sandboxSecret).toBe(row.sandboxSecret);
    const sandboxEvent = page.data.find((e) => e.sandbox)!;
    expect(verifyWebhook(sandboxEvent.body, sandboxEvent.headers, sandboxSecret)).toBe(true);
  });
});
