/**
 * What follows a job's end when it did not run (ADR 0033): the UPDATE that ended the job marks its follow-ups due,
 * and the mark is cleared only once every one of them ran. The real crash (a worker killed between the two) is in
 * test/faults/crash-points.faults-spec.ts; here the job-end sweep itself: it finishes what a failed step left, sends
 * nothing twice, and leaves fresh marks to the process still running them.
 */
import { DataSource } from 'typeorm';
import { SweepSchedule } from '../src/infrastructure/sweeps/sweep-schedule';
import { UsageRecord } from '../src/modules/billing/testing';
import { JobEndSweeper, JobLifecycle, RenderJob } from '../src/modules/rendering/testing';
import { AccountEvent, WebhookDelivery } from '../src/modules/webhooks/testing';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';
import { WebhookReceiver } from './support/webhooks';

const bearer = { type: 'bearer' } as const;

describe('the job-end sweep', () => {
  let t: TestApp;
  let account: TestAccount;
  let receiver: WebhookReceiver;
  let lifecycle: JobLifecycle;
  let sweeper: JobEndSweeper;
  /** A step that follows every job end here, failing while `storeAway` is true (as a store that is away would). */
  let storeAway = false;

  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'api' });
    account = await createAccount(t, { tier: 'creator' });
    receiver = await WebhookReceiver.start();
    lifecycle = t.app.get(JobLifecycle);
    lifecycle.onEnded(async () => {
      if (storeAway) throw new Error('the store is away');
    });
    // The sweep as a worker runs it; its schedule is the worker's business, so it is only registered, not run.
    sweeper = new JobEndSweeper(t.config, lifecycle, { register: () => undefined } as unknown as SweepSchedule);
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  const jobs = () => t.app.get(DataSource).getRepository(RenderJob);

  async function acceptedJob(): Promise<string> {
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody({ webhook_url: receiver.url() }))
      .expect(202);
    return created.body.job_id as string;
  }

  /** Ages a job's mark past the sweep's grace, as the 15 s after a crash would. */
  async function ageMark(jobId: string): Promise<void> {
    await jobs().update({ id: jobId }, { followUpsDueAt: new Date(Date.now() - 60_000) });
  }

  it('clears the mark when everything that follows a job end ran', async () => {
    const jobId = await acceptedJob();
    await lifecycle.claim(jobId);
    expect(await lifecycle.cancel(jobId)).toBe(true);
    expect(await jobs().findOneByOrFail({ id: jobId })).toMatchObject({ status: 'cancelled', followUpsDueAt: null });
  });

  it('keeps the mark while a step fails, then runs what follows again: one event, one webhook, the slot freed', async () => {
    const jobId = await acceptedJob();
    await lifecycle.claim(jobId);
    storeAway = true;
    expect(await lifecycle.fail(jobId, { code: 'RENDER_FAILED', message: 'the renderer crashed' })).toBe(true);
    const failed = await jobs().findOneByOrFail({ id: jobId });
    expect(failed.status).toBe('failed');
    expect(failed.followUpsDueAt).toBeInstanceOf(Date);

    // A fresh mark belongs to the process still running the follow-ups: the sweep leaves it alone.
    expect(await sweeper.sweep()).not.toContain(jobId);
    await ageMark(jobId);
    // Still failing: the mark stays for the next sweep.
    expect(await sweeper.sweep()).not.toContain(jobId);
    expect((await jobs().findOneByOrFail({ id: jobId })).followUpsDueAt).toBeInstanceOf(Date);

    storeAway = false;
    expect(await sweeper.sweep()).toContain(jobId);
    expect((await jobs().findOneByOrFail({ id: jobId })).followUpsDueAt).toBeNull();
    expect(await sweeper.sweep()).not.toContain(jobId);

    // The steps that had run the first time ran again without a second event or delivery (sent by workers, once each).
    const db = t.app.get(DataSource);
    expect(await db.getRepository(AccountEvent).countBy({ jobId })).toBe(1);
    expect(await db.getRepository(WebhookDelivery).countBy({ jobId })).toBe(1);
    // The failed render was given back and holds no concurrent slot.
    expect(await db.getRepository(UsageRecord).findOneByOrFail({ jobId })).toMatchObject({ active: false, countsTowardQuota: false });
  });

  it('finishes a job whose process died after storing its end: the event is recorded and the ledger released', async () => {
    const jobId = await acceptedJob();
    await lifecycle.claim(jobId);
    // What a worker killed right after the UPDATE leaves: the job failed, nothing after it.
    await jobs().update(
      { id: jobId },
      {
        status: 'failed',
        errorCode: 'RENDER_FAILED',
        errorMessage: 'killed',
        failedAt: new Date(),
        followUpsDueAt: new Date(Date.now() - 60_000),
      },
    );
    const db = t.app.get(DataSource);
    expect(await db.getRepository(AccountEvent).countBy({ jobId })).toBe(0);
    expect(await db.getRepository(UsageRecord).findOneByOrFail({ jobId })).toMatchObject({ active: true });

    expect(await sweeper.sweep()).toContain(jobId);
    expect(await db.getRepository(AccountEvent).findOneByOrFail({ jobId })).toMatchObject({ event: 'render.failed' });
    expect(await db.getRepository(UsageRecord).findOneByOrFail({ jobId })).toMatchObject({ active: false, countsTowardQuota: false });
    const events = await t.http.get('/v1/events').auth(account.liveKey, bearer).expect(200);
    expect(JSON.stringify(events.body)).toContain(jobId);
  });
});
