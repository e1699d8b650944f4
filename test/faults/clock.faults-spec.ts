/**
 * The wall clock of the API and the workers jumping forward while jobs are in flight, as when a host's clock is
 * stepped (support/fake-clock.ts: libfaketime; the timers' monotonic clock and Postgres's and Redis's clocks do
 * not move):
 * - over a month boundary, with the old month's quota used up and its jobs queued and rendering: those jobs stay
 *   billed to the month that admitted them (one cancelled after the jump gives its render back to that month), and
 *   the new month's quota starts whole, no more and no less;
 * - over a webhook retry's time: the retry goes out soon after the jump, once.
 */
import { spawnSync } from 'node:child_process';
import { DataSource, In } from 'typeorm';
import { billingPeriod } from '../../src/common/util/time';
import { UsageRecord } from '../../src/modules/billing/testing';
import { WebhookDelivery } from '../../src/modules/webhooks/testing';
import { createAccount, renderBody, TestAccount } from '../support/test-app';
import { until, workerEnvironment } from '../support/worker-process';
import { ApiProcess, spawnApi } from './support/api-process';
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { FakeClock } from './support/fake-clock';
import { bearer, FaultStack, startFaultStack } from './support/fault-stack';

describe('the wall clock jumping with jobs in flight', () => {
  let stack: FaultStack;
  let clock: FakeClock;
  let api: ApiProcess;
  let account: TestAccount;
  // The month the processes start in (they start ten minutes before its end), and the one the jump takes them to.
  const oldMonth = billingPeriod(new Date());
  const newMonth = billingPeriod(oldMonth.end);

  beforeAll(async () => {
    stack = await startFaultStack();
    account = await createAccount(stack.t, {
      tier: 'studio',
      overrides: { renders_per_month: 3, concurrent_jobs: 50, requests_per_minute: 1_000_000, max_duration_seconds: 45 },
    });
    clock = new FakeClock();
    await clock.jumpTo(new Date(oldMonth.end.getTime() - 10 * 60_000));
    api = await spawnApi(stack.t, clock.env());
    await stack.startWorker('fake', { ...clock.env(), FAKE_RENDER_MS_PER_FRAME: '40' });
  }, 120_000);
  afterAll(async () => {
    api?.process.kill('SIGKILL');
    await stack?.close();
  });

  const submit = (path = '/hooks/mapr') =>
    api.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody({ duration: 3, fps: 24, aspect_ratio: '1:1', webhook_url: stack.receiver.url(path) }));
  const usage = async () => (await api.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200)).body;

  it('over a month boundary: the old month keeps its jobs and refunds, the new month starts whole', async () => {
    const old: string[] = [];
    for (let i = 0; i < 3; i += 1) old.push((await submit().expect(202)).body.job_id);
    expect((await submit()).body.error_code).toBe('RENDER_LIMIT_EXCEEDED');
    expect(await usage()).toMatchObject({ period_start: oldMonth.start.toISOString(), renders_used: 3, renders_remaining: 0 });

    // Midnight of the last day passes in one step while the first job renders and the other two wait.
    await until(async () => ((await stack.job(old[0]))?.status === 'processing' ? true : undefined), 30_000, 'the first job to start');
    await clock.jumpTo(new Date(oldMonth.end.getTime() + 5 * 60_000));
    expect(await usage()).toMatchObject({ period_start: newMonth.start.toISOString(), renders_used: 0, renders_remaining: 3 });

    // A job of the old month cancelled now gives its render back to the old month, not to the new one.
    const cancelled = await api.http.delete(`/v1/render/${old[2]}`).auth(account.liveKey, bearer);
    expect(cancelled.status).toBe(200);
    const fresh: string[] = [];
    for (let i = 0; i < 3; i += 1) fresh.push((await submit().expect(202)).body.job_id);
    const refused = await submit();
    expect(refused.body.error_code).toBe('RENDER_LIMIT_EXCEEDED');
    expect(refused.body.message).toContain(newMonth.end.toISOString());

    const jobIds = [...old, ...fresh];
    await waitUntilFinished(stack.t, jobIds, 90_000);
    await waitUntilDelivered(stack.t, jobIds, 30_000);
    const ledger = await stack.t.app
      .get(DataSource)
      .getRepository(UsageRecord)
      .find({ where: { jobId: In(jobIds) } });
    const billedTo = (ids: string[]) => ledger.filter((r) => ids.includes(r.jobId)).map((r) => [r.billingPeriod, r.countsTowardQuota]);
    expect(billedTo(old.slice(0, 2))).toEqual([
      [oldMonth.key, true],
      [oldMonth.key, true],
    ]);
    expect(billedTo([old[2]])).toEqual([[oldMonth.key, false]]);
    expect(billedTo(fresh)).toEqual(fresh.map(() => [newMonth.key, true]));
    expect(await usage()).toMatchObject({ period_start: newMonth.start.toISOString(), renders_used: 3, renders_remaining: 0 });

    const books = await drawUpBooks(stack.t, account, jobIds, stack.receiver, api.http);
    console.log(booksLine('clock jumped over the month boundary', books));
    expectBalanced(books);
    expect(books).toMatchObject({ complete: 5, cancelled: 1, webhooksReceived: 5 });
  }, 180_000);

  it('over a webhook retry time: the retry goes out soon after the jump, once', async () => {
    // The quota of the month the clock is in is used up: this job is a sandbox render (test key), which counts none.
    const path = '/hooks/clock-retry';
    stack.receiver.answer(path, 500);
    const job = await api.http
      .post('/v1/render')
      .auth(account.testKey, bearer)
      .send(renderBody({ duration: 3, fps: 24, aspect_ratio: '1:1', webhook_url: stack.receiver.url(path) }))
      .expect(202);
    const jobId = job.body.job_id as string;
    await waitUntilFinished(stack.t, [jobId], 60_000);
    await until(() => (stack.receiver.on(path).length >= 1 ? true : undefined), 30_000, 'the first attempt');
    const deliveries = stack.t.app.get(DataSource).getRepository(WebhookDelivery);
    const pending = await until(
      async () => (await deliveries.findOneBy({ jobId, event: 'render.complete', status: 'pending', attemptCount: 1 })) ?? undefined,
      10_000,
      'the retry to be scheduled',
    );
    // The retry is due 30 s after the failed attempt; the clock jumps an hour past it.
    expect(pending.nextAttemptAt!.getTime() - clock.now().getTime()).toBeGreaterThan(10_000);
    const jumped = Date.now();
    await clock.jumpTo(new Date(clock.now().getTime() + 3600_000));
    await until(() => (stack.receiver.on(path).length >= 2 ? true : undefined), 25_000, 'the retry after the jump');
    const retriedAfterMs = Date.now() - jumped;
    // Whatever else wakes up after the jump (the delivery sweep finds the retry an hour overdue) sends nothing more.
    // The moment that proves it: the row is delivered. From then on every queue entry of the delivery does nothing
    // (the runner sends only a pending delivery's scheduled attempt, and one entry id per attempt), so the count
    // below is final, not read after a guessed pause.
    await until(
      async () => ((await deliveries.findOneBy({ jobId, event: 'render.complete' }))?.status === 'delivered' ? true : undefined),
      25_000,
      'the retry to be recorded as delivered',
    );
    expect(stack.receiver.on(path)).toHaveLength(2);
    expect(await deliveries.findOneBy({ jobId, event: 'render.complete' })).toMatchObject({ status: 'delivered', attemptCount: 2 });
    console.log(`clock jumped over a webhook retry time: retry sent ${retriedAfterMs} ms after the jump, 2 attempts in all`);
  }, 120_000);

  it("a worker's health and presence do not depend on the host clocks agreeing", async () => {
    // A worker on the real clock, and the health check on the stepped one (over five days ahead): the beat is judged
    // on Redis's clock, so the worker is alive, not five days silent.
    for (const w of stack.workers) w.process.kill('SIGKILL');
    const worker = await stack.startWorker('fake');
    const check = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/worker-health.ts'], {
      env: { ...workerEnvironment(stack.t), ...clock.env() },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(check.status).toBe(0);
    worker.process.kill('SIGKILL');
  }, 60_000);
});
