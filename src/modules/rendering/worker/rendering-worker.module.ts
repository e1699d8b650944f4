import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { RENDER_QUEUE, renderQueueSettings } from '../../../infrastructure/queue/queue.module';
import { RoutingModule } from '../../routing';
import { RenderBatchJob } from '../batches/entities/render-batch-job.entity';
import { RenderJob } from '../entities/render-job.entity';
import { RenderingModule } from '../rendering.module';
import { RenderProcessor } from './render.processor';
import { RenderQueueSweeper } from './render-queue-sweeper.service';
import { rendererProvider } from './renderer.provider';

/** The worker side of rendering: the Bull processor, its renderer, and the sweeper for lost queue entries. The API process never renders. */
@Module({
  imports: [
    TypeOrmModule.forFeature([RenderJob, RenderBatchJob]),
    BullModule.registerQueueAsync({
      name: RENDER_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ settings: renderQueueSettings(config.rendering.lockSeconds) }),
    }),
    RenderingModule,
    RoutingModule,
  ],
  providers: [RenderProcessor, RenderQueueSweeper, rendererProvider],
})
export class RenderingWorkerModule {}
