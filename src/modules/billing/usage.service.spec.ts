import Redis from 'ioredis';
import type { Repository } from 'typeorm';
import { DomainError } from '../../common/errors';
import { newId, randomBase62 } from '../../common/util/ids';
import { billingPeriod } from '../../common/util/time';
import type { RedisKeys } from '../../infrastructure/redis/redis.module';
import { HTTP_ERRORS, type ErrorCode } from '../../http-errors';
import type { UsageRecord } from './entities/usage-record.entity';
import type { PlansService } from './plans.service';
import { TierLimits, TIERS } from './tiers';
import { UsageService } from './usage.service';

/**
 * Billing's admission against the real local Redis (TEST_REDIS_URL, else the default port): the
 * Lua script's quota and concurrency decisions, the ledger rows a reservation hands back, and its undo.
 * Every key lives under a prefix of its own, deleted afterwards.
 */
describe('UsageService.admit (Redis)', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1, lazyConnect: true });
  const prefix = `mapr-unit-${randomBase62(12)}`;
  const keys = { key: (...parts: string[]) => [prefix, ...parts].join(':') } as RedisKeys;
  /** The durable ledger the counters are seeded from: job ids counted toward the quota, and active ones. */
  let ledger: { quota: string[]; active: string[] };
  let usage: UsageService;
  // Now: admissions older than the in-flight grace period would be reconciled with the ledger.
  const at = new Date();
  const period = billingPeriod(at);
  const limits = (overrides: Partial<TierLimits> = {}): TierLimits => ({
    ...TIERS.free.limits,
    renders_per_month: 5,
    concurrent_jobs: 2,
    ...overrides,
  });
  const ids = (n: number) => Array.from({ length: n }, () => newId('job'));

  async function refusal(promise: Promise<unknown>): Promise<DomainError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
    return err;
  }

  beforeAll(async () => {
    await redis.connect();
  });

  beforeEach(() => {
    ledger = { quota: [], active: [] };
    const repository = {
      // The ledger's quota records or its active ones (of the given job ids, when reconciling).
      find: async (options: { where: { countsTowardQuota?: boolean; jobId?: { value: string[] } } }) =>
        (options.where.countsTowardQuota ? ledger.quota : ledger.active)
          .filter((jobId) => !options.where.jobId || options.where.jobId.value.includes(jobId))
          .map((jobId) => ({ jobId })),
    } as unknown as Repository<UsageRecord>;
    usage = new UsageService(redis, keys, {} as PlansService, repository);
  });

  afterEach(async () => {
    const left = await redis.keys(`${prefix}:*`);
    if (left.length) await redis.del(...left);
  });

  afterAll(async () => {
    await redis.quit();
  });

  const accountId = () => newId('usr');

  it('admits up to the monthly quota, then refuses with 429 RENDER_LIMIT_EXCEEDED', async () => {
    const account = accountId();
    for (let i = 0; i < 5; i++) {
      await usage.admit(account, limits({ concurrent_jobs: 10 }), ids(1), { usesQuota: true, checkConcurrency: true, at });
    }
    const err = await refusal(
      usage.admit(account, limits({ concurrent_jobs: 10 }), ids(1), { usesQuota: true, checkConcurrency: true, at }),
    );
    expect(HTTP_ERRORS[err.code as ErrorCode].status).toBe(429);
    expect(err.code).toBe('RENDER_LIMIT_EXCEEDED');
    expect(err.extra).toMatchObject({ renders_used: 5, renders_limit: 5, reset_at: period.end.toISOString() });
  });

  it('refuses a batch whole when the quota is short for all its jobs, and records none of them', async () => {
    const account = accountId();
    await usage.admit(account, limits(), ids(3), { usesQuota: true, checkConcurrency: false, at });
    const err = await refusal(usage.admit(account, limits(), ids(3), { usesQuota: true, checkConcurrency: false, at }));
    expect(err.code).toBe('RENDER_LIMIT_EXCEEDED');
    expect(err.extra).toMatchObject({ renders_used: 3 });
    // The two renders left are still there.
    await usage.admit(account, limits(), ids(2), { usesQuota: true, checkConcurrency: false, at });
  });

  it('refuses beyond the concurrent limit with 429 CONCURRENT_JOB_LIMIT', async () => {
    const account = accountId();
    await usage.admit(account, limits(), ids(1), { usesQuota: true, checkConcurrency: true, at });
    await usage.admit(account, limits(), ids(1), { usesQuota: true, checkConcurrency: true, at });
    const err = await refusal(usage.admit(account, limits(), ids(1), { usesQuota: true, checkConcurrency: true, at }));
    expect(HTTP_ERRORS[err.code as ErrorCode].status).toBe(429);
    expect(err.code).toBe('CONCURRENT_JOB_LIMIT');
    expect(err.extra).toEqual({ active_jobs: 2, limit: 2 });
  });

  it('checks the quota before the concurrency', async () => {
    const account = accountId();
    await usage.admit(account, limits({ renders_per_month: 2 }), ids(2), { usesQuota: true, checkConcurrency: true, at });
    const err = await refusal(
      usage.admit(account, limits({ renders_per_month: 2 }), ids(1), { usesQuota: true, checkConcurrency: true, at }),
    );
    expect(err.code).toBe('RENDER_LIMIT_EXCEEDED');
  });

  it('lets batch jobs past the concurrent limit, and counts them as active for single renders', async () => {
    const account = accountId();
    await usage.admit(account, limits(), ids(4), { usesQuota: true, checkConcurrency: false, at });
    const err = await refusal(usage.admit(account, limits(), ids(1), { usesQuota: true, checkConcurrency: true, at }));
    expect(err.code).toBe('CONCURRENT_JOB_LIMIT');
    expect(err.extra).toEqual({ active_jobs: 4, limit: 2 });
  });

  it('never counts sandbox jobs toward the quota, but counts them as active', async () => {
    const account = accountId();
    for (let i = 0; i < 8; i++) {
      const reservation = await usage.admit(account, limits({ concurrent_jobs: 100 }), ids(1), {
        usesQuota: false,
        checkConcurrency: true,
        at,
      });
      expect(reservation.ledgerRows.rows[0].countsTowardQuota).toBe(false);
    }
    await usage.admit(account, limits({ concurrent_jobs: 100 }), ids(5), { usesQuota: true, checkConcurrency: true, at });
    const err = await refusal(
      usage.admit(account, limits({ concurrent_jobs: 9 }), ids(1), { usesQuota: false, checkConcurrency: true, at }),
    );
    expect(err.code).toBe('CONCURRENT_JOB_LIMIT');
    expect(err.extra).toEqual({ active_jobs: 13, limit: 9 });
  });

  it('hands back one ledger row per job, in the billing period of `at`', async () => {
    const account = accountId();
    const jobIds = ids(2);
    const reservation = await usage.admit(account, limits(), jobIds, { usesQuota: true, checkConcurrency: false, at });
    expect(reservation.ledgerRows.rows).toEqual(
      jobIds.map((jobId) => ({
        jobId,
        accountId: account,
        billingPeriod: period.key,
        countsTowardQuota: true,
        active: true,
        createdAt: at,
        endedAt: null,
      })),
    );
  });

  it('undo gives the reserved renders and slots back (the caller’s write failed)', async () => {
    const account = accountId();
    const reservation = await usage.admit(account, limits(), ids(2), { usesQuota: true, checkConcurrency: true, at });
    expect((await refusal(usage.admit(account, limits(), ids(1), { usesQuota: true, checkConcurrency: true, at }))).code).toBe(
      'CONCURRENT_JOB_LIMIT',
    );
    await reservation.undo();
    // Both slots and the quota are free again: 2 concurrent, then 3 more renders of quota.
    await usage.admit(account, limits(), ids(2), { usesQuota: true, checkConcurrency: true, at });
    await usage.admit(account, limits(), ids(3), { usesQuota: true, checkConcurrency: false, at });
    expect((await refusal(usage.admit(account, limits(), ids(1), { usesQuota: true, checkConcurrency: false, at }))).code).toBe(
      'RENDER_LIMIT_EXCEEDED',
    );
  });

  it('seeds the counters from the ledger the first time an account is seen in a period', async () => {
    const account = accountId();
    ledger = { quota: ids(4), active: [] };
    ledger.active = ledger.quota.slice(0, 1);
    const err = await refusal(usage.admit(account, limits(), ids(2), { usesQuota: true, checkConcurrency: false, at }));
    expect(err.extra).toMatchObject({ renders_used: 4, renders_limit: 5 });
    const concurrency = await refusal(
      usage.admit(account, limits({ renders_per_month: 50, concurrent_jobs: 1 }), ids(1), { usesQuota: true, checkConcurrency: true, at }),
    );
    expect(concurrency.extra).toEqual({ active_jobs: 1, limit: 1 });
  });
});
