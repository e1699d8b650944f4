import { ApiProperty } from '@nestjs/swagger';
import { TIER_IDS, TIER_RESOLUTIONS, TierId, TierResolution, TIERS } from '../tiers';

export class UsageDto {
  @ApiProperty({
    type: 'integer',
    example: 2,
    description: 'Renders used in the current billing period (failed and cancelled jobs give theirs back).',
  })
  renders_used: number;
  @ApiProperty({ type: 'integer', example: 5, description: 'Monthly render quota of the plan.' })
  renders_limit: number;
  @ApiProperty({ type: 'integer', example: 3 })
  renders_remaining: number;
  @ApiProperty({ example: '2026-11-01T00:00:00.000Z', description: 'Billing periods are UTC calendar months.' })
  period_start: string;
  @ApiProperty({ example: '2026-12-01T00:00:00.000Z', description: 'First instant of the next period; the quota resets then.' })
  period_end: string;
}

export class LimitsDto {
  @ApiProperty({ type: 'integer', example: 5 }) renders_per_month: number;
  @ApiProperty({ type: 'integer', example: 10 }) max_duration_seconds: number;
  @ApiProperty({ enum: TIER_RESOLUTIONS, isArray: true, example: ['720p'] }) resolutions: TierResolution[];
  @ApiProperty({ type: 'integer', example: 10 }) requests_per_minute: number;
  @ApiProperty({ type: 'integer', example: 1 }) concurrent_jobs: number;
  @ApiProperty({
    type: 'integer',
    example: 4,
    description: 'Preview stills (POST /v1/render/preview/still) per minute; one at a time per account.',
  })
  preview_stills_per_minute: number;
  @ApiProperty({ type: 'integer', example: 25, description: 'Sandbox renders (mapr_test_ keys) accepted per UTC day.' })
  sandbox_renders_per_day: number;
  @ApiProperty({ type: 'integer', example: 50, description: 'Jobs queued or processing at once, batches’ jobs included.' })
  queued_jobs: number;
}

/** A plan an account can be on, with what it allows (contract §15's `lifted_by` names these). */
export class PlanDto {
  @ApiProperty({ enum: TIER_IDS, example: 'creator' }) tier: TierId;
  @ApiProperty({ example: 'Creator' }) name: string;
  @ApiProperty({ type: LimitsDto, example: TIERS.creator.limits })
  limits: LimitsDto;
}

export class AccountDto {
  @ApiProperty({ example: 'usr_3kTq9ZbW1xVn7LpR2sYd8HcM' }) id: string;
  @ApiProperty({ example: 'ana@example.com' }) email: string;
  @ApiProperty({ example: 'Ana Lima' }) name: string;
  @ApiProperty({ example: true }) emailVerified: boolean;
  @ApiProperty({ enum: TIER_IDS, example: 'free' }) tier: TierId;
  @ApiProperty({ type: LimitsDto }) limits: LimitsDto;
  @ApiProperty({
    type: [PlanDto],
    description:
      'The self-serve plans, smallest first, with their limits: what moving to another plan would change. Plans are ' +
      'changed by the service’s operator; Enterprise (custom limits) is not listed.',
  })
  plans: PlanDto[];
  @ApiProperty({ example: '2026-11-22T10:00:00.000Z' }) created_at: string;
}
