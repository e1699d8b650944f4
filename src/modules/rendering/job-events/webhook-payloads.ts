import { iso } from '../../../common/util/time';
import type { RenderJob } from '../entities/render-job.entity';
import { completedFields, JobUrls } from '../jobs/job-presenter';
import type { RenderCompleteEvent, RenderFailedEvent } from '../dto/webhook-events.dto';

/** The spec's render.complete payload, field for field, and `sandbox`. */
export function renderCompletePayload(job: RenderJob, urls: JobUrls): RenderCompleteEvent {
  return {
    event: 'render.complete' as const,
    job_id: job.id,
    status: 'complete' as const,
    ...completedFields(job, urls),
    created_at: iso(job.createdAt),
    completed_at: iso(job.completedAt!),
    sandbox: job.sandbox,
  } satisfies RenderCompleteEvent;
}

/** The spec's render.failed payload, field for field, and `sandbox`. */
export function renderFailedPayload(job: RenderJob): RenderFailedEvent {
  return {
    event: 'render.failed' as const,
    job_id: job.id,
    status: 'failed' as const,
    error: job.errorCode!,
    message: job.errorMessage!,
    created_at: iso(job.createdAt),
    failed_at: iso(job.failedAt!),
    sandbox: job.sandbox,
  } satisfies RenderFailedEvent;
}
