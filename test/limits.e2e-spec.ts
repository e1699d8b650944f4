import { billingPeriod } from '../src/common/util/time';
import { createAccount, renderBody, startTestApp, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const nextPeriod = () => billingPeriod(new Date()).end.toISOString();

describe('Tier limits, check order and races', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  describe('usage', () => {
    it('reports the UTC calendar month and each tier’s quota', async () => {
      for (const [tier, limit] of [
        ['free', 5],
        ['creator', 50],
        ['studio', 150],
      ] as const) {
        const account = await createAccount(t, { tier });
        const res = await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200);
        const period = billingPeriod(new Date());
        expect(res.body).toEqual({
          renders_used: 0,
          renders_limit: limit,
          renders_remaining: limit,
          period_start: period.start.toISOString(),
          period_end: period.end.toISOString(),
        });
      }
    });

    it('lists the self-serve plans, smallest first, with the limits an account on each gets', async () => {
      const account = await createAccount(t, { tier: 'free' });
      const { plans } = (await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200)).body;
      expect(plans.map((p: { tier: string; name: string }) => [p.tier, p.name])).toEqual([
        ['free', 'Free'],
        ['creator', 'Creator'],
        ['studio', 'Studio'],
      ]);
      expect(plans.map((p: { limits: { requests_per_minute: number } }) => p.limits.requests_per_minute)).toEqual([10, 30, 60]);
      for (const tier of ['creator', 'studio'] as const) {
        const onTier = await createAccount(t, { tier });
        const { limits } = (await t.http.get('/v1/account').auth(onTier.liveKey, bearer).expect(200)).body;
        expect(plans.find((p: { tier: string }) => p.tier === tier).limits).toEqual(limits);
      }
    });

    it('counts accepted renders, gives back cancelled ones, and never counts sandbox renders', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      const job = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body).toMatchObject({ renders_used: 1, renders_remaining: 49 });
      await t.http.delete(`/v1/render/${job.body.job_id}`).auth(account.liveKey, bearer).expect(200);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(0);
      const sandbox = await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(202);
      expect(sandbox.body.sandbox).toBe(true);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(0);
    });
  });

  describe('monthly quota', () => {
    it('blocks the render after the quota with 429 RENDER_LIMIT_EXCEEDED and reset_at', async () => {
      const account = await createAccount(t, { tier: 'free', overrides: { concurrent_jobs: 10 } });
      for (let i = 0; i < 5; i++) await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(429);
      expect(res.body).toEqual({
        error: 'Render limit exceeded',
        error_code: 'RENDER_LIMIT_EXCEEDED',
        message: expect.any(String),
        request_id: expect.any(String),
        renders_used: 5,
        renders_limit: 5,
        reset_at: nextPeriod(),
      });
      // Sandbox keys still render: they never use quota.
      await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(202);
    });
  });

  describe('concurrent jobs', () => {
    it.each([
      ['free', 1],
      ['creator', 3],
      ['studio', 5],
    ] as const)('%s allows %i active jobs, then 429 CONCURRENT_JOB_LIMIT', async (tier, limit) => {
      const account = await createAccount(t, { tier });
      for (let i = 0; i < limit; i++) await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(429);
      expect(res.body).toEqual({
        error: 'Concurrent job limit exceeded',
        error_code: 'CONCURRENT_JOB_LIMIT',
        message: expect.any(String),
        request_id: expect.any(String),
        active_jobs: limit,
        limit,
      });
      // Sandbox jobs are jobs too: they count toward the same limit.
      await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(429);
    });

    it('frees a slot when a job is cancelled', async () => {
      const account = await createAccount(t);
      const job = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(429);
      await t.http.delete(`/v1/render/${job.body.job_id}`).auth(account.liveKey, bearer).expect(200);
      await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    });
  });

  describe('sandbox renders and queued jobs', () => {
    it('caps a day’s sandbox renders per account (a flood of test-key batches stops), spending no quota', async () => {
      const account = await createAccount(t, { tier: 'free' });
      const batch = (n: number) => ({ jobs: Array.from({ length: n }, () => renderBody()) });
      await t.http.post('/v1/render/batch').auth(account.testKey, bearer).send(batch(10)).expect(202);
      const refused = await t.http.post('/v1/render/batch').auth(account.testKey, bearer).send(batch(20)).expect(429);
      const tomorrow = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`);
      tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
      expect(refused.body).toMatchObject({
        error_code: 'SANDBOX_LIMIT_EXCEEDED',
        sandbox_renders_used: 10,
        limit: 25,
        reset_at: tomorrow.toISOString(),
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // What still fits is accepted; a refusal took nothing from the allowance.
      await t.http.post('/v1/render/batch').auth(account.testKey, bearer).send(batch(15)).expect(202);
      await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(429);
      // Live work is not held back by it, and no quota was spent.
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(0);
      const { limits } = (await t.http.get('/v1/account').auth(account.liveKey, bearer).expect(200)).body;
      expect(limits).toMatchObject({ sandbox_renders_per_day: 25, queued_jobs: 50 });
    });

    it('refuses jobs beyond the plan’s queued jobs, batches included, with 429 QUEUED_JOB_LIMIT', async () => {
      const account = await createAccount(t, { tier: 'studio', overrides: { queued_jobs: 4 } });
      await t.http
        .post('/v1/render/batch')
        .auth(account.liveKey, bearer)
        .send({ jobs: [renderBody(), renderBody(), renderBody()] })
        .expect(202);
      const over = await t.http
        .post('/v1/render/batch')
        .auth(account.liveKey, bearer)
        .send({ jobs: [renderBody(), renderBody()] })
        .expect(429);
      expect(over.body).toMatchObject({ error_code: 'QUEUED_JOB_LIMIT', active_jobs: 3, limit: 4 });
      expect(over.headers['retry-after']).toBe('30');
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(3);
      await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      expect((await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(429)).body.error_code).toBe(
        'QUEUED_JOB_LIMIT',
      );
    });
  });

  describe('duration and features', () => {
    it.each([
      ['free', 10],
      ['creator', 15],
      ['studio', 45],
    ] as const)('%s: duration %i is accepted, one more is a validation error', async (tier, max) => {
      const account = await createAccount(t, { tier });
      await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .send(renderBody({ duration: max }))
        .expect(202);
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .send(renderBody({ duration: max + 1 }))
        .expect(400);
      expect(res.body).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        max_duration_seconds: max,
        tier,
        issues: [{ field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: expect.any(String) }],
      });
    });

    it('defaults the duration to 12 s, or the tier maximum when shorter', async () => {
      const free = await createAccount(t, { tier: 'free' });
      const studio = await createAccount(t, { tier: 'studio' });
      const a = await t.http
        .post('/v1/render')
        .auth(free.liveKey, bearer)
        .send(renderBody({ duration: undefined }))
        .expect(202);
      const b = await t.http
        .post('/v1/render')
        .auth(studio.liveKey, bearer)
        .send(renderBody({ duration: undefined }))
        .expect(202);
      expect((await t.http.get(`/v1/render/${a.body.job_id}`).auth(free.liveKey, bearer)).body.request.duration).toBe(10);
      expect((await t.http.get(`/v1/render/${b.body.job_id}`).auth(studio.liveKey, bearer)).body.request.duration).toBe(12);
    });

    it('Free gets 403 FEATURE_NOT_AVAILABLE for 1080p and 4k; Creator may use them', async () => {
      const free = await createAccount(t, { tier: 'free' });
      for (const resolution of ['1080p', '4k']) {
        const res = await t.http.post('/v1/render').auth(free.liveKey, bearer).send(renderBody({ resolution })).expect(403);
        expect(res.body).toMatchObject({ error_code: 'FEATURE_NOT_AVAILABLE', tier: 'free' });
      }
      const creator = await createAccount(t, { tier: 'creator' });
      await t.http
        .post('/v1/render')
        .auth(creator.liveKey, bearer)
        .send(renderBody({ resolution: '4k' }))
        .expect(202);
    });

    it('caps sandbox renders at 720p', async () => {
      const creator = await createAccount(t, { tier: 'creator' });
      const job = await t.http
        .post('/v1/render')
        .auth(creator.testKey, bearer)
        .send(renderBody({ resolution: '1080p' }))
        .expect(202);
      expect((await t.http.get(`/v1/render/${job.body.job_id}`).auth(creator.testKey, bearer)).body.request.resolution).toBe('720p');
    });
  });

  describe('API rate', () => {
    it('allows the tier’s requests per minute, shared by an account’s live keys and sessions, then 429 with Retry-After', async () => {
      const account = await createAccount(t, { tier: 'free' });
      // createAccount already spent 2 requests of the account (creating its keys).
      const credentials = [account.liveKey, account.accessToken];
      let last;
      for (let i = 0; i < 8; i++) {
        last = await t.http
          .get('/v1/usage')
          .auth(credentials[i % 2], bearer)
          .expect(200);
      }
      expect(last!.headers['x-ratelimit-limit']).toBe('10');
      expect(last!.headers['x-ratelimit-remaining']).toBe('0');
      const res = await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(429);
      expect(res.body).toEqual({
        error: 'Rate limit exceeded',
        error_code: 'RATE_LIMIT_EXCEEDED',
        message: expect.any(String),
        request_id: expect.any(String),
        retry_after_seconds: expect.any(Number),
      });
      expect(res.body.retry_after_seconds).toBeGreaterThan(0);
      expect(res.body.retry_after_seconds).toBeLessThanOrEqual(60);
      expect(res.headers['retry-after']).toBe(String(res.body.retry_after_seconds));
      // Another account is not affected.
      const other = await createAccount(t, { tier: 'free' });
      await t.http.get('/v1/usage').auth(other.liveKey, bearer).expect(200);
    });

    it('gives test keys a request budget of their own: sandbox traffic never uses up the live window', async () => {
      const account = await createAccount(t, { tier: 'free' });
      for (let i = 0; i < 10; i++) await t.http.get('/v1/usage').auth(account.testKey, bearer).expect(200);
      const refused = await t.http.get('/v1/usage').auth(account.testKey, bearer).expect(429);
      expect(refused.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
      // The live key's window (2 spent creating the keys) is untouched.
      const live = await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200);
      expect(live.headers['x-ratelimit-limit']).toBe('10');
      expect(live.headers['x-ratelimit-remaining']).toBe('7');
    });
  });

  describe('order of checks on POST /v1/render: auth → rate → validation → e-mail → features → quota → concurrency', () => {
    it('auth before validation', async () => {
      expect((await t.http.post('/v1/render').send({}).expect(401)).body.error_code).toBe('AUTHENTICATION_REQUIRED');
    });

    it('rate before validation', async () => {
      const account = await createAccount(t, { tier: 'free' });
      for (let i = 0; i < 8; i++) await t.http.post('/v1/render').auth(account.liveKey, bearer).send({}).expect(400);
      expect((await t.http.post('/v1/render').auth(account.liveKey, bearer).send({}).expect(429)).body.error_code).toBe(
        'RATE_LIMIT_EXCEEDED',
      );
    });

    it('validation before e-mail verification', async () => {
      const account = await createAccount(t, { verified: false });
      expect((await t.http.post('/v1/render').auth(account.liveKey, bearer).send({ waypoints: [] }).expect(400)).body.error_code).toBe(
        'VALIDATION_ERROR',
      );
      expect(
        (
          await t.http
            .post('/v1/render')
            .auth(account.liveKey, bearer)
            .send(renderBody({ duration: 11 }))
            .expect(400)
        ).body.error_code,
      ).toBe('VALIDATION_ERROR');
    });

    it('e-mail verification before tier features', async () => {
      const account = await createAccount(t, { verified: false });
      expect(
        (
          await t.http
            .post('/v1/render')
            .auth(account.liveKey, bearer)
            .send(renderBody({ resolution: '4k' }))
            .expect(403)
        ).body.error_code,
      ).toBe('EMAIL_NOT_VERIFIED');
    });

    it('tier features before quota, quota before concurrency', async () => {
      const account = await createAccount(t, { tier: 'free', overrides: { renders_per_month: 1 } });
      await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      // Now the quota (1) is used up and the concurrent limit (1) is reached.
      expect(
        (
          await t.http
            .post('/v1/render')
            .auth(account.liveKey, bearer)
            .send(renderBody({ resolution: '1080p' }))
            .expect(403)
        ).body.error_code,
      ).toBe('FEATURE_NOT_AVAILABLE');
      expect((await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(429)).body.error_code).toBe(
        'RENDER_LIMIT_EXCEEDED',
      );
    });
  });

  describe('races', () => {
    it('20 parallel renders at a concurrent limit of 3 accept exactly 3', async () => {
      const account = await createAccount(t, { tier: 'creator', overrides: { requests_per_minute: 1000 } });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody())),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 202)).toHaveLength(3);
      expect(responses.filter((r) => r.status === 429).every((r) => r.body.error_code === 'CONCURRENT_JOB_LIMIT')).toBe(true);
      expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(3);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(3);
    });

    it('20 parallel renders with 3 renders of quota left accept exactly 3', async () => {
      const account = await createAccount(t, {
        tier: 'enterprise',
        overrides: { renders_per_month: 3, concurrent_jobs: 50, requests_per_minute: 1000 },
      });
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody())),
      );
      expect(responses.filter((r) => r.status === 202)).toHaveLength(3);
      expect(responses.filter((r) => r.status === 429).every((r) => r.body.error_code === 'RENDER_LIMIT_EXCEEDED')).toBe(true);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(3);
    });
  });

  // Passport keeps strategies in a process-wide registry, so an app with other settings is started
  // only after the shared one is no longer used.
  describe('unauthenticated callers', () => {
    it('limits unauthenticated callers per IP at 60 a minute, 401s included', async () => {
      const strict = await startTestApp({ ANONYMOUS_REQUESTS_PER_MINUTE: '60' });
      try {
        for (let i = 0; i < 60; i++) await strict.http.get('/v1/usage').expect(401);
        const res = await strict.http.get('/v1/usage').expect(429);
        expect(res.body.error_code).toBe('RATE_LIMIT_EXCEEDED');
        expect(res.headers['x-ratelimit-limit']).toBe('60');
      } finally {
        await strict.close();
      }
    });
  });
});
