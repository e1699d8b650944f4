import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { MapAnimationProps } from '../../contract';
import { TIER_IDS, type TierId } from '../../billing';
import { ResolvedPlaceDto } from './place.dto';
import { RouteGeoJsonDto } from './render-responses.dto';

export class PreviewCompositionDto {
  @ApiProperty({ example: 'MapAnimation', description: 'The Remotion composition of `remotion/` that renders `props`.' })
  id: string;

  @ApiProperty({ example: 1280, type: 'integer' }) width: number;
  @ApiProperty({ example: 720, type: 'integer' }) height: number;
  @ApiProperty({ example: 30, type: 'integer' }) fps: number;
  @ApiProperty({ example: 360, type: 'integer', description: 'Frames of the video: duration × fps.' }) duration_in_frames: number;
}

/** The codes a render answers for what a plan, a verified e-mail or the next period lifts. */
export const RENDER_REFUSAL_CODES = [
  'VALIDATION_ERROR',
  'EMAIL_NOT_VERIFIED',
  'FEATURE_NOT_AVAILABLE',
  'RENDER_LIMIT_EXCEEDED',
  'SANDBOX_LIMIT_EXCEEDED',
] as const;

/** One refusal POST /v1/render would answer for the previewed body (contract §15). */
export class RenderRefusalDto {
  @ApiProperty({
    enum: RENDER_REFUSAL_CODES,
    example: 'VALIDATION_ERROR',
    description:
      'The `error_code` POST /v1/render answers: VALIDATION_ERROR (a duration over the plan’s maximum, issue code ' +
      'DURATION_EXCEEDS_TIER_LIMIT), EMAIL_NOT_VERIFIED, FEATURE_NOT_AVAILABLE (a resolution not in the plan), ' +
      'RENDER_LIMIT_EXCEEDED (the month’s renders used), SANDBOX_LIMIT_EXCEEDED (a test key’s renders of the day used).',
  })
  error_code: (typeof RENDER_REFUSAL_CODES)[number];

  @ApiProperty({
    example: 'duration 45 s exceeds the free tier maximum of 10 s',
    description: 'The sentence the render answers (for VALIDATION_ERROR, its issue’s).',
  })
  message: string;

  @ApiPropertyOptional({ example: 'duration', description: 'The body field it is about, when it is about one: `duration`, `resolution`.' })
  field?: string;

  @ApiPropertyOptional({ example: 'DURATION_EXCEEDS_TIER_LIMIT', description: 'VALIDATION_ERROR only: the issue’s code.' })
  issue_code?: string;

  @ApiProperty({
    enum: TIER_IDS,
    nullable: true,
    example: 'studio',
    description:
      'The smallest plan that lifts it (free, creator, studio); null when no plan does (verify the e-mail, wait for the next period).',
  })
  lifted_by: TierId | null;
}

/** Body of POST /v1/render/preview: what the worker would render, before anything is spent. */
export class RenderPreviewDto {
  @ApiProperty({ type: PreviewCompositionDto })
  composition: PreviewCompositionDto;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The composition’s input props, exactly as a job of this body renders them (routed geometry included). Render them with ' +
      'the composition in a browser (Remotion Player) to see the frames the video will have. Their shape follows the composition ' +
      'and may gain fields.',
    example: { mode: 'route_animation', width: 1280, height: 720, fps: 30, durationInFrames: 360, style: 'standard' },
  })
  props: MapAnimationProps;

  @ApiProperty({
    type: RouteGeoJsonDto,
    description: 'The routed legs (or routes) as GeoJSON, as `GET /v1/render/{job_id}/route` returns them.',
  })
  route: RouteGeoJsonDto;

  @ApiProperty({
    example: false,
    description:
      'Whether POST /v1/render of this body would pass the plan’s checks now: duration, resolution, verified e-mail and ' +
      'the month’s quota (a test key: its renders of the day). Jobs already queued or rendering may still make it wait ' +
      '(CONCURRENT_JOB_LIMIT, QUEUED_JOB_LIMIT), and a webhook_url is checked by the render alone (its host resolved).',
  })
  render_allowed: boolean;

  @ApiProperty({
    type: [RenderRefusalDto],
    description: 'What POST /v1/render would refuse, in the order it checks; empty when `render_allowed`.',
    example: [
      {
        error_code: 'VALIDATION_ERROR',
        message: 'duration 45 s exceeds the free tier maximum of 10 s',
        field: 'duration',
        issue_code: 'DURATION_EXCEEDS_TIER_LIMIT',
        lifted_by: 'studio',
      },
      { error_code: 'FEATURE_NOT_AVAILABLE', message: '4k is not available on the free tier.', field: 'resolution', lifted_by: 'creator' },
    ],
  })
  render_refusals: RenderRefusalDto[];

  @ApiProperty({
    type: [ResolvedPlaceDto],
    description:
      'Every `place` the service resolved by name (those sent without lat and lng), in the order the body names them: which place ' +
      'it took, so that a person can check it ("Atlantis → Atlantis, Western Cape, South Africa") and, if it is not the one meant, ' +
      'pick another from `GET /v1/places` and send its coordinates. A name shared by several places resolves to the most populous ' +
      '("Lisbon" is Lisbon, Portugal; "Lisbon, US" the largest Lisbon in the United States). Empty when every point had coordinates.',
    example: [
      {
        field: 'waypoints[1].place',
        waypoint_index: 1,
        query: 'Atlantis',
        name: 'Atlantis',
        admin1: 'Western Cape',
        country: 'ZA',
        country_name: 'South Africa',
        display_name: 'Atlantis, Western Cape, South Africa',
        lat: -33.56668,
        lng: 18.48335,
      },
    ],
  })
  resolved_places: ResolvedPlaceDto[];
}

/** `?frame=` of POST /v1/render/preview/still. */
export class PreviewStillQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    example: 90,
    description:
      'The frame to draw, from 0 to duration_in_frames − 1 (duration × fps); a frame past the end is refused with issue code too_big. ' +
      'Unset: the last frame, which is the job’s thumbnail.',
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  frame?: number;
}
