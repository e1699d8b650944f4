import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { PlainText } from '../../../common/text/plain-text';
import { ListMaxSize } from '../../../common/http/list-max-size';
import { Transport, TRANSPORTS } from '../../routing';
import { LatitudeField, LongitudeField, PlaceField } from './point-fields';
import {
  CHOROPLETH_PALETTES,
  CHOROPLETH_REVEALS,
  ChoroplethPalette,
  ChoroplethReveal,
  type CountryDataInput,
  LABEL_COLLISION_MODES,
  LabelCollisionMode,
  MAX_MAP_ZOOM,
  MAX_MULTI_ROUTE_DESTINATIONS,
  MIN_MAP_ZOOM,
  type ModeSettingsInputs,
  type MultiRouteDestinationInput,
  type MultiRouteInput,
  type PointInput,
  REGION_FOCUS_STARTS,
  type RegionFocusInput,
  RegionFocusStart,
  DEFAULT_RENDER_MODE,
  RENDER_MODES,
  RenderMode,
} from '../../contract';

/**
 * The render modes of contract §13: the `mode` field, each mode's settings object, and the rules
 * that tie fields to modes. `CreateRenderDto` extends `RenderModeFieldsDto`, so the rules run
 * wherever a render body is validated (a render, each job of a batch).
 */

const finite = { allowNaN: false, allowInfinity: false } as const;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Validates a mode's settings object when it is sent, or when the request's mode is that mode (it is then required). */
function sentOrModeIs(mode: Exclude<RenderMode, typeof DEFAULT_RENDER_MODE>): (o: RenderModeFieldsDto) => boolean {
  return (o) => o.mode === mode || o[mode] !== undefined;
}

/** The request's mode: `route_animation` when none is sent; undefined when `mode` is not a mode (its own issue says so). */
export function renderModeOf(body: { mode?: unknown }): RenderMode | undefined {
  if (body.mode === undefined) return DEFAULT_RENDER_MODE;
  return (RENDER_MODES as readonly unknown[]).includes(body.mode) ? (body.mode as RenderMode) : undefined;
}

/**
 * Refuses the property unless the request's mode is one of `modes`: issue code
 * `not_allowed_in_mode`, with a message naming the modes that take it. The refusal is the only
 * issue reported for the property: what a refused value holds does not matter.
 */
export function OnlyInModes(modes: readonly RenderMode[]): PropertyDecorator {
  const allowed = modes.map((m) => `"${m}"`).join(' or ');
  return ValidateBy(
    {
      name: 'onlyInModes',
      validator: {
        validate: (value: unknown, args?: ValidationArguments) => {
          const mode = renderModeOf(args!.object as { mode?: unknown });
          return value === undefined || mode === undefined || modes.includes(mode);
        },
        defaultMessage: (args?: ValidationArguments) =>
          `${args!.property} is only allowed when mode is ${allowed} (this request's mode is "${renderModeOf(args!.object as { mode?: unknown })}")`,
      },
    },
    { context: { code: 'not_allowed_in_mode', refusesValue: true } },
  );
}

/** What is wrong with a region (a country code or name, or a bbox), or null when its shape is right. */
function regionProblem(value: unknown): string | null {
  if (typeof value === 'string')
    return value.trim().length > 0 && value.length <= 100 ? null : 'must be a country code or name of 1–100 characters';
  if (!Array.isArray(value))
    return 'must be a country (ISO 3166-1 alpha-2 or alpha-3 code, or English name) or a bbox [west, south, east, north]';
  if (value.length !== 4 || !value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return 'bbox must be 4 numbers: [west, south, east, north] in degrees';
  }
  const [west, south, east, north] = value as number[];
  if ([west, east].some((lng) => lng < -180 || lng > 180)) return 'bbox west and east must be longitudes within -180..180';
  if ([south, north].some((lat) => lat < -90 || lat > 90)) return 'bbox south and north must be latitudes within -90..90';
  if (south >= north) return `bbox south (${south}) must be less than north (${north})`;
  if (west === east) return 'bbox west and east must differ';
  return null;
}

/** A region: a country (checked against the country list after the shape, like places) or a bbox. */
function IsRegion(): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isRegion',
      validator: {
        validate: (value: unknown) => regionProblem(value) === null,
        defaultMessage: (args?: ValidationArguments) => `${args!.property} ${regionProblem(args!.value)}`,
      },
    },
    { context: { code: 'invalid_region' } },
  );
}

const REGION_SCHEMA = {
  oneOf: [
    { type: 'string', description: 'A country: ISO 3166-1 alpha-2 or alpha-3 code, or English name.' },
    {
      type: 'array',
      items: { type: 'number' },
      minItems: 4,
      maxItems: 4,
      description: 'A box [west, south, east, north] in degrees; west > east crosses the antimeridian.',
    },
  ],
};

/** A point given by coordinates or by a place name, like a waypoint. */
export class MapPointDto implements PointInput {
  @LatitudeField(31.2222)
  lat?: number;

  @LongitudeField(121.4581)
  lng?: number;

  @ApiPropertyOptional({
    example: 'Shanghai',
    maxLength: 60,
    description: 'Text shown beside the marker (plain text); defaults to the place’s name. An empty string shows none.',
  })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(60)
  label?: string;

  @PlaceField('Shanghai')
  place?: string;
}

export class LabelOffsetDto {
  @ApiProperty({
    example: 24,
    minimum: -1000,
    maximum: 1000,
    description: 'Pixels to the right of the marker (at 1080p; scaled with the frame).',
  })
  @IsDefined()
  @IsNumber(finite)
  @Min(-1000)
  @Max(1000)
  x: number;

  @ApiProperty({ example: -12, minimum: -1000, maximum: 1000, description: 'Pixels below the marker (at 1080p; negative is above).' })
  @IsDefined()
  @IsNumber(finite)
  @Min(-1000)
  @Max(1000)
  y: number;
}

export class MultiRouteDestinationDto extends MapPointDto implements MultiRouteDestinationInput {
  @ApiPropertyOptional({ example: '35 days', maxLength: 30, description: 'A short figure shown under the label ("35 days", "$2.5M").' })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(30)
  data_label?: string;

  @ApiPropertyOptional({
    example: '#ffb000',
    description: 'This route’s colour, `#rrggbb`; default: `route_style.color` when set, else one palette colour per route.',
  })
  @IsOptional()
  @IsString()
  @Matches(HEX_COLOR, { message: 'color must be #rrggbb' })
  color?: string;

  @ApiPropertyOptional({
    enum: TRANSPORTS,
    example: 'ship',
    description: 'How this destination is reached from the origin, routed like a leg; defaults to the request’s `transport`.',
  })
  @IsOptional()
  @IsIn(TRANSPORTS)
  transport?: Transport;

  @ApiPropertyOptional({ type: LabelOffsetDto, description: 'Where the label sits relative to its marker; default: placed automatically.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => LabelOffsetDto)
  label_offset?: LabelOffsetDto;
}

export class MultiRouteDto implements MultiRouteInput {
  @ApiProperty({ type: MapPointDto, example: { place: 'Shanghai' }, description: 'Where every route starts.' })
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MapPointDto)
  origin: MapPointDto;

  @ApiProperty({
    type: [MultiRouteDestinationDto],
    minItems: 1,
    maxItems: MAX_MULTI_ROUTE_DESTINATIONS,
    example: [
      { place: 'Rotterdam', data_label: '32 days' },
      { place: 'Santos', data_label: '38 days', color: '#ffb000' },
    ],
    description: 'The destinations, each drawn as its own route from the origin.',
  })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ListMaxSize(MAX_MULTI_ROUTE_DESTINATIONS)
  @ValidateNested({ each: true })
  @Type(() => MultiRouteDestinationDto)
  routes: MultiRouteDestinationDto[];

  @ApiPropertyOptional({ example: true, default: true, description: 'Show every route faintly from the start, then draw each one.' })
  @IsOptional()
  @IsBoolean()
  show_all_routes_at_start?: boolean;

  @ApiPropertyOptional({ example: true, default: true, description: 'Labels appear as their route arrives (false: shown from the start).' })
  @IsOptional()
  @IsBoolean()
  animate_labels?: boolean;

  @ApiPropertyOptional({
    example: 1,
    minimum: 0,
    default: 0,
    description: 'Second of the video at which the first route starts drawing; must leave the routes at least 0.5 s before the end.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  routes_start_at?: number;

  @ApiPropertyOptional({
    example: 7,
    minimum: 0,
    description:
      'Seconds from the first route’s start to the last route’s end; `routes_start_at + routes_duration` must not pass the video’s end. ' +
      'Default: the rest of the video after `routes_start_at`, less a closing hold on the finished map of 15% of the duration (at most 1.5 s).',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  routes_duration?: number;

  @ApiPropertyOptional({
    example: 0.4,
    minimum: 0,
    default: 0,
    description: 'Seconds between the starts of consecutive routes; the last route must still have at least 0.5 s to draw.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  stagger?: number;

  @ApiPropertyOptional({
    enum: LABEL_COLLISION_MODES,
    example: 'auto-offset',
    default: 'auto-offset',
    description: '`auto-offset` moves labels that would overlap; `none` leaves them where they are.',
  })
  @IsOptional()
  @IsIn(LABEL_COLLISION_MODES)
  label_collision?: LabelCollisionMode;

  @ApiPropertyOptional({
    example: 3,
    minimum: MIN_MAP_ZOOM,
    maximum: MAX_MAP_ZOOM,
    description: 'Zoom of the opening shot (1 = whole world); default: chosen by the camera.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(MIN_MAP_ZOOM)
  @Max(MAX_MAP_ZOOM)
  start_zoom?: number;

  @ApiPropertyOptional({
    example: 2,
    minimum: MIN_MAP_ZOOM,
    maximum: MAX_MAP_ZOOM,
    description: 'Zoom of the closing shot (1 = whole world); default: chosen by the camera.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(MIN_MAP_ZOOM)
  @Max(MAX_MAP_ZOOM)
  end_zoom?: number;
}

export class RegionFocusDto implements RegionFocusInput {
  @ApiProperty({
    ...REGION_SCHEMA,
    example: 'PT',
    description:
      'The region to fly in to: a country as ISO 3166-1 alpha-2 or alpha-3 code or English name ("PT", "PRT", "Portugal"), ' +
      'or a bbox [west, south, east, north]. Unknown countries are a validation error with suggestions.',
  })
  @IsDefined()
  @IsRegion()
  region: string | number[];

  @ApiPropertyOptional({
    example: 'Portugal',
    maxLength: 60,
    description: 'Text shown on the region; defaults to the country’s name (none for a bbox). An empty string shows none.',
  })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(60)
  label?: string;

  @ApiPropertyOptional({ example: '#ff5a36', description: 'Fill and outline colour of the region, `#rrggbb`; default: the style’s.' })
  @IsOptional()
  @IsString()
  @Matches(HEX_COLOR, { message: 'highlight_color must be #rrggbb' })
  highlight_color?: string;

  @ApiPropertyOptional({
    enum: REGION_FOCUS_STARTS,
    example: 'world',
    default: 'world',
    description: 'Where the camera starts before flying in.',
  })
  @IsOptional()
  @IsIn(REGION_FOCUS_STARTS)
  from?: RegionFocusStart;

  @ApiPropertyOptional({
    type: [MapPointDto],
    maxItems: 25,
    example: [{ place: 'Lisbon' }, { place: 'Porto' }],
    description: 'Places marked inside the region.',
  })
  @IsOptional()
  @IsArray()
  @ListMaxSize(25)
  @ValidateNested({ each: true })
  @Type(() => MapPointDto)
  markers?: MapPointDto[];
}

export class CountryValueDto {
  @ApiProperty({ example: 'PT', maxLength: 100, description: 'ISO 3166-1 alpha-2 or alpha-3 code, or English name; each country once.' })
  @IsDefined()
  @IsString()
  @Length(1, 100)
  country: string;

  @ApiProperty({ example: 10.3, description: 'The figure that colours the country.' })
  @IsDefined()
  @IsNumber(finite)
  value: number;
}

export class ChoroplethLegendDto {
  @ApiPropertyOptional({ example: 'Population', maxLength: 40 })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(40)
  title?: string;

  @ApiPropertyOptional({ example: 'M', maxLength: 12, description: 'Unit shown after the legend’s figures.' })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(12)
  unit?: string;
}

export class CountryDataDto implements CountryDataInput {
  @ApiProperty({
    type: [CountryValueDto],
    minItems: 1,
    maxItems: 250,
    example: [
      { country: 'PT', value: 10.3 },
      { country: 'Spain', value: 47.4 },
    ],
    description: 'One figure per country. Unknown countries are a validation error naming each one.',
  })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ListMaxSize(250)
  @ValidateNested({ each: true })
  @Type(() => CountryValueDto)
  values: CountryValueDto[];

  @ApiPropertyOptional({ type: ChoroplethLegendDto, description: 'A legend with the colour scale; default: none.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => ChoroplethLegendDto)
  legend?: ChoroplethLegendDto;

  @ApiPropertyOptional({
    enum: CHOROPLETH_PALETTES,
    example: 'sequential',
    default: 'sequential',
    description: '`sequential` (low → high) or `diverging` (below and above a middle).',
  })
  @IsOptional()
  @IsIn(CHOROPLETH_PALETTES)
  palette?: ChoroplethPalette;

  @ApiPropertyOptional({
    enum: CHOROPLETH_REVEALS,
    example: 'ranked',
    default: 'ranked',
    description: '`ranked` fills the countries in order of value; `all` fills them together.',
  })
  @IsOptional()
  @IsIn(CHOROPLETH_REVEALS)
  reveal?: ChoroplethReveal;

  @ApiPropertyOptional({
    ...REGION_SCHEMA,
    example: 'world',
    default: 'world',
    description: 'What the camera frames: "world", a country (code or name) or a bbox [west, south, east, north].',
  })
  @IsOptional()
  @IsRegion()
  region?: string | number[];
}

/**
 * `mode` and the settings object of each mode that has one (one property each, named after the mode, with its
 * DTO class above); a base of CreateRenderDto.
 */
export class RenderModeFieldsDto implements ModeSettingsInputs {
  @ApiPropertyOptional({
    enum: RENDER_MODES,
    example: 'route_animation',
    default: 'route_animation',
    description:
      'What the video shows: `route_animation` (waypoints travelled in order), `multi_route` (routes fanning out from one origin), ' +
      '`region_focus` (the camera flies in to a region) or `country_data` (an animated choropleth). ' +
      'Each mode but route_animation takes the settings object named after it, and only its own.',
  })
  @IsOptional()
  @IsIn(RENDER_MODES)
  mode?: RenderMode;

  @ApiPropertyOptional({ type: MultiRouteDto, description: 'Required when mode is `multi_route`; refused in the other modes.' })
  @ValidateIf(sentOrModeIs('multi_route'))
  @IsDefined({ message: 'multi_route is required when mode is "multi_route"' })
  @OnlyInModes(['multi_route'])
  @IsObject()
  @ValidateNested()
  @Type(() => MultiRouteDto)
  multi_route?: MultiRouteDto;

  @ApiPropertyOptional({ type: RegionFocusDto, description: 'Required when mode is `region_focus`; refused in the other modes.' })
  @ValidateIf(sentOrModeIs('region_focus'))
  @IsDefined({ message: 'region_focus is required when mode is "region_focus"' })
  @OnlyInModes(['region_focus'])
  @IsObject()
  @ValidateNested()
  @Type(() => RegionFocusDto)
  region_focus?: RegionFocusDto;

  @ApiPropertyOptional({ type: CountryDataDto, description: 'Required when mode is `country_data`; refused in the other modes.' })
  @ValidateIf(sentOrModeIs('country_data'))
  @IsDefined({ message: 'country_data is required when mode is "country_data"' })
  @OnlyInModes(['country_data'])
  @IsObject()
  @ValidateNested()
  @Type(() => CountryDataDto)
  country_data?: CountryDataDto;
}

/** Every mode's settings object has its property above: the compiler names the modes that lack one. */
type ModesWithoutSettingsProperty = Exclude<keyof ModeSettingsInputs, keyof RenderModeFieldsDto>;
const EVERY_MODE_HAS_ITS_SETTINGS_PROPERTY: [ModesWithoutSettingsProperty] extends [never] ? true : ModesWithoutSettingsProperty = true;
void EVERY_MODE_HAS_ITS_SETTINGS_PROPERTY;
