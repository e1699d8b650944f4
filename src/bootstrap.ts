import { loadConfiguration, AppConfig } from './config';
import { EmbeddedRedis } from './infrastructure/redis/embedded-redis';

/**
 * Loads and validates the configuration, and starts the private Redis when REDIS_URL is unset
 * (the embedded default). Every entry point (API, worker, CLI) begins here.
 */
export async function prepareRuntime(overrides: Partial<AppConfig> = {}): Promise<AppConfig> {
  const config = { ...loadConfiguration(), ...overrides };
  if (!config.redis.url) {
    const embedded = new EmbeddedRedis(config.redis.embeddedDir);
    config.redis = { ...config.redis, url: await embedded.start() };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      // Let Nest's shutdown hooks run first; the redis child stops when this process exits.
      process.once(signal, () => setTimeout(() => embedded.stopSync(), 5000).unref());
    }
  }
  return config;
}
