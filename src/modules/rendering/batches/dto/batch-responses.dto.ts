import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { JOB_STATUSES } from '../../entities/render-job.entity';
import { JOB_FAILURE_CODES } from '../../rendering.errors';
import { PageQueryDto } from '../../dto/page-query.dto';

export class AcceptedBatchJobDto {
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ enum: ['queued'], example: 'queued' }) status: 'queued';
}

export class AcceptedBatchDto {
  @ApiProperty({ example: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' }) batch_id: string;
  @ApiProperty({ type: [AcceptedBatchJobDto], description: 'In the order submitted.' }) jobs: AcceptedBatchJobDto[];
  @ApiProperty({ example: 2 }) total: number;
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

export class BatchDto {
  @ApiProperty({ example: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' }) batch_id: string;
  @ApiProperty({
    enum: ['processing', 'complete'],
    example: 'processing',
    description: 'complete once every job has ended (complete, failed or cancelled).',
  })
  status: 'processing' | 'complete';
  @ApiProperty({ type: [BatchJobEntryDto] }) jobs: BatchJobEntryDto[];
  @ApiProperty({ example: 1 }) completed: number;
  @ApiProperty({ example: 0 }) failed: number;
  @ApiProperty({ example: 1 }) processing: number;
  @ApiProperty({ example: 0, description: 'Waiting for a worker, or for a free concurrent slot of the plan.' }) queued: number;
  @ApiProperty({ example: 2 }) total: number;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: null, nullable: true, type: String }) completed_at: string | null;
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
