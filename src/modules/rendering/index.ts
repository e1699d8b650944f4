/**
 * Rendering: the render API (intake, jobs, batches, templates, styles), the job lifecycle and render queue,
 * the worker that routes and renders, and delivery (the local CDN and the expiry sweeper).
 * Import from here only. One sub-folder is public by design: `./renderer` (the renderer port and its adapters). What
 * the browser compositions and the dashboard share with rendering is the render contract, a module of its own
 * (`src/modules/contract`).
 */
export { RenderingModule } from './rendering.module';
export { RenderingWorkerModule } from './worker/rendering-worker.module';
export { DeliveryModule } from './delivery/delivery.module';
export { DeliveryWorkerModule } from './delivery/delivery-worker.module';
/** For tools that prepare a render exactly as the API does (scripts/readme-images.ts). */
export { CreateRenderDto } from './dto/create-render.dto';
export { parseRenderBody } from './request/render-request.parser';
export { CdnErrors, JobFailure, RangeNotSatisfiable, RenderingErrors, TemplateErrors, JOB_FAILURE_CODES } from './errors/rendering.errors';
export type { JobFailureCode, RenderingErrorCode } from './errors/rendering.errors';
/** The webhooks it sends, for the OpenAPI document. */
export { RENDERING_WEBHOOK_EVENTS } from './job-events/webhook-events.openapi';

import { RenderBatchJob } from './batches/entities/render-batch-job.entity';
import { RenderBatch } from './batches/entities/render-batch.entity';
import { IdempotencyRecord } from './entities/idempotency-record.entity';
import { RenderJob } from './entities/render-job.entity';
import { RenderTemplate } from './templates/render-template.entity';
/** The module's tables, for the composition root's TypeORM options (src/entities.ts). */
export const RENDERING_ENTITIES = [RenderJob, IdempotencyRecord, RenderBatch, RenderBatchJob, RenderTemplate];
export type { RenderTimings } from './worker/render-timings';
/** Where workers beat, for a worker container's health check (src/worker-health.ts). */
export { ALIVE_WITHIN_MS, presenceMemberPrefix, WORKER_PRESENCE_KEY } from './worker/worker-presence.service';
