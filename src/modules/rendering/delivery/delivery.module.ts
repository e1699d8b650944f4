import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RenderJob } from '../entities/render-job.entity';
import { RenderJobs } from '../jobs/render-job.repository';
import { CdnController } from './cdn.controller';
import { StylePreviewFilesController } from './style-preview-files.controller';

/**
 * API side: serves {cdn_url} (job files and style previews) from local storage when
 * `config.http.servesLocalCdn` (404 otherwise).
 */
@Module({
  imports: [TypeOrmModule.forFeature([RenderJob])],
  controllers: [CdnController, StylePreviewFilesController],
  providers: [RenderJobs],
})
export class DeliveryModule {}
