import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config';
import { coreImports } from './core.imports';
import { DeliveryWorkerModule, RenderingWorkerModule } from './modules/rendering';
import { WebhooksWorkerModule } from './modules/webhooks';

/**
 * The worker role: queue processors only, no HTTP. Standalone (`start:worker`) it brings the
 * shared infrastructure itself; inside the API process (`start`) it reuses the API's.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig, options: { standalone: boolean }): DynamicModule {
    return {
      module: WorkerModule,
      imports: [...(options.standalone ? coreImports(config) : []), RenderingWorkerModule, DeliveryWorkerModule, WebhooksWorkerModule],
    };
  }
}
