import { iso } from '../../common/util/time';
import type { RenderJob } from './entities/render-job.entity';
import { completedFields, JobUrls } from './job-presenter';

/** The spec's render.complete payload, field for field. */
export function renderCompletePayload(job: RenderJob, urls: JobUrls) {
  return {
    event: 'render.complete' as const,
    job_id: job.id,
    status: 'complete' as const,
    ...completedFields(job, urls),
    created_at: iso(job.createdAt),
    completed_at: iso(job.completedAt!),
  };
}

/** The spec's render.failed payload, field for field. */
export function renderFailedPayload(job: RenderJob) {
  return {
    event: 'render.failed' as const,
    job_id: job.id,
    status: 'failed' as const,
    error: job.errorCode!,
    message: job.errorMessage!,
    created_at: iso(job.createdAt),
    failed_at: iso(job.failedAt!),
  };
}
