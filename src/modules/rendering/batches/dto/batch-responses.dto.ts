import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES } from '../../entities/render-job.entity';
import { JOB_FAILURE_CODES } from '../../errors/rendering.errors';
import { PageQueryDto } from '../../dto/page-query.dto';
import { HeldReadWait } from '../../dto/render-responses.dto';

export class AcceptedBatchJobDto {
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ enum: ['queued'], example: 'queued' }) status: 'queued';
}

export class AcceptedBatchDto {
  @ApiProperty({ example: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' }) batch_id: string;
  @ApiProperty({ type: [AcceptedBatchJobDto], description: 'In the order submitted.' }) jobs: AcceptedBatchJobDto[];
  @ApiProperty({ type: 'integer', example: 2 }) total: number;
  @ApiProperty({ example: 'https://api.mapr.example/v1/batch/batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' }) status_url: string;
}

export class BatchJobEntryDto {
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ enum: JOB_STATUSES, example: 'complete' }) status: string;
  @ApiPropertyOptional({ example: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY.mp4', description: 'complete only' })
  video_url?: string;
  @ApiPropertyOptional({ enum: JOB_FAILURE_CODES, example: 'MARITIME_ROUTE_ERROR', description: 'failed only' }) error?: string;
  @ApiPropertyOptional({
    example: 'Leg 1 (Ulaanbaatar → Denver): Ulaanbaatar is 1,690 km from navigable water',
    description: 'failed only',
  })
  message?: string;
}

/** Jobs of a batch as its responses and its webhook show them: one complete, one failed. */
const BATCH_JOBS_EXAMPLE = [
  {
    job_id: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY',
    status: 'complete',
    video_url: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY.mp4',
  },
  {
    job_id: 'job_2Qw8ErT5yU1iO4pA7sD3fG6h',
    status: 'failed',
    error: 'MARITIME_ROUTE_ERROR',
    message: 'Leg 1 (Ulaanbaatar → Denver): Ulaanbaatar is 1,690 km from navigable water',
  },
] satisfies BatchJobEntryDto[];

export class BatchDto {
  @ApiProperty({ example: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' }) batch_id: string;
  @ApiProperty({
    enum: ['processing', 'complete'],
    example: 'complete',
    description: 'complete once every job has ended (complete, failed or cancelled).',
  })
  status: 'processing' | 'complete';
  @ApiProperty({ type: [BatchJobEntryDto], description: 'In the order submitted.', example: BATCH_JOBS_EXAMPLE }) jobs: BatchJobEntryDto[];
  @ApiProperty({ type: 'integer', example: 1 }) completed: number;
  @ApiProperty({ type: 'integer', example: 1 }) failed: number;
  @ApiProperty({ type: 'integer', example: 0 }) processing: number;
  @ApiProperty({ type: 'integer', example: 0, description: 'Waiting for a worker, or for a free concurrent slot of the plan.' })
  queued: number;
  @ApiProperty({ type: 'integer', example: 2 }) total: number;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:01:10.000Z', nullable: true, type: String, description: 'When the last job ended; null before.' })
  completed_at: string | null;
}

export class BatchListDto {
  @ApiProperty({ type: [BatchDto], description: 'Newest first; each batch as GET /v1/batch/{batch_id} gives it.' }) data: BatchDto[];
  @ApiProperty({
    example: 'eyJ0IjoxNzY0MDAwMDAwMDAwLCJpZCI6ImJhdGNoXy4uLiJ9',
    nullable: true,
    type: String,
    description: 'Pass as `cursor` for the next page; null on the last page.',
  })
  next_cursor: string | null;
}

/** `?limit=&cursor=`, as for renders. */
export class ListBatchesQueryDto extends PageQueryDto {}

/** `?wait=`: a held read of the batch, as of a job (GET /v1/render/{job_id}). */
export class GetBatchQueryDto {
  @HeldReadWait(
    'Seconds to hold the answer while every job of the batch keeps the status it has when the request arrives: answered ' +
      'as soon as one of them starts or ends, else after `wait` seconds with the batch as it is then. ' +
      'A batch whose jobs have all ended answers at once. A held request counts once against the rate limit. 0 (the ' +
      'default) answers at once.',
  )
  wait?: number;
}

/** The body of the batch.complete webhook (docs/webhooks.md): sent once, when the batch's last job ended. */
export class BatchCompleteEvent {
  @ApiProperty({ enum: ['batch.complete'], example: 'batch.complete' }) event: 'batch.complete';
  @ApiProperty({ example: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' }) batch_id: string;
  @ApiProperty({
    type: [BatchJobEntryDto],
    description: 'Every job in the order submitted: `video_url` when complete, `error` and `message` when failed.',
    example: BATCH_JOBS_EXAMPLE,
  })
  jobs: BatchJobEntryDto[];
  @ApiProperty({ type: 'integer', example: 1 }) completed: number;
  @ApiProperty({ type: 'integer', example: 1 }) failed: number;
  @ApiProperty({ type: 'integer', example: 2, description: 'Jobs in the batch (the cancelled ones are neither completed nor failed).' })
  total: number;
  @ApiProperty({
    example: false,
    description: 'True for sandbox work (a job or batch of a `mapr_test_` key): signed with the sandbox secret.',
  })
  sandbox: boolean;
}
