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

const EVERY_MS = 500;
const WATCH_MS = 4000;

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
    await new Promise((r) => setTimeout(r, WATCH_MS));
    await Promise.all(schedules.map((schedule) => schedule.onApplicationShutdown()));

    // Each process runs it once as it starts (2 runs); then once per interval in total, where each process on its
    // own would double it.
    const scheduled = runs.length - 2;
    const intervals = WATCH_MS / EVERY_MS;
    expect(scheduled).toBeGreaterThanOrEqual(intervals - 2);
    expect(scheduled).toBeLessThanOrEqual(intervals + 1);
    expect(runs.filter((run) => run.at - started < EVERY_MS / 2).length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('keeps running after Redis lost everything (the schedule is added back)', async () => {
    const prefix = `t${randomBase62(10).toLowerCase()}`;
    const schedule = new SweepSchedule({ redis: { url: TEST_REDIS_URL, keyPrefix: prefix } } as AppConfig);
    const runs: number[] = [];
    schedule.register({ name: 'probe', everyMs: EVERY_MS, run: async () => void runs.push(Date.now()) });
    await schedule.onApplicationBootstrap();
    await new Promise((r) => setTimeout(r, 1500));
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      expect(keys.length).toBeGreaterThan(0);
      await redis.del(...keys);
      const lostAt = Date.now();
      await new Promise((r) => setTimeout(r, 3000));
      expect(runs.filter((at) => at > lostAt + EVERY_MS).length).toBeGreaterThanOrEqual(2);
    } finally {
      await schedule.onApplicationShutdown();
      const left = await redis.keys(`${prefix}:*`);
      if (left.length) await redis.del(...left);
      redis.disconnect();
    }
  }, 30_000);
});
