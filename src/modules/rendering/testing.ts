/**
 * For tests only: what the black-box e2e and fault tests in test/ arrange and observe inside rendering (its tables,
 * the render queue and its entry ids, the sweepers and services they run now rather than on their schedule, the
 * renderer's provider token they swap for a fake, the chunk plan). Production code never imports this file
 * (.dependency-cruiser.cjs: testing-seams-are-for-tests); it imports ./index.ts.
 */
export { BatchCompletion } from './batches/batch-completion.service';
export { RenderBatchJob } from './batches/entities/render-batch-job.entity';
export { RenderBatch } from './batches/entities/render-batch.entity';
export { ExpirySweeperService } from './delivery/expiry-sweeper.service';
export { ChunkLeftoversSweeper } from './worker/chunk-leftovers-sweeper.service';
export { IdempotencyRecord } from './entities/idempotency-record.entity';
export { RenderJob } from './entities/render-job.entity';
export { JobEventsService } from './job-events/job-events.service';
export { CHUNK_FRAMES_SHARE, planChunks } from './jobs/chunk-plan';
export { JobLifecycle } from './jobs/job-lifecycle.service';
export { RenderChunks, type ChunkedJob } from './jobs/render-chunks';
export { entryId, RENDER_QUEUE, RenderQueue, type RenderQueueData } from './jobs/render-queue';
export { PREVIEW_STILL_OPTIONS } from './preview/preview-still.service';
export { StylePreviewsService } from './style-previews/style-previews.service';
export { RenderTemplate } from './templates/render-template.entity';
export { RenderQueueSweeper } from './worker/render-queue-sweeper.service';
export { JobEndSweeper } from './worker/job-end-sweeper.service';
export { RENDERER } from './worker/renderer.provider';
