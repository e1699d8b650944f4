import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { JOB_STATUSES, JobStatus } from '../entities/render-job.entity';
import { JOB_FAILURE_CODES } from '../errors/rendering.errors';
import { PageQueryDto } from './page-query.dto';
import { EXAMPLE_NORMALIZED_REQUEST } from './normalized-request.example';
import { Transport, TRANSPORTS } from '../../routing';

export class AcceptedRenderDto {
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ example: 'queued', enum: ['queued'] }) status: 'queued';
  @ApiProperty({ type: 'integer', example: 32, description: 'Rough render time in seconds once a worker starts it.' })
  estimated_duration_seconds: number;
  @ApiProperty({ example: 'https://api.mapr.example/v1/render/job_7Hk2LmQ9xP4vN8sR1tZc6WbY', description: 'Poll this for the job record.' })
  status_url: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: false, description: 'True for jobs created with a mapr_test_ key.' }) sandbox: boolean;
}

export class JobRecordDto {
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) job_id: string;
  @ApiProperty({ enum: JOB_STATUSES, example: 'complete' }) status: JobStatus;
  @ApiProperty({ example: 1, minimum: 0, maximum: 1, description: 'Fraction done, 0 to 1 (1 when complete).' }) progress: number;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-22T10:00:02.000Z', nullable: true, type: String }) started_at: string | null;
  @ApiPropertyOptional({ example: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY.mp4', description: 'complete only' })
  video_url?: string;
  @ApiPropertyOptional({ example: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY_thumb.jpg', description: 'complete only' })
  thumbnail_url?: string;
  @ApiPropertyOptional({ type: 'integer', example: 12, description: 'complete only: the video’s length in seconds' })
  duration_seconds?: number;
  @ApiPropertyOptional({ example: '1280x720', description: 'complete only' }) resolution?: string;
  @ApiPropertyOptional({ type: 'integer', example: 2483117, description: 'complete only' }) file_size_bytes?: number;
  @ApiPropertyOptional({ example: '2026-11-29T10:00:31.000Z', description: 'complete only; the files are deleted after it' })
  expires_at?: string;
  @ApiPropertyOptional({ example: '2026-11-22T10:00:31.000Z', description: 'complete only' }) completed_at?: string;
  @ApiPropertyOptional({ enum: JOB_FAILURE_CODES, example: 'MARITIME_ROUTE_ERROR', description: 'failed only' }) error?: string;
  @ApiPropertyOptional({
    example: 'Leg 1 (Ulaanbaatar → Denver): Ulaanbaatar is 1,690 km from navigable water',
    description: 'failed only',
  })
  message?: string;
  @ApiPropertyOptional({ example: '2026-11-22T10:00:03.000Z', description: 'failed only' }) failed_at?: string;
  @ApiProperty({ example: null, nullable: true, type: String }) cancelled_at: string | null;
  @ApiProperty({ type: 'integer', example: 32, description: 'Rough render time in seconds once a worker starts it.' })
  estimated_duration_seconds: number;
  @ApiProperty({ example: null, nullable: true, type: String }) batch_id: string | null;
  @ApiProperty({ example: false }) sandbox: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The normalised render parameters (every default filled in, places resolved to coordinates).',
    example: EXAMPLE_NORMALIZED_REQUEST,
  })
  request: object;
  @ApiProperty({
    type: [String],
    example: ['camera.preset chokepoint_tension: the route passes no chokepoint, so the camera played like auto.'],
    description:
      'What the camera did differently from what was asked, once the route is planned (empty until then, and when nothing is to say): ' +
      'a chokepoint story on a route that passes no chokepoint plays like `auto`.',
  })
  camera_notes: string[];
  @ApiProperty({ example: 'https://api.mapr.example/v1/render/job_7Hk2LmQ9xP4vN8sR1tZc6WbY' }) status_url: string;
}

export class JobListDto {
  @ApiProperty({ type: [JobRecordDto], description: 'Newest first.' }) data: JobRecordDto[];
  @ApiProperty({
    example: 'eyJ0IjoxNzY0MDAwMDAwMDAwLCJpZCI6ImpvYl8uLi4ifQ',
    nullable: true,
    type: String,
    description: 'Pass as `cursor` for the next page; null on the last page.',
  })
  next_cursor: string | null;
}

/** Longest a read of a job or a batch may be held for a change (ADR 0034). */
export const HELD_READ_MAX_WAIT_SECONDS = 25;

/**
 * The `wait` query parameter of a held read (ADR 0034), with what it waits for in `description`: a whole number of
 * seconds from 0 (the default: answer at once) to 25.
 */
export function HeldReadWait(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ example: 25, minimum: 0, maximum: HELD_READ_MAX_WAIT_SECONDS, default: 0, description }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(HELD_READ_MAX_WAIT_SECONDS),
  );
}

export class GetRenderQueryDto {
  @HeldReadWait(
    'Seconds to hold the answer while the job’s status stays what it is when the request arrives: answered as soon as it ' +
      'changes (queued → processing, or the job ends), else after `wait` seconds with the job as it is then (its progress). ' +
      'A job that has ended answers at once. A held request counts once against the rate limit, so waiting for a render ' +
      'this way costs about 2–3 requests a minute. 0 (the default) answers at once.',
  )
  wait?: number;
}

export class ListJobsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: JOB_STATUSES, example: 'complete' })
  @IsOptional()
  @IsIn(JOB_STATUSES)
  status?: JobStatus;
}

export class RouteFeaturePropertiesDto {
  @ApiProperty({ type: 'integer', example: 0, description: 'Index of the leg (multi_route: of the route), from 0.' }) leg: number;
  @ApiPropertyOptional({
    type: 'integer',
    example: 3,
    description: 'multi_route only: the index in `multi_route.routes` of the destination this feature reaches from the origin.',
  })
  route?: number;
  @ApiProperty({ example: 'Rotterdam' }) from: string;
  @ApiProperty({ example: 'Singapore' }) to: string;
  @ApiProperty({ enum: TRANSPORTS, example: 'ship' }) transport: Transport;
  @ApiProperty({ example: 'sea', enum: ['great-circle', 'sea', 'road'], description: 'How it was routed.' }) mode:
    'great-circle' | 'sea' | 'road';
  @ApiProperty({ example: 15420.3, description: 'Length of this leg in kilometres.' }) distance_km: number;
}

/** A GeoJSON LineString (RFC 7946 §3.1.4): the path of one leg or route. */
export class LineStringDto {
  @ApiProperty({ enum: ['LineString'], example: 'LineString' }) type: 'LineString';
  @ApiProperty({
    type: 'array',
    items: {
      type: 'array',
      items: { type: 'number' },
      minItems: 2,
      maxItems: 2,
      description: 'A position: [longitude, latitude] in degrees.',
    },
    minItems: 2,
    example: [
      [4.48, 51.92],
      [103.85, 1.29],
    ],
    description: 'Positions [longitude, latitude] in order. Longitudes are continuous across the antimeridian (they may pass ±180).',
  })
  coordinates: [number, number][];
}

export class RouteFeatureDto {
  @ApiProperty({ enum: ['Feature'], example: 'Feature' }) type: 'Feature';
  @ApiProperty({ type: LineStringDto, description: 'The routed path of the leg (multi_route: of the route).' })
  geometry: LineStringDto;
  @ApiProperty({ type: RouteFeaturePropertiesDto }) properties: RouteFeaturePropertiesDto;
}

export class RouteGeoJsonDto {
  @ApiProperty({ enum: ['FeatureCollection'], example: 'FeatureCollection' }) type: 'FeatureCollection';
  @ApiProperty({ example: 15420.3 }) distance_km: number;
  @ApiProperty({ type: [RouteFeatureDto] }) features: RouteFeatureDto[];
}

export class StyleDto {
  @ApiProperty({ example: 'maritime-dark' }) id: string;
  @ApiProperty({ example: 'Maritime dark' }) name: string;
  @ApiProperty({ example: 'Deep navy sea with crisp coastlines, tuned for shipping routes.' }) description: string;
  @ApiProperty({ example: true }) dark: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://cdn.example.com/styles/maritime-dark-3f9c2a61d07b4e85.jpg',
    description:
      'A JPEG still (1280x720) of a sample route in this style, rendered by the service. The URL changes when the picture does, ' +
      'so it may be cached for long. null when the running build has no preview of the style.',
  })
  preview_url: string | null;
}

export class StyleListDto {
  @ApiProperty({ type: [StyleDto] }) styles: StyleDto[];
}
