import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import type { MapAnimationProps } from '../contract';
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
