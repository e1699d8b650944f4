/**
 * Health check of a worker container (compose `healthcheck`, `node dist/src/worker-health.js`): exits 0 while a worker
 * of this host beat in Redis within the last seconds (WorkerPresence), 1 otherwise. A worker serves no HTTP, and
 * its beat says what matters: the process runs, reaches Redis, and takes part in the queue.
 */
import { hostname } from 'node:os';
import Redis from 'ioredis';
import { loadConfiguration } from './config';
import { RedisKeys } from './infrastructure/redis/redis.module';
import { ALIVE_WITHIN_MS, presenceMemberPrefix, WORKER_PRESENCE_KEY } from './modules/rendering';

async function main(): Promise<boolean> {
  const config = loadConfiguration();
  if (!config.redis.url) return false; // the embedded Redis belongs to the worker process itself: nothing to ask
  const redis = new Redis(config.redis.url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    const key = new RedisKeys(config).key(WORKER_PRESENCE_KEY);
    // Redis's clock, as the beats' (WorkerPresence): this host's own may be off.
    const [seconds, micros] = await redis.time();
    const beats = await redis.zrangebyscore(key, Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - ALIVE_WITHIN_MS, '+inf');
    return beats.some((member) => member.startsWith(presenceMemberPrefix(hostname())));
  } finally {
    redis.disconnect();
  }
}

main().then(
  (alive) => process.exit(alive ? 0 : 1),
  () => process.exit(1),
);
