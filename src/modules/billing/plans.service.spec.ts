import Redis from 'ioredis';
import type { Repository } from 'typeorm';
import { randomBase62 } from '../../common/util/ids';
import type { RedisKeys } from '../../infrastructure/redis/redis.module';
import type { AccountPlan } from './entities/account-plan.entity';
import { PlansService } from './plans.service';

/**
 * Plan changes across processes, against the real local Redis (TEST_REDIS_URL, else the default port): two
 * PlansService instances stand for an API process and the operator CLI, over one table (a map) and one key prefix.
 * The cache's clock (Date.now) stands still, so no cached entry ever expires by itself here.
 */
describe('PlansService: a plan change reaches every process at once', () => {
  const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `mapr-unit-${randomBase62(12)}`;
  const keys = { key: (...parts: string[]) => [prefix, ...parts].join(':') } as RedisKeys;
  const rows = new Map<string, AccountPlan>();
  const table = {
    findOneBy: async ({ accountId }: { accountId: string }) => rows.get(accountId) ?? null,
    create: (row: AccountPlan) => row,
    save: async (row: AccountPlan) => rows.set(row.accountId, row).get(row.accountId),
  } as unknown as Repository<AccountPlan>;
  const clients: Redis[] = [];
  const services: PlansService[] = [];

  async function plans(withRedis: boolean): Promise<PlansService> {
    const redis = withRedis ? new Redis(url, { maxRetriesPerRequest: 1 }) : undefined;
    if (redis) clients.push(redis);
    const service = new PlansService(table, redis, withRedis ? keys : undefined);
    await service.onModuleInit();
    services.push(service);
    return service;
  }

  /** Reads `service`'s limits until `done` holds; the bound (about 10 s) is only a safety net. */
  async function until(service: PlansService, accountId: string, done: (tier: string) => boolean): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const { tier } = await service.limitsFor(accountId);
      if (done(tier) || attempt === 1_000) return tier;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  beforeEach(() => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.now());
  });

  afterEach(() => {
    jest.restoreAllMocks();
  });

  afterAll(async () => {
    for (const service of services) await service.onApplicationShutdown();
    for (const client of clients) client.disconnect();
  });

  it('an API process forgets the account’s cached limits when another process announces a change', async () => {
    const api = await plans(true);
    const cli = await plans(true);
    expect((await api.limitsFor('acc_1')).tier).toBe('free'); // cached now, for seconds
    const { announced, tier } = await cli.setTier('acc_1', 'studio');
    expect({ announced, tier }).toEqual({ announced: true, tier: 'studio' });
    // The cached Free never expires here: only the announcement can let go of it.
    expect(await until(api, 'acc_1', (t) => t === 'studio')).toBe('studio');
  });

  it('without Redis a change is not announced: others keep their cached limits until the cache lets go', async () => {
    const api = await plans(true);
    const cli = await plans(false);
    expect((await api.limitsFor('acc_2')).tier).toBe('free');
    expect((await cli.setTier('acc_2', 'creator')).announced).toBe(false);
    expect((await api.limitsFor('acc_2')).tier).toBe('free');
    // The process that made the change sees it at once.
    expect((await cli.limitsFor('acc_2')).tier).toBe('creator');
  });
});
