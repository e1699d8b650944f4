import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { AppConfig, ConfigModule, loadConfiguration } from './config';
import { dataSourceOptions } from './database/data-source-options';
import { ENTITIES } from './entities';
import { EmbeddedRedis } from './infrastructure/redis/embedded-redis';
import { RedisModule } from './infrastructure/redis/redis.module';
import { AccountDirectory, AccountDirectoryModule } from './modules/auth';
import { PLAN_CACHE_TTL_MS, PlansModule, PlansService, TIER_IDS, TierId, TierLimits } from './modules/billing';

const USAGE = `mapr operator commands

  npm run cli -- account:set-tier <email> <free|creator|studio|enterprise> [limits]
      limits (custom plans): --renders-per-month N --max-duration N
                             --requests-per-minute N --concurrent-jobs N --resolutions 720p,1080p,4k
                             --preview-stills-per-minute N --sandbox-renders-per-day N --queued-jobs N
  npm run cli -- account:show <email>
  npm run cli -- account:verify-email <email>     mark an address verified (support cases)
`;

const LIMIT_FLAGS: Record<string, keyof TierLimits> = {
  '--renders-per-month': 'renders_per_month',
  '--max-duration': 'max_duration_seconds',
  '--requests-per-minute': 'requests_per_minute',
  '--concurrent-jobs': 'concurrent_jobs',
  '--preview-stills-per-minute': 'preview_stills_per_minute',
  '--sandbox-renders-per-day': 'sandbox_renders_per_day',
  '--queued-jobs': 'queued_jobs',
  '--resolutions': 'resolutions',
};

export function parseLimitFlags(args: string[]): Partial<TierLimits> | null {
  const overrides: Record<string, unknown> = {};
  for (let i = 0; i < args.length; i += 2) {
    const key = LIMIT_FLAGS[args[i]];
    const value = args[i + 1];
    if (!key || value === undefined) throw new Error(`Unknown or incomplete option ${args[i]}\n\n${USAGE}`);
    if (key === 'resolutions') overrides[key] = value.split(',');
    else if (/^\d+$/.test(value)) overrides[key] = Number(value);
    else throw new Error(`${args[i]} takes a whole number`);
  }
  return Object.keys(overrides).length ? (overrides as Partial<TierLimits>) : null;
}

/** Whether a Redis answers at `url` within a second or two (one try: the CLI does not wait for one to come back). */
async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * The service's Redis as the service itself finds it (REDIS_URL, else the private redis-server a service process runs
 * in the data folder), when it answers: a plan change is announced there so that running API processes apply it at
 * once. Undefined when there is none within reach.
 */
async function serviceRedis(config: AppConfig): Promise<string | undefined> {
  const url = config.redis.url ?? (await new EmbeddedRedis(config.redis.embeddedDir).runningUrl());
  return url && (await answers(url)) ? url : undefined;
}

async function main(argv: string[]): Promise<void> {
  const [command, email, ...rest] = argv;
  if (!command || !email || command === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfiguration();
  // Only a plan change has something to announce.
  const redisUrl = command === 'account:set-tier' ? await serviceRedis(config) : undefined;
  const announcing = redisUrl ? [ConfigModule.forRoot({ ...config, redis: { ...config.redis, url: redisUrl } }), RedisModule] : [];
  @Module({
    imports: [TypeOrmModule.forRoot(dataSourceOptions(config.database, ENTITIES)), ...announcing, AccountDirectoryModule, PlansModule],
  })
  class CliModule {}
  const app = await NestFactory.createApplicationContext(CliModule, { logger: ['error'] });
  try {
    const accounts = app.get(AccountDirectory);
    const user = await accounts.findByEmail(email);
    if (!user) throw new Error(`No account with e-mail ${email}`);
    const plans = app.get(PlansService);
    if (command === 'account:set-tier') {
      const [tier, ...flags] = rest;
      if (!TIER_IDS.includes(tier as TierId)) throw new Error(`Tier must be one of ${TIER_IDS.join(', ')}`);
      const { announced, ...result } = await plans.setTier(user.id, tier as TierId, parseLimitFlags(flags));
      console.log(JSON.stringify({ account: user.email, ...result }, null, 2));
      // A note for the person, on stderr: stdout stays the JSON above.
      console.error(
        announced
          ? 'Running API processes apply the change at once (announced on the service’s Redis).'
          : `Running API processes apply the change within ${PLAN_CACHE_TTL_MS / 1000} s (the service’s Redis was not within reach to announce it).`,
      );
    } else if (command === 'account:show') {
      console.log(
        JSON.stringify({ id: user.id, email: user.email, emailVerified: user.emailVerified, ...(await plans.limitsFor(user.id)) }, null, 2),
      );
    } else if (command === 'account:verify-email') {
      await accounts.markEmailVerified(user.id);
      console.log(`${user.email} is verified`);
    } else {
      throw new Error(`Unknown command ${command}\n\n${USAGE}`);
    }
  } finally {
    await app.close();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
