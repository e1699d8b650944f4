import type { INestApplicationContext } from '@nestjs/common';
import { randomBase62 } from '../src/common/util/ids';
import { WebhookDispatcher } from '../src/modules/webhooks';
import { WebhookDelivery, WebhookDeliverySweeper, WebhookSigningSecret, verifyWebhook } from '../src/modules/webhooks/testing';
import { DataSource } from 'typeorm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { docSnippets, runWebhookSnippet } from './support/doc-snippets';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';
import { endJob, startWebhookWorker, waitFor, WebhookReceiver } from './support/webhooks';

const bearer = { type: 'bearer' } as const;
const newPath = () => `/hooks/${randomBase62(8)}`;
/** Tests poll the delivery log; a generous request rate keeps the rate limiter out of the way. */
const POLLING_PLAN = { tier: 'enterprise', overrides: { requests_per_minute: 100_000 } } as const;
/** Retry delays become 50 ms, 200 ms, 1 s and 6 s; one attempt gives up after 500 ms. */
const FAST = { WEBHOOK_RETRY_TIME_SCALE: '600', WEBHOOK_TIMEOUT_MS: '500' };

type Delivery = {
  id: string;
  event: string;
  job_id: string | null;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: { attempt: number; trigger: string; status_code: number | null; error_kind: string | null; latency_ms: number; at: string }[];
};

async function deliveries(
  t: TestApp,
  account: TestAccount,
  query: Record<string, string> = {},
  key = account.liveKey,
): Promise<Delivery[]> {
  const res = await t.http.get('/v1/webhooks/deliveries').query(query).auth(key, bearer).expect(200);
  return res.body.deliveries;
}

async function secretOf(t: TestApp, account: TestAccount): Promise<string> {
  return (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body.secret;
}

describe('Webhook delivery', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    t = await startTestApp(FAST);
    worker = await startWebhookWorker(t);
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await receiver?.close();
  });

  /** A job with a webhook_url pointing at a fresh path of the receiver. */
  async function jobWithWebhook(account: TestAccount, path = newPath()) {
    const res = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody({ webhook_url: receiver.url(path) }))
      .expect(202);
    return { jobId: res.body.job_id as string, path };
  }

  it('sends render.complete once, signed with the account secret, with the contract headers and payload', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const { jobId, path } = await jobWithWebhook(account);
    const job = await endJob(t, jobId, 'complete');

    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    const secret = await secretOf(t, account);
    expect(secret).toMatch(/^whsec_/);
    expect(verifyWebhook(hook.body, hook.headers, secret)).toBe(true);
    expect(verifyWebhook(hook.body, hook.headers, `${secret}x`)).toBe(false);
    // The interface's plain form is sent, but alone (the timestamped headers stripped: a replay) it is refused
    // unless the receiver opts in to body-only checks.
    const plainOnly = { 'x-service-signature': hook.headers['x-service-signature'] };
    expect(verifyWebhook(hook.body, plainOnly, secret)).toBe(false);
    expect(verifyWebhook(hook.body, plainOnly, secret, { allowReplayableBodyOnlySignature: true })).toBe(true);
    expect(verifyWebhook(hook.body.replace('complete', 'failed!!'), hook.headers, secret)).toBe(false);

    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['user-agent']).toBe('mapr-webhooks/1');
    expect(hook.headers['x-service-event']).toBe('render.complete');
    expect(hook.headers['x-service-timestamp']).toMatch(/^\d+$/);
    expect(hook.headers['x-service-signature-v2']).toMatch(new RegExp(`^t=${hook.headers['x-service-timestamp']},v1=[0-9a-f]{64}$`));
    // The Standard Webhooks headers: the delivery id, the same time, and a signature the scheme's own library checks.
    expect(hook.headers['webhook-id']).toBe(hook.headers['x-service-delivery']);
    expect(hook.headers['webhook-timestamp']).toBe(hook.headers['x-service-timestamp']);
    expect(hook.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).toEqual(JSON.parse(hook.body));
    expect(() => new Webhook(secret).verify(hook.body.replace('complete', 'failed!!'), hook.headers as Record<string, string>)).toThrow(
      WebhookVerificationError,
    );
    expect(JSON.parse(hook.body)).toEqual({
      event: 'render.complete',
      job_id: jobId,
      status: 'complete',
      video_url: `${t.config.http.cdnUrl}/renders/${jobId}.mp4`,
      thumbnail_url: `${t.config.http.cdnUrl}/renders/${jobId}_thumb.jpg`,
      duration_seconds: 5,
      resolution: '1280x720',
      file_size_bytes: 123456,
      expires_at: job.expiresAt!.toISOString(),
      created_at: job.createdAt.toISOString(),
      completed_at: job.completedAt!.toISOString(),
      sandbox: false,
    });

    const [delivery] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({
      id: hook.headers['x-service-delivery'],
      event: 'render.complete',
      job_id: jobId,
      attempt_count: 1,
      next_attempt_at: null,
    });
    expect(delivery.id).toMatch(/^dlv_/);
    expect(delivery.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        trigger: 'automatic',
        status_code: 200,
        error_kind: null,
        latency_ms: expect.any(Number),
        at: expect.any(String),
      }),
    ]);
    // The job's own status never depends on its webhook.
    expect((await t.http.get(`/v1/render/${jobId}`).auth(account.liveKey, bearer)).body.status).toBe('complete');

    // A job end reported twice does not send twice.
    await endJob(t, jobId, 'complete');
    expect(await deliveries(t, account, { job_id: jobId })).toHaveLength(1);
  });

  it('sends render.failed with the failure code, and nothing for a cancelled job', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const failed = await jobWithWebhook(account);
    const job = await endJob(t, failed.jobId, 'failed');
    const [hook] = await waitFor(
      () => receiver.on(failed.path),
      (r) => r.length === 1,
    );
    expect(hook.headers['x-service-event']).toBe('render.failed');
    expect(JSON.parse(hook.body)).toEqual({
      event: 'render.failed',
      job_id: failed.jobId,
      status: 'failed',
      error: 'MARITIME_ROUTE_ERROR',
      message: job.errorMessage,
      created_at: job.createdAt.toISOString(),
      failed_at: job.failedAt!.toISOString(),
      sandbox: false,
    });

    const cancelled = await jobWithWebhook(account);
    await t.http.delete(`/v1/render/${cancelled.jobId}`).auth(account.liveKey, bearer).expect(200);
    expect(await deliveries(t, account, { job_id: cancelled.jobId })).toEqual([]);
    expect(receiver.on(cancelled.path)).toEqual([]);
  });

  it('retries a 500 once it is answered 200: two attempts, same delivery id and body, then delivered', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    receiver.answer(path, 500);
    const { jobId } = await jobWithWebhook(account, path);
    await endJob(t, jobId, 'complete');

    const [delivery] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.status === 'delivered',
    );
    const hooks = receiver.on(path);
    expect(hooks).toHaveLength(2);
    expect(hooks[1].headers['x-service-delivery']).toBe(hooks[0].headers['x-service-delivery']);
    expect(hooks[1].headers['webhook-id']).toBe(hooks[0].headers['webhook-id']);
    expect(hooks[1].body).toBe(hooks[0].body);
    const secret = await secretOf(t, account);
    expect(hooks.every((h) => verifyWebhook(h.body, h.headers, secret))).toBe(true);
    expect(hooks.every((h) => new Webhook(secret).verify(h.body, h.headers as Record<string, string>))).toBe(true);
    expect(delivery.attempt_count).toBe(2);
    expect(delivery.attempts.map((a) => [a.status_code, a.error_kind])).toEqual([
      [500, 'http_error'],
      [200, null],
    ]);
  });

  it('never follows a redirect, and after the fourth retry fails the delivery is failed for good', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    receiver.answer(path, ...Array.from({ length: 5 }, () => ({ status: 302, location: receiver.url(`${path}/elsewhere`) })));
    const { jobId } = await jobWithWebhook(account, path);
    await endJob(t, jobId, 'complete');

    const [delivery] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.status === 'failed',
    );
    expect(delivery.attempts.map((a) => [a.attempt, a.status_code, a.error_kind])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, 302, 'redirect']),
    );
    expect(delivery.next_attempt_at).toBeNull();
    expect(receiver.on(path)).toHaveLength(5);
    expect(receiver.on(`${path}/elsewhere`)).toHaveLength(0);
  });

  it('stops at once on 410 Gone', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    receiver.answer(path, 410);
    const { jobId } = await jobWithWebhook(account, path);
    await endJob(t, jobId, 'failed');
    const [delivery] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.status === 'failed',
    );
    expect(delivery.attempts.map((a) => a.status_code)).toEqual([410]);
    expect(receiver.on(path)).toHaveLength(1);
  });

  it('gives up on a receiver that never answers and retries it', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    receiver.answer(path, 'hang');
    const { jobId } = await jobWithWebhook(account, path);
    await endJob(t, jobId, 'complete');
    const [delivery] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.status === 'delivered',
    );
    expect(delivery.attempts.map((a) => [a.status_code, a.error_kind])).toEqual([
      [null, 'timeout'],
      [200, null],
    ]);
    expect(receiver.on(path)).toHaveLength(2);
  });

  it('redelivers on request with the same delivery id; other accounts, and the account’s test key, get 404', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const { jobId, path } = await jobWithWebhook(account);
    await endJob(t, jobId, 'complete');
    const [first] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.status === 'delivered',
    );
    expect(first).toMatchObject({ sandbox: false });

    const other = await createAccount(t, POLLING_PLAN);
    await t.http.post(`/v1/webhooks/deliveries/${first.id}/redeliver`).auth(other.liveKey, bearer).expect(404);
    expect(await deliveries(t, other, { job_id: jobId })).toEqual([]);
    // A test key neither lists a live delivery nor sends it again; a dashboard session sees it, marked live.
    await t.http.post(`/v1/webhooks/deliveries/${first.id}/redeliver`).auth(account.testKey, bearer).expect(404);
    expect(await deliveries(t, account, {}, account.testKey)).toEqual([]);
    expect(await deliveries(t, account, {}, account.accessToken)).toEqual([expect.objectContaining({ id: first.id, sandbox: false })]);
    expect(receiver.on(path)).toHaveLength(1);

    const accepted = await t.http.post(`/v1/webhooks/deliveries/${first.id}/redeliver`).auth(account.liveKey, bearer).expect(202);
    expect(accepted.body.id).toBe(first.id);
    const [again] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }),
      (d) => d[0]?.attempt_count === 2,
    );
    expect(again.status).toBe('delivered');
    expect(again.attempts.map((a) => a.trigger)).toEqual(['automatic', 'manual']);
    const hooks = receiver.on(path);
    expect(hooks).toHaveLength(2);
    expect(hooks[1].headers['x-service-delivery']).toBe(first.id);
    expect(hooks[1].body).toBe(hooks[0].body);
  });

  it('reveals the secret to access tokens only, and after a rotation signs with both secrets for 24 h', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const before = await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200);
    expect(before.body).toEqual({
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      sandbox_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      created_at: expect.any(String),
      previous_secret_expires_at: null,
    });
    expect(before.body.sandbox_secret).not.toBe(before.body.secret);
    await t.http.get('/v1/webhooks/secret').auth(account.liveKey, bearer).expect(403);
    await t.http.post('/v1/webhooks/secret/rotate').auth(account.liveKey, bearer).expect(403);

    const rotated = await t.http.post('/v1/webhooks/secret/rotate').auth(account.accessToken, bearer).expect(200);
    expect(rotated.body.secret).not.toBe(before.body.secret);
    expect(rotated.body.sandbox_secret).not.toBe(before.body.sandbox_secret);
    const expiresIn = Date.parse(rotated.body.previous_secret_expires_at) - Date.parse(rotated.body.created_at);
    expect(expiresIn).toBe(24 * 3600_000);
    expect((await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer)).body).toEqual(rotated.body);

    const { jobId, path } = await jobWithWebhook(account);
    await endJob(t, jobId, 'complete');
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    expect(verifyWebhook(hook.body, hook.headers, rotated.body.secret)).toBe(true);
    expect(verifyWebhook(hook.body, hook.headers, before.body.secret)).toBe(true);
    // The plain header is signed with the current secret only.
    const plainOnly = { 'x-service-signature': hook.headers['x-service-signature'] };
    const bodyOnly = { allowReplayableBodyOnlySignature: true };
    expect(verifyWebhook(hook.body, plainOnly, rotated.body.secret, bodyOnly)).toBe(true);
    expect(verifyWebhook(hook.body, plainOnly, before.body.secret, bodyOnly)).toBe(false);
    // Standard Webhooks: two space-separated entries, and the library verifies with either secret.
    expect(hook.headers['webhook-signature']).toMatch(/^v1,\S{44} v1,\S{44}$/);
    for (const secret of [rotated.body.secret, before.body.secret]) {
      expect(new Webhook(secret).verify(hook.body, hook.headers as Record<string, string>)).toEqual(JSON.parse(hook.body));
    }
  });

  it('signs sandbox work with the sandbox secret only: no test key gets a signature the webhook secret verifies, redelivery included', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const { secret, sandbox_secret: sandboxSecret } = (
      await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)
    ).body as { secret: string; sandbox_secret: string };
    /** Which of the account's secrets verify a received delivery, by each of the three schemes. */
    const verifiedBy = (hook: { body: string; headers: Record<string, string | string[] | undefined> }) =>
      Object.entries({ secret, sandboxSecret }).flatMap(([name, key]) => {
        const headers = hook.headers as Record<string, string>;
        const plainOnly = { 'x-service-signature': headers['x-service-signature'] };
        const standard = (() => {
          try {
            new Webhook(key).verify(hook.body, headers);
            return true;
          } catch {
            return false;
          }
        })();
        return [
          verifyWebhook(hook.body, headers, key) ? `${name} v2` : [],
          verifyWebhook(hook.body, plainOnly, key, { allowReplayableBodyOnlySignature: true }) ? `${name} body-only` : [],
          standard ? `${name} standard-webhooks` : [],
        ].flat();
      });
    const bySandbox = ['sandboxSecret v2', 'sandboxSecret body-only', 'sandboxSecret standard-webhooks'];
    const byLive = ['secret v2', 'secret body-only', 'secret standard-webhooks'];

    const path = newPath();
    const created = await t.http
      .post('/v1/render')
      .auth(account.testKey, bearer)
      .send(renderBody({ webhook_url: receiver.url(path) }))
      .expect(202);
    const jobId: string = created.body.job_id;
    await endJob(t, jobId, 'complete');
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'render.complete', job_id: jobId, sandbox: true });
    expect(verifiedBy(hook)).toEqual(bySandbox);

    // The test key sends it again: a fresh signature, with the sandbox secret still.
    const [delivery] = await waitFor(
      () => deliveries(t, account, { job_id: jobId }, account.testKey),
      (d) => d[0]?.status === 'delivered',
    );
    await t.http.post(`/v1/webhooks/deliveries/${delivery.id}/redeliver`).auth(account.testKey, bearer).expect(202);
    const hooks = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 2,
    );
    expect(hooks[1].body).toBe(hook.body);
    expect(verifiedBy(hooks[1])).toEqual(bySandbox);

    // Live work: the webhook secret, never the sandbox one.
    const live = await jobWithWebhook(account);
    await endJob(t, live.jobId, 'failed');
    const [liveHook] = await waitFor(
      () => receiver.on(live.path),
      (r) => r.length === 1,
    );
    expect(JSON.parse(liveHook.body)).toMatchObject({ event: 'render.failed', job_id: live.jobId, sandbox: false });
    expect(verifiedBy(liveHook)).toEqual(byLive);

    // A rotation replaces both; during it each mode is signed with its own current and previous secret, nothing else.
    const rotated = (await t.http.post('/v1/webhooks/secret/rotate').auth(account.accessToken, bearer).expect(200)).body as {
      secret: string;
      sandbox_secret: string;
    };
    expect([rotated.secret, rotated.sandbox_secret]).not.toContain(secret);
    expect([rotated.secret, rotated.sandbox_secret]).not.toContain(sandboxSecret);
    await t.http.post(`/v1/webhooks/deliveries/${delivery.id}/redeliver`).auth(account.testKey, bearer).expect(202);
    const [, , during] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 3,
    );
    expect(verifyWebhook(during.body, during.headers, rotated.sandbox_secret)).toBe(true);
    expect(verifyWebhook(during.body, during.headers, sandboxSecret)).toBe(true);
    expect(verifyWebhook(during.body, during.headers, rotated.secret)).toBe(false);
    expect(verifyWebhook(during.body, during.headers, secret)).toBe(false);
    for (const key of [rotated.secret, secret]) {
      expect(() => new Webhook(key).verify(during.body, during.headers as Record<string, string>)).toThrow(WebhookVerificationError);
    }
  });

  it('signs for Standard Webhooks with a base64url secret of an earlier version: the key is its decoded bytes', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    await secretOf(t, account);
    const oldSecret = 'whsec_RZyRmmTd8JksIrFht7i-LMOnVZV3_bw4IMQedwMTs_A';
    const keyBytes = Buffer.from(oldSecret.slice(6), 'base64url');
    expect(keyBytes).toHaveLength(32);
    await t.app.get(DataSource).getRepository(WebhookSigningSecret).update({ accountId: account.id }, { secret: oldSecret });

    const { jobId, path } = await jobWithWebhook(account);
    await endJob(t, jobId, 'complete');
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    const headers = hook.headers as Record<string, string>;
    expect(verifyWebhook(hook.body, headers, oldSecret)).toBe(true);
    // The library refuses the base64url spelling itself; the standard spelling of the same bytes verifies.
    expect(() => new Webhook(oldSecret)).toThrow();
    expect(new Webhook(`whsec_${keyBytes.toString('base64')}`).verify(hook.body, headers)).toEqual(JSON.parse(hook.body));
  });

  it('the receiver snippets of docs/webhooks.md accept real deliveries and refuse changed ones', async () => {
    const snippets = docSnippets('docs/webhooks.md');
    expect([...snippets.keys()].sort()).toEqual(['github', 'standard-webhooks', 'stripe', 'stripe-by-hand']);

    const account = await createAccount(t, POLLING_PLAN);
    const previous = await secretOf(t, account);
    const current = (await t.http.post('/v1/webhooks/secret/rotate').auth(account.accessToken, bearer).expect(200)).body.secret as string;
    const { jobId, path } = await jobWithWebhook(account);
    await endJob(t, jobId, 'complete');
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    const checks = [
      { body: hook.body, headers: hook.headers, secret: current },
      { body: hook.body, headers: hook.headers, secret: previous },
      { body: hook.body.replace(jobId, `${jobId}x`), headers: hook.headers, secret: current },
      { body: hook.body, headers: hook.headers, secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}` },
    ];
    // [current secret, previous secret during the rotation, changed body, wrong secret]
    const expected: Record<string, boolean[]> = {
      github: [true, false, false, false], // X-Service-Signature: current secret only
      stripe: [true, true, false, false],
      'stripe-by-hand': [true, true, false, false],
      'standard-webhooks': [true, true, false, false],
    };
    for (const [name, snippet] of snippets) {
      expect({ name, results: await runWebhookSnippet(snippet, checks) }).toEqual({ name, results: expected[name] });
    }
  });

  it('sends what the dispatcher stored, byte for byte', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    const jobId = `job_${randomBase62(24)}`;
    const payload = { event: 'render.complete', job_id: jobId, note: 'Zürich → 東京 ✓' };
    await t.app
      .get(WebhookDispatcher)
      .dispatch({ accountId: account.id, url: receiver.url(path), event: 'render.complete', payload, jobId, sandbox: false });
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    expect(hook.body).toBe(JSON.stringify(payload));
    expect(verifyWebhook(hook.body, hook.headers, await secretOf(t, account))).toBe(true);
  });

  it('sends a recorded delivery whose queue entry was lost, once the sweeper finds it overdue', async () => {
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    const dispatcher = t.app.get(WebhookDispatcher);
    // Written but never queued, as when Redis refused the entry.
    const recorded = await dispatcher.record({
      accountId: account.id,
      sandbox: false,
      url: receiver.url(path),
      event: 'render.complete',
      payload: { event: 'render.complete' },
      jobId: `job_${randomBase62(24)}`,
    });
    const delivery = recorded!.delivery!;
    await t.app
      .get(DataSource)
      .getRepository(WebhookDelivery)
      .update({ id: delivery.id }, { nextAttemptAt: new Date(Date.now() - 5 * 60_000) });
    expect(receiver.on(path)).toHaveLength(0);
    expect(await worker.get(WebhookDeliverySweeper).sweep()).toBeGreaterThanOrEqual(1);
    const [hook] = await waitFor(
      () => receiver.on(path),
      (r) => r.length === 1,
    );
    expect(hook.headers['x-service-delivery']).toBe(delivery.id);
    await waitFor(
      () => deliveries(t, account),
      (d) => d[0]?.status === 'delivered',
    );
  });
});

describe('Webhook retries across a restart', () => {
  let receiver: WebhookReceiver;
  const prefix = `t${randomBase62(10).toLowerCase()}`;
  // Retry 1 is due 5 s after the first failure: time enough to stop everything before it.
  const env = { REDIS_KEY_PREFIX: prefix, WEBHOOK_RETRY_TIME_SCALE: '6', WEBHOOK_TIMEOUT_MS: '2000' };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterAll(() => receiver.close());

  it('delivers a retry that was pending while the app and worker were down', async () => {
    let t = await startTestApp(env);
    let worker = await startWebhookWorker(t);
    const account = await createAccount(t, POLLING_PLAN);
    const path = newPath();
    receiver.answer(path, 503);
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody({ webhook_url: receiver.url(path) }))
      .expect(202);
    await endJob(t, created.body.job_id, 'complete');
    const [pending] = await waitFor(
      () => deliveries(t, account),
      (d) => d[0]?.attempt_count === 1,
    );
    expect(pending.status).toBe('pending');
    expect(Date.parse(pending.next_attempt_at!)).toBeGreaterThan(Date.parse(pending.attempts[0].at));
    await worker.close();
    await t.close();
    expect(receiver.on(path)).toHaveLength(1);

    t = await startTestApp(env);
    worker = await startWebhookWorker(t);
    try {
      const [delivered] = await waitFor(
        () => deliveries(t, account),
        (d) => d[0]?.status === 'delivered',
        30_000,
      );
      expect(delivered.id).toBe(pending.id);
      expect(delivered.attempts.map((a) => a.status_code)).toEqual([503, 200]);
      const hooks = receiver.on(path);
      expect(hooks).toHaveLength(2);
      expect(hooks[1].headers['x-service-delivery']).toBe(pending.id);
    } finally {
      await worker.close();
      await t.close();
    }
  });
});
