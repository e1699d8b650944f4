import { iso } from '../../../common/util/time';
import { cameraNotes, routePassages } from '../../contract';
import type { JobRecordDto } from '../dto/render-responses.dto';
import type { RenderJob } from '../entities/render-job.entity';

export interface JobUrls {
  publicUrl: string;
  cdnUrl: string;
}

export function statusUrl(urls: JobUrls, jobId: string): string {
  return `${urls.publicUrl}/v1/render/${jobId}`;
}

/** The job record's fields of a finished job. */
type CompletedFields = Required<
  Pick<JobRecordDto, 'video_url' | 'thumbnail_url' | 'duration_seconds' | 'resolution' | 'file_size_bytes' | 'expires_at'>
>;

/** Fields of a finished job, exactly as the render.complete webhook and the job record share them. */
export function completedFields(job: RenderJob, urls: JobUrls): CompletedFields {
  return {
    video_url: `${urls.cdnUrl}/${job.videoKey}`,
    thumbnail_url: `${urls.cdnUrl}/${job.thumbnailKey}`,
    duration_seconds: job.durationSeconds!,
    resolution: job.resolution!,
    file_size_bytes: job.fileSizeBytes!,
    expires_at: iso(job.expiresAt!),
  } satisfies CompletedFields;
}

/**
 * The full job record of the API: the webhook fields for its state, plus progress, the
 * normalised request, batch, sandbox flag, lifecycle timestamps and status_url.
 */
export function presentJob(job: RenderJob, urls: JobUrls): JobRecordDto {
  return {
    job_id: job.id,
    status: job.status,
    progress: job.status === 'complete' ? 1 : Math.round(job.progress * 1000) / 1000,
    created_at: iso(job.createdAt),
    started_at: iso(job.startedAt),
    ...(job.status === 'complete' ? { ...completedFields(job, urls), completed_at: iso(job.completedAt!) } : {}),
    ...(job.status === 'failed' ? { error: job.errorCode!, message: job.errorMessage!, failed_at: iso(job.failedAt!) } : {}),
    cancelled_at: iso(job.cancelledAt),
    estimated_duration_seconds: job.estimatedDurationSeconds,
    batch_id: job.batchId,
    sandbox: job.sandbox,
    request: job.request,
    camera_notes: job.route ? cameraNotes(job.request.camera.preset, routePassages(job.request, job.route), job.route) : [],
    status_url: statusUrl(urls, job.id),
  } satisfies JobRecordDto;
}
