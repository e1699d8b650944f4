import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { runInTransaction } from '../src/database/transactions';
import { AuthService, EmailVerification, User } from '../src/modules/auth/testing';
import { BatchCompletion, RenderBatch, RenderJob } from '../src/modules/rendering/testing';
import { WebhookDelivery } from '../src/modules/webhooks/testing';
import { TEST_DATABASE_KIND } from './support/test-env';
import { createAccount, renderBody, startTestApp, TestApp, uniqueEmail, verificationLinkFor } from './support/test-app';

const bearer = { type: 'bearer' } as const;

/**
 * The service's transactions (e-mail verification, batch completion) run many at once, mixed with
 * plain writes, and some of them roll back. On SQLite all of that shares one connection: nothing
 * may be lost, written twice or half-written, and no transaction may fail for another's sake.
 */
describe(`Transactions under concurrency (${TEST_DATABASE_KIND})`, () => {
  let t: TestApp;
  let dataSource: DataSource;
  beforeAll(async () => {
    t = await startTestApp();
    dataSource = t.app.get<DataSource>(getDataSourceToken());
  });
  afterAll(() => t.close());

  it('verifications, batch completions, plain writes and render admissions together', async () => {
    const USERS = 12;
    const BATCHES = 8;
    const RENDERS = 8;

    // Unverified accounts, each with its verification token.
    const users: { id: string; token: string }[] = [];
    for (let i = 0; i < USERS; i++) {
      const email = uniqueEmail('tx');
      const res = await t.http.post('/v1/auth/register').send({ email, password: 'correct horse battery', name: 'Before' }).expect(201);
      users.push({ id: res.body.user.id, token: new URL(verificationLinkFor(t, email)).searchParams.get('token')! });
    }
    // Batches whose jobs have all ended, waiting for their completion to be recorded.
    const account = await createAccount(t, {
      tier: 'studio',
      overrides: { requests_per_minute: 100_000, concurrent_jobs: 1_000, renders_per_month: 1_000 },
    });
    const batchIds: string[] = [];
    for (let i = 0; i < BATCHES; i++) {
      const res = await t.http
        .post('/v1/render/batch')
        .auth(account.liveKey, bearer)
        .send({ jobs: [renderBody(), renderBody()], webhook_url: `http://127.0.0.1:9/hooks/${i}` })
        .expect(202);
      batchIds.push(res.body.batch_id);
    }
    await dataSource.getRepository(RenderJob).update({ batchId: In(batchIds) }, { status: 'complete' });

    const auth = t.app.get(AuthService);
    const batches = t.app.get(BatchCompletion);
    const work: Promise<unknown>[] = [];
    for (const user of users) {
      // Each link twice: one use succeeds, the other fails and rolls its transaction back.
      work.push(
        auth.verifyEmail(user.token).then(
          () => 'verified',
          (err) => err.code,
        ),
      );
      work.push(
        auth.verifyEmail(user.token).then(
          () => 'verified',
          (err) => err.code,
        ),
      );
      // A plain write to the same rows, outside any transaction, issued while transactions run.
      const rename = () => dataSource.getRepository(User).update({ id: user.id }, { name: `After ${user.id}` });
      work.push(new Promise((resolve) => setTimeout(resolve, Math.random() * 40)).then(rename).then(() => 'renamed'));
    }
    for (const batchId of batchIds) {
      for (let i = 0; i < 3; i++) work.push(batches.onJobEnded(batchId).then(() => 'ended'));
    }
    for (let i = 0; i < RENDERS; i++) {
      work.push(
        new Promise((resolve) => setTimeout(resolve, Math.random() * 40)).then(() =>
          t.http
            .post('/v1/render')
            .auth(account.liveKey, bearer)
            .send(renderBody())
            .then((res) => (res.status === 202 ? res.body.job_id : `HTTP ${res.status} ${JSON.stringify(res.body)}`)),
        ),
      );
    }
    const outcomes = await Promise.all(work);

    // No transaction failed for another's sake: every outcome is one of the expected ones.
    const verifications = outcomes.filter((o) => o === 'verified' || (typeof o === 'string' && /^[A-Z_]+$/.test(o)));
    expect(verifications.filter((o) => o === 'verified')).toHaveLength(USERS);
    expect(verifications.filter((o) => o === 'INVALID_VERIFICATION_TOKEN')).toHaveLength(USERS);
    expect(outcomes.filter((o) => o === 'renamed')).toHaveLength(USERS);
    expect(outcomes.filter((o) => o === 'ended')).toHaveLength(BATCHES * 3);
    const jobIds = outcomes.filter((o): o is string => typeof o === 'string' && o.startsWith('job_'));
    expect(outcomes.filter((o) => typeof o === 'string' && o.startsWith('HTTP'))).toEqual([]);
    expect(jobIds).toHaveLength(RENDERS);

    // Nothing lost, nothing half-written.
    const storedUsers = await dataSource.getRepository(User).findBy({ id: In(users.map((u) => u.id)) });
    expect(storedUsers).toHaveLength(USERS);
    for (const user of storedUsers) {
      expect(user).toMatchObject({ emailVerified: true, name: `After ${user.id}` });
      expect(user.emailVerifiedAt).toBeInstanceOf(Date);
    }
    const links = await dataSource.getRepository(EmailVerification).findBy({ userId: In(users.map((u) => u.id)) });
    expect(links).toHaveLength(USERS);
    for (const link of links) expect(link.usedAt).toBeInstanceOf(Date);

    const storedBatches = await dataSource.getRepository(RenderBatch).findBy({ id: In(batchIds) });
    expect(storedBatches).toHaveLength(BATCHES);
    for (const batch of storedBatches) {
      expect(batch.completedAt).toBeInstanceOf(Date);
      expect(batch.completionNotifiedAt).toBeInstanceOf(Date);
    }
    const deliveries = await dataSource.getRepository(WebhookDelivery).findBy({ batchId: In(batchIds) });
    expect(deliveries.map((d) => d.event)).toEqual(batchIds.map(() => 'batch.complete'));
    expect(new Set(deliveries.map((d) => d.batchId)).size).toBe(BATCHES);

    expect(await dataSource.getRepository(RenderJob).countBy({ id: In(jobIds) })).toBe(RENDERS);
  });

  it('a plain write or a render admission issued while a transaction is open is not part of it', async () => {
    const account = await createAccount(t, {
      tier: 'studio',
      overrides: { requests_per_minute: 100_000, concurrent_jobs: 1_000, renders_per_month: 1_000 },
    });
    const users = dataSource.getRepository(User);
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = runInTransaction(dataSource, async (manager) => {
      await manager.update(User, { id: account.id }, { name: 'Inside' });
      opened();
      await new Promise((resolve) => setTimeout(resolve, 300));
      throw new Error('roll back');
    });
    await open;
    // Issued from elsewhere (as another request would) while the transaction is open.
    const rename = users.update({ id: account.id }, { name: 'Outside' });
    const render = t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody())
      .then((res) => res);
    await expect(transaction).rejects.toThrow('roll back');
    await rename;
    const admitted = await render;
    expect(admitted.status).toBe(202);
    expect((await users.findOneByOrFail({ id: account.id })).name).toBe('Outside');
    expect(await dataSource.getRepository(RenderJob).countBy({ id: admitted.body.job_id })).toBe(1);
  });
});
