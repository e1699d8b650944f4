import { EXAMPLE_NORMALIZED_REQUEST } from './normalized-request.example';
import type { JobRecordDto } from './render-responses.dto';

/**
 * Job records as the API shows them in the OpenAPI document, one per state. Typed with the response DTO (and the
 * stored request with its normalised type), so an example cannot show a field the API does not send.
 */
const JOB_ID = 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY';

const BASE = {
  job_id: JOB_ID,
  created_at: '2026-11-22T10:00:00.000Z',
  estimated_duration_seconds: 32,
  batch_id: null,
  sandbox: false,
  request: EXAMPLE_NORMALIZED_REQUEST,
  camera_notes: [],
  status_url: `https://api.mapr.example/v1/render/${JOB_ID}`,
  cancelled_at: null,
} satisfies Partial<JobRecordDto>;

export const JOB_RECORD_EXAMPLES = {
  complete: {
    summary: 'Complete: the video and its thumbnail',
    value: {
      ...BASE,
      status: 'complete',
      progress: 1,
      started_at: '2026-11-22T10:00:02.000Z',
      video_url: `https://cdn.mapr.example/renders/${JOB_ID}.mp4`,
      thumbnail_url: `https://cdn.mapr.example/renders/${JOB_ID}_thumb.jpg`,
      duration_seconds: 10,
      resolution: '1280x720',
      file_size_bytes: 2483117,
      expires_at: '2026-11-29T10:00:31.000Z',
      completed_at: '2026-11-22T10:00:31.000Z',
    } satisfies JobRecordDto,
  },
  processing: {
    summary: 'Processing: progress from 0 to 1',
    value: { ...BASE, status: 'processing', progress: 0.42, started_at: '2026-11-22T10:00:02.000Z' } satisfies JobRecordDto,
  },
  failed: {
    summary: 'Failed: the failure code and a sentence',
    value: {
      ...BASE,
      status: 'failed',
      progress: 0,
      started_at: '2026-11-22T10:00:02.000Z',
      error: 'MARITIME_ROUTE_ERROR',
      message: 'Leg 1 (Ulaanbaatar → Denver): Ulaanbaatar is 1,690 km from navigable water',
      failed_at: '2026-11-22T10:00:03.000Z',
    } satisfies JobRecordDto,
  },
  cancelled: {
    summary: 'Cancelled while queued',
    value: { ...BASE, status: 'cancelled', progress: 0, started_at: null, cancelled_at: '2026-11-22T10:00:05.000Z' } satisfies JobRecordDto,
  },
};
