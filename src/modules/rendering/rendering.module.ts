import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../billing';
import { RoutingModule } from '../routing';
import { WebhooksModule } from '../webhooks';
import { RenderAdmission } from './admission/render-admission';
import { BatchBodyParser } from './batches/batch-body.parser';
import { BatchesController } from './batches/batches.controller';
import { BatchesService } from './batches/batches.service';
import { RenderBatchJob } from './batches/entities/render-batch-job.entity';
import { RenderBatch } from './batches/entities/render-batch.entity';
import { IdempotencyRecord } from './entities/idempotency-record.entity';
import { RenderJob } from './entities/render-job.entity';
import { IdempotencyService } from './intake/idempotency.service';
import { JobsModule } from './job-events/jobs.module';
import { RenderJobs } from './jobs/render-job.repository';
import { RenderController } from './intake/render.controller';
import { RenderIntakeService } from './intake/render-intake.service';
import { HeldReads } from './intake/held-reads';
import { RenderJobsService } from './intake/render-jobs.service';
import { StylePreviewsService } from './style-previews/style-previews.service';
import { StylesController } from './intake/styles.controller';
import { PlacesController } from './intake/places.controller';
import { RenderBodyParser } from './templates/render-body.parser';
import { RenderPreviewService } from './preview/render-preview.service';
import { PreviewStillAllowance } from './preview/preview-still-allowance';
import { PreviewStillService } from './preview/preview-still.service';
import { previewStillOptionsProvider, stillRendererProvider } from './preview/still-renderer.provider';
import { RenderTemplate } from './templates/render-template.entity';
import { TemplatesController } from './templates/templates.controller';
import { TemplatesService } from './templates/templates.service';

/**
 * The render API: intake, preview (and its stills, drawn by this process's own renderer), job reads, cancellation, batches, templates, styles (and publishing their previews at boot).
 * The worker side lives in RenderingWorkerModule.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([RenderJob, IdempotencyRecord, RenderBatch, RenderBatchJob, RenderTemplate]),
    JobsModule,
    BillingModule,
    WebhooksModule,
    RoutingModule,
  ],
  controllers: [RenderController, StylesController, PlacesController, BatchesController, TemplatesController],
  providers: [
    RenderAdmission,
    RenderJobs,
    RenderIntakeService,
    RenderJobsService,
    HeldReads,
    IdempotencyService,
    BatchesService,
    TemplatesService,
    RenderBodyParser,
    BatchBodyParser,
    StylePreviewsService,
    RenderPreviewService,
    PreviewStillService,
    PreviewStillAllowance,
    stillRendererProvider,
    previewStillOptionsProvider,
  ],
  exports: [RenderIntakeService, RenderJobsService],
})
export class RenderingModule {}
