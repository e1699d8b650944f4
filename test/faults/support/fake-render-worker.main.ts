/**
 * A worker process exactly as `src/worker.ts` boots it (its modules, queues, sweeps, webhook delivery, graceful
 * shutdown) but for the renderer, which is the tests' FakeRenderer: it takes FAKE_RENDER_MS_PER_FRAME per frame and
 * writes a tiny real MP4. The faults this suite injects are about the service around the renderer; the one scenario
 * about the renderer itself (a kill mid-frames) uses the real worker.
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Logger as PinoLogger } from 'nestjs-pino';
import { exitGracefullyOnSignals, prepareRuntime } from '../../../src/bootstrap';
import { RENDERER } from '../../../src/modules/rendering/testing';
import { WorkerModule } from '../../../src/worker.module';
import { FakeRenderer } from '../../support/fake-renderer';

async function main(): Promise<void> {
  const runtime = await prepareRuntime({ role: 'worker' });
  const moduleRef = await Test.createTestingModule({ imports: [WorkerModule.forRoot(runtime.config, { standalone: true })] })
    .overrideProvider(RENDERER)
    .useValue(new FakeRenderer({ msPerFrame: Number(process.env.FAKE_RENDER_MS_PER_FRAME ?? 20) }))
    .compile({ snapshot: false });
  moduleRef.useLogger(moduleRef.get(PinoLogger));
  await moduleRef.init();
  exitGracefullyOnSignals(moduleRef, runtime);
  new Logger('mapr').log('mapr worker started');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
