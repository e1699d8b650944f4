import { ConsoleLogger, Logger } from '@nestjs/common';
import { loadConfiguration, AppConfig, secureDataFolder } from './config';
import { EmbeddedRedis } from './infrastructure/redis/embedded-redis';

export interface Runtime {
  config: AppConfig;
  /** Stops the private redis-server, if this process started one. */
  stopEmbeddedServices(): void;
}

/**
 * Loads and validates the configuration, keeps the data folder to the service's user, and starts the private Redis
 * when REDIS_URL is unset (the embedded default). Every long-running entry point (API, worker) begins here.
 */
export async function prepareRuntime(overrides: Partial<AppConfig> = {}): Promise<Runtime> {
  // Before anything is written: the generated JWT secret's folder is made private too.
  process.umask(0o077);
  const config = { ...loadConfiguration(), ...overrides };
  // Until the app's pino logger takes over, lines (the embedded Redis starting) follow LOG_FORMAT too.
  Logger.overrideLogger(new ConsoleLogger({ json: config.logFormat === 'json', colors: config.logFormat === 'pretty' }));
  const notOurs = secureDataFolder(config);
  if (notOurs.length > 0)
    new Logger('DataFolder').warn(
      `Could not make ${notOurs.join(', ')} private to this user (another user owns it): check who else can read the data folder`,
    );
  logUnhandledRejections();
  let embedded: EmbeddedRedis | undefined;
  if (!config.redis.url) {
    embedded = new EmbeddedRedis(config.redis.embeddedDir);
    config.redis = { ...config.redis, url: await embedded.start() };
  }
  return { config, stopEmbeddedServices: () => embedded?.stopSync() };
}

/**
 * A promise that rejects with nobody listening is logged, and the process goes on. Node's default ends the process,
 * and with it every other request, still and render: a library's un-awaited clean-up (Remotion's cancelled still
 * closes its tab that way) is no reason to take them all down. Thrown exceptions still end the process: after one,
 * its state is unknown.
 */
export function logUnhandledRejections(): void {
  if (process.listenerCount('unhandledRejection') > 0) return;
  const logger = new Logger('Process');
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'Unhandled promise rejection (logged; the process goes on)');
  });
}

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 25_000;

/**
 * Graceful shutdown on SIGTERM/SIGINT: close the app (queues stop taking jobs, running renders
 * are left for another worker, connections close), then stop the embedded Redis, then exit.
 * Handled here rather than by Nest's shutdown hooks because the renderer's browser installs its
 * own signal listeners, and because the embedded Redis must stop after everything that uses it.
 */
export function exitGracefullyOnSignals(app: { close(): Promise<void> }, runtime: Runtime): void {
  const logger = new Logger('Shutdown');
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: shutting down`);
    setTimeout(() => {
      logger.error('Graceful shutdown timed out; exiting');
      runtime.stopEmbeddedServices();
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app
      .close()
      .catch((err) => logger.error({ err }, 'Error while closing'))
      .finally(() => {
        runtime.stopEmbeddedServices();
        process.exit(0);
      });
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}
