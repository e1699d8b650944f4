import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { DELIVERY_STATUSES, WEBHOOK_EVENTS } from '../entities/webhook-delivery.entity';

export class SigningSecretDto {
  @ApiProperty({
    example: 'whsec_Yj4wsAn+7/c5jGmAJlvY4ExT42tJ5PJFfaqjxcyirAI=',
    description:
      'Keys the HMAC-SHA256 of every webhook of live work: the whole string for X-Service-Signature(-V2), the base64-decoded part after whsec_ for webhook-signature (Standard Webhooks). Earlier secrets are base64url.',
  })
  secret: string;
  @ApiProperty({
    example: 'whsec_3mQ9x7Lk2vN8sR1tZc6WbYpD4fG5hJ0aB1cE2dF3gH4=',
    description:
      'Signs the webhooks of sandbox work (jobs and batches of mapr_test_ keys) the same way; never the webhooks of live work. Rotated with `secret`.',
  })
  sandbox_secret: string;
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z', description: 'When this secret was created (first use or last rotation).' })
  created_at: string;
  @ApiProperty({
    example: '2026-11-23T10:00:00.000Z',
    nullable: true,
    type: String,
    description:
      'Until then the secrets before the last rotation still sign, each for its mode, as a second v1= entry of X-Service-Signature-V2; null when none.',
  })
  previous_secret_expires_at: string | null;
}

export class DeliveryAttemptDto {
  @ApiProperty({ type: 'integer', example: 1 }) attempt: number;
  @ApiProperty({ enum: ['automatic', 'manual'], example: 'automatic', description: 'manual = POST …/redeliver' }) trigger: string;
  @ApiProperty({ enum: ['delivered', 'failed', 'gone'], example: 'failed' }) outcome: string;
  @ApiProperty({ example: 500, nullable: true, type: 'integer', description: 'The receiver’s status, when it answered.' }) status_code:
    number | null;
  @ApiProperty({
    example: 'http_error',
    nullable: true,
    type: String,
    enum: ['timeout', 'connection_refused', 'dns', 'ssrf_blocked', 'redirect', 'http_error', 'tls', 'network'],
  })
  error_kind: string | null;
  @ApiProperty({ example: 'receiver answered 500', nullable: true, type: String }) error_message: string | null;
  @ApiProperty({ type: 'integer', example: 212 }) latency_ms: number;
  @ApiProperty({ example: 'Internal Server Error', nullable: true, type: String, description: 'Start of the response body.' })
  response_excerpt: string | null;
  @ApiProperty({ example: '2026-11-22T10:00:31.000Z' }) at: string;
}

export class DeliveryDto {
  @ApiProperty({ example: 'dlv_3Jd8sK2mQ7vX1pL9nR4tY6wZ', description: 'Also the X-Service-Delivery header, the same on every attempt.' })
  id: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'render.complete' }) event: string;
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY', nullable: true, type: String }) job_id: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) batch_id: string | null;
  @ApiProperty({ example: false, description: 'True for the delivery of sandbox work (a `mapr_test_` key’s job or batch).' })
  sandbox: boolean;
  @ApiProperty({ example: 'https://example.com/hooks/mapr' }) url: string;
  @ApiProperty({
    enum: DELIVERY_STATUSES,
    example: 'pending',
    description: 'pending while attempts remain; failed after the fourth retry or a 410.',
  })
  status: string;
  @ApiProperty({ type: 'integer', example: 1 }) attempt_count: number;
  @ApiProperty({ example: '2026-11-22T10:01:01.000Z', nullable: true, type: String, description: 'Next automatic retry (pending only).' })
  next_attempt_at: string | null;
  @ApiProperty({ example: '2026-11-22T10:00:31.000Z' }) created_at: string;
  @ApiProperty({ example: null, nullable: true, type: String }) delivered_at: string | null;
  @ApiProperty({ type: [DeliveryAttemptDto] }) attempts: DeliveryAttemptDto[];
}

export class DeliveryListDto {
  @ApiProperty({ type: [DeliveryDto], description: 'Newest first, at most 100.' }) deliveries: DeliveryDto[];
}

export class ListDeliveriesQueryDto {
  @ApiPropertyOptional({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY' })
  @IsOptional()
  @Matches(/^job_[A-Za-z0-9]{1,40}$/, { message: 'job_id must be a job_… id' })
  job_id?: string;

  @ApiPropertyOptional({ example: 'batch_5Gh1kL8mN2pQ7rS4tV9wX3yZ' })
  @IsOptional()
  @Matches(/^batch_[A-Za-z0-9]{1,40}$/, { message: 'batch_id must be a batch_… id' })
  batch_id?: string;
}
