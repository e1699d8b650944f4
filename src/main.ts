import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createHttpApp } from './app.factory';
import { exitGracefullyOnSignals, prepareRuntime } from './bootstrap';

/** Boots the API (and, in the default `all` role, the worker in the same process). */
async function main(): Promise<void> {
  const runtime = await prepareRuntime();
  const { config } = runtime;
  const app = await createHttpApp(config);
  exitGracefullyOnSignals(app, runtime);
  await app.listen(config.http.port);
  const logger = new Logger('mapr');
  logger.log(
    `mapr ${config.role === 'all' ? 'API + worker' : 'API'} listening on ${config.http.publicUrl} (docs: ${config.http.publicUrl}/docs)`,
  );
  logger.log(`Database: ${config.database.kind}${config.database.kind === 'sqlite' ? ` (${config.database.path})` : ''}`);
}

main().catch((err) => {
  // Configuration errors are for people: print the list, not a stack.
  console.error(err instanceof Error && err.name === 'ConfigurationError' ? err.message : err);
  process.exit(1);
});
