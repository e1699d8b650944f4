import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BillingModule } from '../../billing';
import { WebhooksModule } from '../../webhooks';
import { BatchCompletion } from '../batches/batch-completion.service';
import { BatchScheduler } from '../batches/batch-scheduler.service';
import { RenderBatchJob } from '../batches/entities/render-batch-job.entity';
import { RenderBatch } from '../batches/entities/render-batch.entity';
import { RenderJob } from '../entities/render-job.entity';
import { JobEventsService } from './job-events.service';
import { JobLifecycle } from '../jobs/job-lifecycle.service';
import { JobStatusSignal } from '../jobs/job-status-signal';
import { RenderChunks } from '../jobs/render-chunks';
import { RenderQueueModule } from '../jobs/render-queue';

/**
 * Render jobs after they were accepted, shared by the API (intake, cancel) and the worker: the
 * lifecycle (every state change), the render queue, and what follows a job's end (usage, batch
 * scheduling and completion, webhooks), and the shared state of jobs split into chunks. Depends on billing and webhooks, never on the render API.
 * It lives in job-events/, above both jobs/ (lifecycle, queue, chunks) and batches/ (whose scheduler uses the lifecycle and
 * the queue), because what follows a job's end needs both: the folders of rendering/ import each other in one direction only.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RenderJob, RenderBatch, RenderBatchJob]), RenderQueueModule, BillingModule, WebhooksModule],
  providers: [JobLifecycle, JobStatusSignal, JobEventsService, BatchScheduler, BatchCompletion, RenderChunks],
  exports: [JobLifecycle, JobStatusSignal, BatchScheduler, RenderQueueModule, RenderChunks],
})
export class JobsModule {}
