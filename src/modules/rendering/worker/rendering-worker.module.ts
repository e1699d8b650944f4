import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RENDER_QUEUE, RENDER_QUEUE_SETTINGS } from '../../../infrastructure/queue/queue.module';
import { RenderJob } from '../entities/render-job.entity';
import { RenderingModule } from '../rendering.module';
import { RenderProcessor } from './render.processor';
import { rendererProvider } from './renderer.provider';

/** The worker side of rendering: the Bull processor and its renderer. The API process never renders. */
@Module({
  imports: [TypeOrmModule.forFeature([RenderJob]), BullModule.registerQueue({ name: RENDER_QUEUE, ...RENDER_QUEUE_SETTINGS }), RenderingModule],
  providers: [RenderProcessor, rendererProvider],
})
export class RenderingWorkerModule {}
