import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { WEBHOOK_EVENTS } from '../entities/webhook-delivery.entity';

/** The longest a `GET /v1/events` waits for an event, in seconds (contract §17). */
export const EVENTS_MAX_WAIT_SECONDS = 25;
export const EVENTS_DEFAULT_LIMIT = 20;
export const EVENTS_MAX_LIMIT = 100;

export class ListEventsQueryDto {
  @ApiPropertyOptional({
    example: 'evt_4fT9kQ2mX7vL1pN8sR3tY6wZ',
    description:
      'The last event id you have (a previous answer’s `next_after`): answers with the events recorded after it, waiting up to ' +
      '`timeout` seconds for one when there is none yet. Without it: the latest `limit` events at once, to take the cursor from.',
  })
  @IsOptional()
  @Matches(/^evt_[A-Za-z0-9]{1,40}$/, { message: 'after must be an evt_… id' })
  after?: string;

  @ApiPropertyOptional({ example: 20, minimum: 1, maximum: EVENTS_MAX_LIMIT, default: EVENTS_DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(EVENTS_MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({
    example: 25,
    minimum: 0,
    maximum: EVENTS_MAX_WAIT_SECONDS,
    default: EVENTS_MAX_WAIT_SECONDS,
    description: 'With `after`: how long to wait for an event, in seconds; 0 answers at once.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(EVENTS_MAX_WAIT_SECONDS)
  timeout?: number;
}

export class EventHeadersDto {
  @ApiProperty({ name: 'X-Service-Event', example: 'render.complete' })
  'X-Service-Event': string;
  @ApiProperty({
    name: 'X-Service-Delivery',
    example: 'dlv_3Jd8sK2mQ7vX1pL9nR4tY6wZ',
    description: 'The delivery id when the event was sent by webhook, else the event id.',
  })
  'X-Service-Delivery': string;
  @ApiProperty({ name: 'X-Service-Timestamp', example: '1795860031' })
  'X-Service-Timestamp': string;
  @ApiProperty({ name: 'X-Service-Signature', example: 'sha256=6f1c0a6f5d3b3e7e2c9d8b4a1f0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e' })
  'X-Service-Signature': string;
  @ApiProperty({
    name: 'X-Service-Signature-V2',
    example: 't=1795860031,v1=0c4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f',
  })
  'X-Service-Signature-V2': string;
}

export class EventDto {
  @ApiProperty({ example: 'evt_4fT9kQ2mX7vL1pN8sR3tY6wZ' }) id: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, example: 'render.complete' }) event: string;
  @ApiProperty({ example: '2026-11-22T10:00:31.000Z' }) created_at: string;
  @ApiProperty({
    example: 'dlv_3Jd8sK2mQ7vX1pL9nR4tY6wZ',
    nullable: true,
    type: String,
    description: 'The webhook delivery that sent it; null when the job or batch had no webhook_url.',
  })
  delivery_id: string | null;
  @ApiProperty({ example: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY', nullable: true, type: String }) job_id: string | null;
  @ApiProperty({ example: null, nullable: true, type: String }) batch_id: string | null;
  @ApiProperty({ example: false, description: 'True for an event of sandbox work (a `mapr_test_` key’s job or batch).' })
  sandbox: boolean;
  @ApiProperty({
    enum: ['listen_secret', 'webhook_secret'],
    example: 'listen_secret',
    description:
      'Which secret signed `headers`, of the event’s mode (`sandbox`): the listen secret (`GET /v1/events/listen-secret`) when an API ' +
      'key reads, the webhook signing secret (`secret`, or `sandbox_secret` for sandbox work, of `GET /v1/webhooks/secret`) only when ' +
      'a dashboard session reads.',
  })
  signed_with: 'listen_secret' | 'webhook_secret';
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The webhook payload (`body`, parsed).',
    example: {
      event: 'render.complete',
      job_id: 'job_7Hk2LmQ9xP4vN8sR1tZc6WbY',
      status: 'complete',
      video_url: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY.mp4',
      thumbnail_url: 'https://cdn.mapr.example/renders/job_7Hk2LmQ9xP4vN8sR1tZc6WbY_thumb.jpg',
      duration_seconds: 12,
      resolution: '1280x720',
      file_size_bytes: 2483117,
      expires_at: '2026-11-29T10:00:31.000Z',
      created_at: '2026-11-22T10:00:00.000Z',
      completed_at: '2026-11-22T10:00:31.000Z',
      sandbox: false,
    },
  })
  payload: object;
  @ApiProperty({
    example: '{"event":"render.complete","job_id":"job_7Hk2LmQ9xP4vN8sR1tZc6WbY","status":"complete","sandbox":false}',
    description: 'The exact request body a webhook of this event carries (and carried): forward these bytes unchanged.',
  })
  body: string;
  @ApiProperty({
    type: EventHeadersDto,
    description:
      'The headers a webhook of this event would carry if sent now, signed at read time with the secret `signed_with` names. POST ' +
      '`body` with them and `Content-Type: application/json` to your own receiver, verifying with that secret (the listen ' +
      'secret, for events read with an API key); the timestamp is the time of this answer, so forward within 5 minutes.',
  })
  headers: EventHeadersDto;
}

export class ListenSecretDto {
  @ApiProperty({
    example: 'whsec_Q2xvdWRzIG92ZXIgdGhlIEF0bGFudGljIGF0IGRhd24uLi4=',
    description:
      'Signs the events an API key of this mode reads from `GET /v1/events` (what `mapr webhooks listen` forwards). Not the ' +
      'webhook signing secret: real deliveries never carry its signature, so a receiver that trusts it accepts forwarded events ' +
      'only. Test and live keys have one each.',
  })
  secret: string;
  @ApiProperty({ example: false, description: 'True for the sandbox listen secret (read with a `mapr_test_` key).' })
  sandbox: boolean;
}

export class EventListDto {
  @ApiProperty({ type: [EventDto], description: 'Oldest first.' }) data: EventDto[];
  @ApiProperty({
    example: 'evt_4fT9kQ2mX7vL1pN8sR3tY6wZ',
    nullable: true,
    type: String,
    description: 'Pass as `after` next time: the last event returned, else the `after` you sent; null when the account has no event.',
  })
  next_after: string | null;
}
