import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RenderJob } from '../entities/render-job.entity';
import { ExpirySweeperService } from './expiry-sweeper.service';

/** Worker side: deletes files of expired jobs every minute. */
@Module({
  imports: [TypeOrmModule.forFeature([RenderJob])],
  providers: [ExpirySweeperService],
  exports: [ExpirySweeperService],
})
export class DeliveryWorkerModule {}
