import type { RenderJob } from '../entities/render-job.entity';
import { renderCompletePayload, renderFailedPayload } from './webhook-payloads';

const base = { id: 'job_abc', createdAt: new Date('2026-11-22T10:00:00.000Z'), sandbox: false } as RenderJob;

describe('webhook payloads', () => {
  it('render.complete has exactly the spec’s fields, and sandbox', () => {
    const job = {
      ...base,
      status: 'complete',
      videoKey: 'renders/job_abc.mp4',
      thumbnailKey: 'renders/job_abc_thumb.jpg',
      durationSeconds: 12,
      resolution: '1280x720',
      fileSizeBytes: 1234,
      expiresAt: new Date('2026-11-29T10:00:30.000Z'),
      completedAt: new Date('2026-11-22T10:00:30.000Z'),
    } as RenderJob;
    expect(renderCompletePayload(job, { publicUrl: 'https://api.x', cdnUrl: 'https://cdn.x' })).toEqual({
      event: 'render.complete',
      job_id: 'job_abc',
      status: 'complete',
      video_url: 'https://cdn.x/renders/job_abc.mp4',
      thumbnail_url: 'https://cdn.x/renders/job_abc_thumb.jpg',
      duration_seconds: 12,
      resolution: '1280x720',
      file_size_bytes: 1234,
      expires_at: '2026-11-29T10:00:30.000Z',
      created_at: '2026-11-22T10:00:00.000Z',
      completed_at: '2026-11-22T10:00:30.000Z',
      sandbox: false,
    });
  });

  it('render.failed has exactly the spec’s fields, and sandbox', () => {
    const job = {
      ...base,
      status: 'failed',
      errorCode: 'MARITIME_ROUTE_ERROR',
      errorMessage: 'Leg 1 …',
      failedAt: new Date('2026-11-22T10:00:02.000Z'),
    } as RenderJob;
    expect(Object.keys(renderFailedPayload(job)).sort()).toEqual([
      'created_at',
      'error',
      'event',
      'failed_at',
      'job_id',
      'message',
      'sandbox',
      'status',
    ]);
    expect(renderFailedPayload({ ...job, sandbox: true } as RenderJob).sandbox).toBe(true);
  });
});
