import { BullModule } from '@nestjs/bull';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { RENDER_QUEUE } from '../queue/queue.module';
import { HealthController } from './health.controller';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), BullModule.registerQueue({ name: RENDER_QUEUE })],
  controllers: [HealthController],
})
export class HealthModule {}
