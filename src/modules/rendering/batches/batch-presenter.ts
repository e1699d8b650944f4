import { iso } from '../../../common/util/time';
import type { RenderJob } from '../entities/render-job.entity';
import type { BatchCompleteEvent, BatchDto, BatchJobEntryDto } from './dto/batch-responses.dto';
import { completedFields, JobUrls } from '../jobs/job-presenter';
import type { RenderBatch } from './entities/render-batch.entity';

export function batchStatusUrl(urls: JobUrls, batchId: string): string {
  return `${urls.publicUrl}/v1/batch/${batchId}`;
}

/** A job inside a batch: job_id, status, and video_url (complete) or error and message (failed). */
export function batchJobEntry(job: RenderJob, urls: JobUrls): BatchJobEntryDto {
  return {
    job_id: job.id,
    status: job.status,
    ...(job.status === 'complete' ? { video_url: completedFields(job, urls).video_url } : {}),
    ...(job.status === 'failed' ? { error: job.errorCode!, message: job.errorMessage! } : {}),
  } satisfies BatchJobEntryDto;
}

function counts(jobs: RenderJob[]) {
  const count = (status: RenderJob['status']) => jobs.filter((j) => j.status === status).length;
  return { completed: count('complete'), failed: count('failed'), processing: count('processing'), queued: count('queued') };
}

/** GET /v1/batch/{batch_id}. `jobs` in submission order. */
export function presentBatch(batch: RenderBatch, jobs: RenderJob[], urls: JobUrls): BatchDto {
  const c = counts(jobs);
  return {
    batch_id: batch.id,
    status: c.processing + c.queued === 0 ? ('complete' as const) : ('processing' as const),
    jobs: jobs.map((j) => batchJobEntry(j, urls)),
    ...c,
    total: batch.total,
    created_at: iso(batch.createdAt),
    completed_at: iso(batch.completedAt),
  } satisfies BatchDto;
}

/** The spec's batch.complete payload, field for field, and `sandbox`. */
export function batchCompletePayload(batch: RenderBatch, jobs: RenderJob[], urls: JobUrls): BatchCompleteEvent {
  const c = counts(jobs);
  return {
    event: 'batch.complete' as const,
    batch_id: batch.id,
    jobs: jobs.map((j) => batchJobEntry(j, urls)),
    completed: c.completed,
    failed: c.failed,
    total: batch.total,
    sandbox: batch.sandbox,
  } satisfies BatchCompleteEvent;
}
