import { ApiProperty } from '@nestjs/swagger';
import { JOB_FAILURE_CODES, type JobFailureCode } from '../errors/rendering.errors';

/**
 * The bodies of the render webhooks (docs/webhooks.md), as the OpenAPI document's `webhooks` describe them: the
 * interface's fields, then `sandbox` (contract §27). The payload builders (`job-events/webhook-payloads.ts`) return these types,
 * so the document and what is sent cannot drift apart.
 */
export class RenderCompleteEvent {
  @ApiProperty({ enum: ['render.complete'], example: 'render.complete' }) event: 'render.complete';
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ enum: ['complete'], example: 'complete' }) status: 'complete';
  @ApiProperty({ example: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY.mp4', description: 'The MP4 (an absolute URL).' })
  video_url: string;
  @ApiProperty({ example: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY_thumb.jpg', description: 'A JPEG still.' })
  thumbnail_url: string;
  @ApiProperty({ type: 'integer', example: 12, description: 'The video’s length in seconds.' }) duration_seconds: number;
  @ApiProperty({ example: '1280x720', description: 'Width x height in pixels.' }) resolution: string;
  @ApiProperty({ type: 'integer', example: 2483117 }) file_size_bytes: number;
  @ApiProperty({ example: '2026-11-29T10:00:31.000Z', description: 'ISO 8601 UTC; the files are deleted after it.' }) expires_at: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'ISO 8601 UTC.' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:00:31.000Z', description: 'ISO 8601 UTC.' }) completed_at: string;
  @ApiProperty({
    example: false,
    description: 'True for sandbox work (a job or batch of a `mapr_test_` key): signed with the sandbox secret.',
  })
  sandbox: boolean;
}

export class RenderFailedEvent {
  @ApiProperty({ enum: ['render.failed'], example: 'render.failed' }) event: 'render.failed';
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ enum: ['failed'], example: 'failed' }) status: 'failed';
  @ApiProperty({ enum: JOB_FAILURE_CODES, example: 'MARITIME_ROUTE_ERROR', description: 'Why the render failed.' }) error: JobFailureCode;
  @ApiProperty({
    example: 'Leg 1 (Ulaanbaatar → Denver): Ulaanbaatar is 1,690 km from navigable water',
    description: 'A sentence for people.',
  })
  message: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'ISO 8601 UTC.' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:00:03.000Z', description: 'ISO 8601 UTC.' }) failed_at: string;
  @ApiProperty({
    example: false,
    description: 'True for sandbox work (a job or batch of a `mapr_test_` key): signed with the sandbox secret.',
  })
  sandbox: boolean;
}
