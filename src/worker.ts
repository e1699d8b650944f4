import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger as PinoLogger } from 'nestjs-pino';
import { exitGracefullyOnSignals, prepareRuntime } from './bootstrap';
import { WorkerModule } from './worker.module';

/** Boots only the worker role: queue processors, no HTTP. */
async function main(): Promise<void> {
  const runtime = await prepareRuntime({ role: 'worker' });
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(runtime.config, { standalone: true }), { bufferLogs: true });
  app.useLogger(app.get(PinoLogger));
  exitGracefullyOnSignals(app, runtime);
  new Logger('mapr').log('mapr worker started');
}

main().catch((err) => {
  console.error(err instanceof Error && err.name === 'ConfigurationError' ? err.message : err);
  process.exit(1);
});
