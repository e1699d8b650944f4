import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '../../../config';
import { RENDER_QUEUE, renderQueueSettings } from '../../../infrastructure/queue/queue.module';
import { RenderJob } from '../entities/render-job.entity';
import { RenderingModule } from '../rendering.module';
import { RenderProcessor } from './render.processor';
import { rendererProvider } from './renderer.provider';

/** The worker side of rendering: the Bull processor and its renderer. The API process never renders. */
@Module({
  imports: [
    TypeOrmModule.forFeature([RenderJob]),
    BullModule.registerQueueAsync({
      name: RENDER_QUEUE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({ settings: renderQueueSettings(config.rendering.lockSeconds) }),
    }),
    RenderingModule,
  ],
  providers: [RenderProcessor, rendererProvider],
})
export class RenderingWorkerModule {}
