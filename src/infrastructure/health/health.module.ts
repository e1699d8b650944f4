import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RenderQueueModule } from '../../modules/rendering/jobs/render-queue';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), RenderQueueModule],
  controllers: [HealthController],
})
export class HealthModule {}
