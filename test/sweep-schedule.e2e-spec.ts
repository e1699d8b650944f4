/**
 * SweepSchedule against the machine's Redis: two processes' schedules (two instances, each with its own Bull
 * connections, as two workers have) registering the same sweep run it once per interval in total, not once per
 * process; a sweep that throws keeps its schedule.
 */
import { Logger } from '@nestjs/common';
import Redis from 'ioredis';
import type { AppConfig } from '../src/config';
import { randomBase62 } from '../src/common/util/ids';
import { SweepSchedule } from '../src/infrastructure/sweeps/sweep-schedule';
import { TEST_REDIS_URL } from './support/test-env';
import { waitFor } from './support/webhooks';

const EVERY_MS = 500;
/** Scheduled runs watched: long enough that a schedule per process (twice the runs) would show. */
const SCHEDULED_RUNS = 8;

describe('SweepSchedule (Redis)', () => {
  beforeAll(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('runs a sweep registered by two processes once per interval across both', async () => {
    const config = { redis: { url: TEST_REDIS_URL, keyPrefix: `t${randomBase62(10).toLowerCase()}` } } as AppConfig;
    const runs: Array<{ process: number; at: number }> = [];
    const schedules = [new SweepSchedule(config), new SweepSchedule(config)];
    schedules.forEach((schedule, process) =>
      schedule.register({
        name: 'probe',
        everyMs: EVERY_MS,
        run: async () => {
          runs.push({ process, at: Date.now() });
          // A failing run must not stop the schedule.
          if (runs.length === 4) throw new Error('sweep failed once');
        },
      }),
    );
    const started = Date.now();
    await Promise.all(schedules.map((schedule) => schedule.onApplicationBootstrap()));
    // Each process runs it once as it starts (2 runs), then the schedule's runs, the failed 4th one included.
    await waitFor(
      () => runs.length,
      (count) => count >= 2 + SCHEDULED_RUNS,
      20_000,
    );
    await Promise.all(schedules.map((schedule) => schedule.onApplicationShutdown()));

    expect(runs.filter((run) => run.at - started < EVERY_MS / 2).length).toBeGreaterThanOrEqual(2);
    // Once per interval in total: the scheduled runs are spread over about one interval each (from the first to the
    // last, SCHEDULED_RUNS - 1 of them). A schedule per process would have made as many in half the time.
    const scheduled = runs.slice(2, 2 + SCHEDULED_RUNS);
    const span = scheduled[scheduled.length - 1].at - scheduled[0].at;
    expect(span).toBeGreaterThanOrEqual((SCHEDULED_RUNS - 2) * EVERY_MS);
  }, 30_000);

  it('keeps running after Redis lost everything (the schedule is added back)', async () => {
    const prefix = `t${randomBase62(10).toLowerCase()}`;
    const schedule = new SweepSchedule({ redis: { url: TEST_REDIS_URL, keyPrefix: prefix } } as AppConfig);
    const runs: number[] = [];
    schedule.register({ name: 'probe', everyMs: EVERY_MS, run: async () => void runs.push(Date.now()) });
    await schedule.onApplicationBootstrap();
    // The run at start and one of the schedule's: the schedule is in Redis.
    await waitFor(
      () => runs.length,
      (count) => count >= 2,
      10_000,
    );
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
      const lostAt = Date.now();
      // Fails after 10 s (twenty intervals) if the schedule was not added back.
      await waitFor(
        () => runs.filter((at) => at > lostAt + EVERY_MS).length,
        (after) => after >= 2,
        10_000,
      );
    } finally {
      await schedule.onApplicationShutdown();
      const left = await redis.keys(`${prefix}:*`);
      if (left.length) await redis.del(...left);
      redis.disconnect();
    }
  }, 30_000);
});
