import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { In, Repository } from 'typeorm';
import type { DomainError } from '../../common/errors';
import { BillingErrors } from './billing.errors';
import { billingPeriod } from '../../common/util/time';
import type { InsertGroup } from '../../database/insert-together';
import { REDIS, RedisKeys } from '../../infrastructure/redis/redis.module';
import { UsageRecord } from './entities/usage-record.entity';
import { AccountLimits, PlansService } from './plans.service';

/**
 * Atomic admission: checks the monthly quota and the concurrent limit and, if both allow it,
 * records the jobs, all inside one Lua script. Returns {'ok'} | {'unseeded'} | {'quota', used} | {'concurrency', active}.
 * KEYS: seeded marker, quota set (job ids of the period), active set (job ids queued/processing).
 * ARGV: now, quota key TTL ms, quota limit, concurrency limit, check concurrency (0/1), uses quota (0/1), job ids…
 */
const ADMIT_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return {'unseeded'} end
local now, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
local quotaLimit, concLimit = tonumber(ARGV[3]), tonumber(ARGV[4])
local checkConc, usesQuota = ARGV[5] == '1', ARGV[6] == '1'
local n = #ARGV - 6
if usesQuota then
  local used = redis.call('ZCARD', KEYS[2])
  if used + n > quotaLimit then return {'quota', used} end
end
if checkConc then
  local active = redis.call('ZCARD', KEYS[3])
  if active + n > concLimit then return {'concurrency', active} end
end
for i = 7, #ARGV do
  if usesQuota then redis.call('ZADD', KEYS[2], now, ARGV[i]) end
  redis.call('ZADD', KEYS[3], now, ARGV[i])
end
if usesQuota then redis.call('PEXPIRE', KEYS[2], ttl) end
return {'ok'}
`;

/**
 * Rebuilds the counters from the ledger (after a Redis flush, or at the start of a period), once:
 * if another process seeded first, nothing is changed.
 * KEYS: seeded marker, quota set, active set. ARGV: now, TTL ms, number of quota ids, quota ids…, active ids…
 */
const SEED_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local now, ttl, nq = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('DEL', KEYS[2], KEYS[3])
for i = 4, 3 + nq do redis.call('ZADD', KEYS[2], now, ARGV[i]) end
for i = 4 + nq, #ARGV do redis.call('ZADD', KEYS[3], now, ARGV[i]) end
redis.call('PEXPIRE', KEYS[2], ttl)
redis.call('SET', KEYS[1], '1', 'PX', ttl)
return 1
`;

/** An admitted job id not yet in the ledger is given this long before it is treated as a leftover. */
const IN_FLIGHT_GRACE_MS = 30_000;

export interface Usage {
  renders_used: number;
  renders_limit: number;
  renders_remaining: number;
  period_start: string;
  period_end: string;
}

/** Jobs admitted by `UsageService.admit`: held in the counters until their ledger rows are written. */
export interface UsageReservation {
  /** The jobs' ledger rows: write them in the same statement as the rows that create the jobs. */
  readonly ledgerRows: InsertGroup<UsageRecord>;
  /** Gives the reserved renders and concurrent slots back; call it when that write failed. */
  undo(): Promise<void>;
}

/** INCRBY when it fits under the limit (ARGV: count, limit, expiry in ms since the epoch): {count before, 1}, else {count, 0}. */
const TAKE_SANDBOX_SCRIPT = `local used = tonumber(redis.call('get', KEYS[1]) or '0')
if used + tonumber(ARGV[1]) > tonumber(ARGV[2]) then return {used, 0} end
redis.call('incrby', KEYS[1], ARGV[1])
redis.call('pexpireat', KEYS[1], ARGV[3])
return {used, 1}`;

/**
 * Monthly quota and concurrency accounting. Redis sorted sets make the check-and-record atomic
 * across API processes (20 parallel requests at a limit of 3 admit exactly 3); the `usage_records`
 * ledger in the database is the durable truth they are rebuilt from, and what usage reports count.
 */
@Injectable()
export class UsageService {
  private readonly logger = new Logger(UsageService.name);

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly plans: PlansService,
    @InjectRepository(UsageRecord) private readonly ledger: Repository<UsageRecord>,
  ) {
    this.redis.defineCommand('maprAdmit', { numberOfKeys: 3, lua: ADMIT_SCRIPT });
    this.redis.defineCommand('maprSeedUsage', { numberOfKeys: 3, lua: SEED_SCRIPT });
  }

  limitsFor(accountId: string): Promise<AccountLimits> {
    return this.plans.limitsFor(accountId);
  }

  private redisKeys(accountId: string, period: string): [string, string, string] {
    return [
      this.keys.key('usage', accountId, period, 'seeded'),
      this.keys.key('usage', accountId, period, 'quota'),
      this.keys.key('usage', accountId, 'active'),
    ];
  }

  /**
   * Admits jobs or throws 429 RENDER_LIMIT_EXCEEDED / CONCURRENT_JOB_LIMIT. Sandbox jobs skip the
   * quota; batch jobs skip the concurrency check (they wait queued) but still count as active.
   *
   * The admission is a reservation in the Redis counters; it becomes durable with the jobs'
   * ledger rows. The caller writes `ledgerRows` in the same statement as the rows that create
   * those jobs (`RowWriter`), so a job and its usage exist together or not at all, and calls
   * `undo()` if that write fails. `options.at` is the jobs' creation time: it picks the billing
   * period, so the jobs and their ledger rows always agree on it.
   */
  async admit(
    accountId: string,
    limits: AccountLimits['limits'],
    jobIds: string[],
    options: { usesQuota: boolean; checkConcurrency: boolean; at: Date },
  ): Promise<UsageReservation> {
    const { at } = options;
    const period = billingPeriod(at);
    const keys = this.redisKeys(accountId, period.key);
    const ttlMs = period.end.getTime() - at.getTime() + 35 * 24 * 3600_000;
    const run = () =>
      (this.redis as unknown as { maprAdmit(...args: (string | number)[]): Promise<[string, number?]> }).maprAdmit(
        ...keys,
        at.getTime(),
        ttlMs,
        limits.renders_per_month,
        limits.concurrent_jobs,
        options.checkConcurrency ? 1 : 0,
        options.usesQuota ? 1 : 0,
        ...jobIds,
      );

    let [outcome, count] = await run();
    if (outcome === 'unseeded') {
      await this.seed(accountId, period.key, keys, ttlMs);
      [outcome, count] = await run();
    }
    // A refusal may be caused by leftovers of a crashed process: reconcile with the ledger once.
    if ((outcome === 'quota' || outcome === 'concurrency') && (await this.pruneLeftovers(accountId, keys, outcome))) {
      [outcome, count] = await run();
    }
    if (outcome === 'quota') throw BillingErrors.renderLimitExceeded(Number(count), limits.renders_per_month, period.end);
    if (outcome === 'concurrency') throw BillingErrors.concurrentJobLimit(Number(count), limits.concurrent_jobs);
    if (outcome !== 'ok') throw new Error(`Unexpected admission outcome ${outcome}`);

    const rows: Partial<UsageRecord>[] = jobIds.map((jobId) => ({
      jobId,
      accountId,
      billingPeriod: period.key,
      countsTowardQuota: options.usesQuota,
      active: true,
      createdAt: at,
      endedAt: null,
    }));
    return {
      ledgerRows: { entity: UsageRecord, rows },
      undo: async () => {
        await this.redis
          .multi()
          .zrem(keys[1], ...jobIds)
          .zrem(keys[2], ...jobIds)
          .exec();
      },
    };
  }

  /**
   * Counts `count` sandbox renders against the plan's `sandbox_renders_per_day` (UTC days), atomically across API
   * processes: 429 SANDBOX_LIMIT_EXCEEDED, counting nothing, when they do not fit. Answers how to take them back,
   * for a request refused by a later check.
   */
  async takeSandboxRenders(accountId: string, count: number, limit: number, at: Date): Promise<() => Promise<void>> {
    const { key, resetAt } = this.sandboxDay(accountId, at);
    // Kept a day past its own, so a clock a little behind still finds it.
    const expireAt = resetAt.getTime() + 24 * 3600_000;
    const [used, taken] = (await this.redis.eval(TAKE_SANDBOX_SCRIPT, 1, key, count, limit, expireAt)) as [number, number];
    if (!taken) throw BillingErrors.sandboxLimitExceeded(used, limit, resetAt);
    return async () => {
      await this.redis.decrby(key, count);
    };
  }

  /**
   * A job left the active states. `giveBack` returns its render to the quota (failed or
   * cancelled jobs). Idempotent: safe to call again for the same job.
   */
  async release(jobId: string, options: { giveBack: boolean }): Promise<void> {
    const record = await this.ledger.findOneBy({ jobId });
    if (!record) return;
    const [, quotaKey, activeKey] = this.redisKeys(record.accountId, record.billingPeriod);
    await this.ledger.update(
      { jobId },
      { active: false, endedAt: record.endedAt ?? new Date(), ...(options.giveBack ? { countsTowardQuota: false } : {}) },
    );
    const pipeline = this.redis.multi().zrem(activeKey, jobId);
    if (options.giveBack) pipeline.zrem(quotaKey, jobId);
    await pipeline.exec();
  }

  async usage(accountId: string): Promise<Usage> {
    const period = billingPeriod(new Date());
    const [{ limits }, used] = await Promise.all([
      this.plans.limitsFor(accountId),
      this.ledger.countBy({ accountId, billingPeriod: period.key, countsTowardQuota: true }),
    ]);
    return {
      renders_used: used,
      renders_limit: limits.renders_per_month,
      renders_remaining: Math.max(0, limits.renders_per_month - used),
      period_start: period.start.toISOString(),
      period_end: period.end.toISOString(),
    };
  }

  /**
   * The refusal `admit` (or `takeSandboxRenders`, for a test key) would answer one more render now, read without
   * reserving anything: for the preview's `render_refusals` (contract §15). A render is still admitted atomically
   * by `admit`; this answer can be out of date by the time it is sent.
   */
  async quotaRefusal(
    accountId: string,
    limits: AccountLimits['limits'],
    options: { sandbox: boolean; at: Date },
  ): Promise<DomainError | null> {
    const { at } = options;
    if (options.sandbox) {
      const { key, resetAt } = this.sandboxDay(accountId, at);
      const used = Number((await this.redis.get(key)) ?? 0);
      return used + 1 > limits.sandbox_renders_per_day
        ? BillingErrors.sandboxLimitExceeded(used, limits.sandbox_renders_per_day, resetAt)
        : null;
    }
    const period = billingPeriod(at);
    const used = await this.ledger.countBy({ accountId, billingPeriod: period.key, countsTowardQuota: true });
    return used >= limits.renders_per_month ? BillingErrors.renderLimitExceeded(used, limits.renders_per_month, period.end) : null;
  }

  /** The counter of an account's sandbox renders on `at`'s UTC day, and when the next day starts. */
  private sandboxDay(accountId: string, at: Date): { key: string; resetAt: Date } {
    const day = at.toISOString().slice(0, 10);
    const resetAt = new Date(`${day}T00:00:00.000Z`);
    resetAt.setUTCDate(resetAt.getUTCDate() + 1);
    return { key: this.keys.key('sandbox-renders', accountId, day), resetAt };
  }

  async activeJobCount(accountId: string): Promise<number> {
    return this.ledger.countBy({ accountId, active: true });
  }

  private async seed(accountId: string, periodKey: string, keys: [string, string, string], ttlMs: number): Promise<void> {
    const [quota, active] = await Promise.all([
      this.ledger.find({ select: { jobId: true }, where: { accountId, billingPeriod: periodKey, countsTowardQuota: true } }),
      this.ledger.find({ select: { jobId: true }, where: { accountId, active: true } }),
    ]);
    await (this.redis as unknown as { maprSeedUsage(...args: (string | number)[]): Promise<number> }).maprSeedUsage(
      ...keys,
      Date.now(),
      ttlMs,
      quota.length,
      ...quota.map((r) => r.jobId),
      ...active.map((r) => r.jobId),
    );
  }

  /** Removes ids the ledger no longer counts (older than the in-flight grace period). Returns true if any. */
  private async pruneLeftovers(accountId: string, keys: [string, string, string], kind: 'quota' | 'concurrency'): Promise<boolean> {
    const setKey = kind === 'quota' ? keys[1] : keys[2];
    const cutoff = Date.now() - IN_FLIGHT_GRACE_MS;
    const candidates = await this.redis.zrangebyscore(setKey, '-inf', cutoff);
    if (candidates.length === 0) return false;
    const counted = await this.ledger.find({
      select: { jobId: true },
      where: kind === 'quota' ? { jobId: In(candidates), countsTowardQuota: true } : { jobId: In(candidates), active: true },
    });
    const countedIds = new Set(counted.map((r) => r.jobId));
    const leftovers = candidates.filter((id) => !countedIds.has(id));
    if (leftovers.length === 0) return false;
    this.logger.warn(
      { account_id: accountId, kind, leftovers: leftovers.length },
      'Removed usage counter entries the ledger does not count',
    );
    await this.redis.zrem(setKey, ...leftovers);
    return true;
  }
}
