import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class ValidationIssueDto {
  @ApiProperty({ example: 'waypoints[1].lat', description: 'Path of the offending field.' })
  field: string;

  @ApiProperty({ example: 'too_big', description: 'Stable issue code.' })
  code: string;

  @ApiProperty({ example: 'lat must not be greater than 90' })
  message: string;
}

/** The one error shape of every 4xx/5xx response. */
export class ErrorResponseDto {
  @ApiProperty({ example: 'Rate limit exceeded', description: 'Short title.' })
  error: string;

  @ApiProperty({ example: 'RATE_LIMIT_EXCEEDED', description: 'Stable UPPER_SNAKE code.' })
  error_code: string;

  @ApiProperty({ example: 'Too many requests; retry in 42 seconds.', description: 'A sentence for people.' })
  message: string;

  @ApiProperty({ example: 'req_8Yd2kQ0xV7nM3pL5sT1wZ4bC', description: 'Id of this request, also in the X-Request-Id header.' })
  request_id: string;

  @ApiPropertyOptional({
    type: [ValidationIssueDto],
    maxItems: 50,
    description: 'VALIDATION_ERROR only: every invalid field, up to 50 (then the first 50, and `issues_truncated`).',
  })
  issues?: ValidationIssueDto[];

  @ApiPropertyOptional({
    type: 'boolean',
    example: true,
    description: 'VALIDATION_ERROR only, and only when more than 50 fields were invalid: `issues` lists the first 50.',
  })
  issues_truncated?: boolean;

  @ApiPropertyOptional({
    type: 'integer',
    example: 42,
    description:
      'RATE_LIMIT_EXCEEDED, TOO_MANY_ATTEMPTS and PREVIEW_STILL_LIMIT_EXCEEDED: seconds until a retry can succeed (also the ' +
      'Retry-After header).',
  })
  retry_after_seconds?: number;

  @ApiPropertyOptional({ type: 'integer', example: 5, description: 'RENDER_LIMIT_EXCEEDED only.' })
  renders_used?: number;

  @ApiPropertyOptional({ type: 'integer', example: 5, description: 'RENDER_LIMIT_EXCEEDED only.' })
  renders_limit?: number;

  @ApiPropertyOptional({
    example: '2026-12-01T00:00:00.000Z',
    description: 'RENDER_LIMIT_EXCEEDED only: when the monthly quota resets (ISO 8601 UTC).',
  })
  reset_at?: string;

  @ApiPropertyOptional({ type: 'integer', example: 1, description: 'CONCURRENT_JOB_LIMIT only.' })
  active_jobs?: number;

  @ApiPropertyOptional({ type: 'integer', example: 1, description: 'CONCURRENT_JOB_LIMIT and PREVIEW_STILL_LIMIT_EXCEEDED.' })
  limit?: number;

  @ApiPropertyOptional({ example: 'free', description: 'FEATURE_NOT_AVAILABLE and duration validation errors.' })
  tier?: string;

  @ApiPropertyOptional({ type: 'integer', example: 10, description: 'Validation error for a duration over the tier maximum.' })
  max_duration_seconds?: number;
}
