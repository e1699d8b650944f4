import { ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
} from 'class-validator';
import { PlainText } from '../../../common/text/plain-text';
import { SchemaField } from '../../../common/http/schema-field';
import { ListMaxSize } from '../../../common/http/list-max-size';
import { Chokepoint, CHOKEPOINTS, ROUTE_MODES, RouteMode, Transport, TRANSPORTS } from '../../routing';
import { LatitudeField, LongitudeField, PlaceField } from './point-fields';
import {
  ASPECT_RATIOS,
  AspectRatio,
  CAMERA_PRESETS,
  CAMERA_SCHEMA,
  type CameraInput,
  DEFAULT_PROJECTION,
  EMPHASES,
  Emphasis,
  FRAME_RATES,
  FrameRate,
  HUD_SCHEMA,
  type HudInput,
  MAX_MAP_ZOOM,
  MAX_WAYPOINT_PAUSE_SECONDS,
  MAX_WAYPOINTS,
  MIN_DURATION_SECONDS,
  MIN_MAP_ZOOM,
  MIN_WAYPOINTS,
  modesTaking,
  type Projection,
  PROJECTION_DESCRIPTIONS,
  PROJECTIONS,
  type RenderBodyInput,
  type RenderMode,
  Resolution,
  RESOLUTIONS,
  ROUTE_LINE_KINDS,
  ROUTE_STYLE_SCHEMA,
  type RouteStyleInput,
  STYLE_IDS,
  TERRAIN_DESCRIPTION,
  TERRAIN_SCHEMA,
  TITLE_MAX_LENGTHS,
  TITLE_SCHEMA,
  type TitleInput,
  type TerrainInput,
  UNITS,
  Units,
  type WaypointInput,
} from '../../contract';
import { OnlyInModes, RenderModeFieldsDto, renderModeOf } from './render-modes.dto';
import { TextOverlayDto } from './text-overlay.dto';

const finite = { allowNaN: false, allowInfinity: false } as const;

/** A template's id: saved ones are `tpl_` and 24 random characters, built-in ones a short name (`tpl_darkShipping`). */
export const TEMPLATE_ID_PATTERN = /^tpl_[A-Za-z0-9]{1,40}$/;

/**
 * The message of a field that must be an object, with an example of the shape: built from the
 * value sent when it fits (`"camera":"cinematic"` → `e.g. {"preset":"cinematic"}`).
 */
function objectExpected(
  field: string,
  fromValue: (value: unknown) => object | undefined,
  example: object,
  prefix = `${field} must be an object`,
) {
  return { message: ({ value }: ValidationArguments) => `${prefix}, e.g. ${JSON.stringify(fromValue(value) ?? example)}` };
}
const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;
const takesWaypoints = (mode: RenderMode | undefined) => mode !== undefined && modesTaking('waypoints').includes(mode);
const ifOneOf = (key: string, allowed: readonly unknown[]) => (value: unknown) => (allowed.includes(value) ? { [key]: value } : undefined);

export class WaypointDto implements WaypointInput {
  @LatitudeField(38.7223)
  lat?: number;

  @LongitudeField(-9.1393)
  lng?: number;

  @ApiPropertyOptional({ example: 'Lisbon', maxLength: 60, description: 'Text shown beside the marker (rendered as plain text).' })
  @IsOptional()
  @PlainText()
  @IsString()
  @MaxLength(60)
  label?: string;

  @PlaceField('Lisbon')
  place?: string;

  @ApiPropertyOptional({
    enum: TRANSPORTS,
    example: 'ship',
    description: 'Mode of the leg that leaves this waypoint; defaults to the request’s `transport`.',
  })
  @IsOptional()
  @IsIn(TRANSPORTS)
  transport?: Transport;

  @ApiPropertyOptional({
    example: 1.5,
    minimum: 0,
    maximum: MAX_WAYPOINT_PAUSE_SECONDS,
    description: 'Seconds the camera pauses at this waypoint.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  @Max(MAX_WAYPOINT_PAUSE_SECONDS)
  dwell?: number;

  @ApiPropertyOptional({ enum: EMPHASES, example: 'standard' })
  @IsOptional()
  @IsIn(EMPHASES)
  emphasis?: Emphasis;

  @ApiPropertyOptional({
    example: 8,
    minimum: MIN_MAP_ZOOM,
    maximum: MAX_MAP_ZOOM,
    description: 'Zoom (1 = whole world) while the vehicle passes this waypoint.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(MIN_MAP_ZOOM)
  @Max(MAX_MAP_ZOOM)
  camera_zoom_override?: number;

  @ApiPropertyOptional({
    example: 1,
    minimum: 0,
    maximum: MAX_WAYPOINT_PAUSE_SECONDS,
    description:
      'Seconds the camera holds on this waypoint, after its dwell. Counts within the duration: all dwells and holds together may take at most half the video.',
  })
  @IsOptional()
  @IsNumber(finite)
  @Min(0)
  @Max(MAX_WAYPOINT_PAUSE_SECONDS)
  camera_hold_seconds?: number;
}

export class RouteOptionsDto {
  @ApiPropertyOptional({
    enum: ROUTE_MODES,
    example: 'sea',
    description: 'Overrides the routing of every leg: `manual` (great-circle arcs), `sea` (maritime network) or `road`.',
  })
  @IsOptional()
  @IsIn(ROUTE_MODES)
  mode?: RouteMode;

  @ApiPropertyOptional({ enum: CHOKEPOINTS, isArray: true, example: ['suez'], description: 'Chokepoints sea routes must not pass.' })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @IsIn(CHOKEPOINTS, { each: true })
  avoid?: Chokepoint[];
}

/** Body of POST /v1/render (and of each entry of a batch); `mode` and the modes' settings are in RenderModeFieldsDto. */
export class CreateRenderDto extends RenderModeFieldsDto implements RenderBodyInput {
  @ApiPropertyOptional({
    type: [WaypointDto],
    minItems: MIN_WAYPOINTS,
    maxItems: MAX_WAYPOINTS,
    example: [
      { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
      { lat: 40.7128, lng: -74.006, label: 'New York' },
    ],
    description:
      'Ordered waypoints, each with lat+lng or a place name. Required in route_animation (the default mode), refused in the others.',
  })
  // An empty list carries no waypoints: it passes in any mode (a stored request of another mode has `waypoints: []`).
  @ValidateIf((o: CreateRenderDto) => takesWaypoints(renderModeOf(o)) || !(o.waypoints === undefined || isEmptyList(o.waypoints)))
  @IsDefined()
  @OnlyInModes(modesTaking('waypoints'))
  @IsArray()
  @ArrayMinSize(MIN_WAYPOINTS)
  @ListMaxSize(MAX_WAYPOINTS)
  @ValidateNested({ each: true })
  @Type(() => WaypointDto)
  waypoints?: WaypointDto[];

  @ApiPropertyOptional({
    enum: TRANSPORTS,
    example: 'plane',
    default: 'plane',
    description: 'Default mode of every leg (multi_route: of every route). Refused in region_focus and country_data, which have no route.',
  })
  @IsOptional()
  @OnlyInModes(modesTaking('transport'))
  @IsIn(TRANSPORTS)
  transport?: Transport;

  @ApiPropertyOptional({
    type: RouteOptionsDto,
    description: 'How legs (multi_route: routes) are routed. Refused in region_focus and country_data, which have no route.',
  })
  @IsOptional()
  @OnlyInModes(modesTaking('route'))
  @IsObject(objectExpected('route', ifOneOf('mode', ROUTE_MODES), { mode: 'sea', avoid: ['suez'] }))
  @ValidateNested()
  @Type(() => RouteOptionsDto)
  route?: RouteOptionsDto;

  @ApiPropertyOptional({
    type: 'integer',
    example: 10,
    minimum: MIN_DURATION_SECONDS,
    description: 'Video length in seconds; default min(12, tier maximum). Above the tier maximum: VALIDATION_ERROR.',
  })
  @IsOptional()
  @IsInt()
  @Min(MIN_DURATION_SECONDS)
  duration?: number;

  @ApiPropertyOptional({ enum: RESOLUTIONS, example: '720p', default: '720p', description: 'Free: 720p only; Creator and Studio: all.' })
  @IsOptional()
  @IsIn(RESOLUTIONS)
  resolution?: Resolution;

  @ApiPropertyOptional({
    enum: ASPECT_RATIOS,
    example: '16:9',
    default: '16:9',
    description: '720p 9:16 is 720x1280, 1:1 is 720x720, 4:5 is 720x900.',
  })
  @IsOptional()
  @IsIn(ASPECT_RATIOS)
  aspect_ratio?: AspectRatio;

  @ApiPropertyOptional({ type: 'integer', enum: FRAME_RATES, example: 30, default: 30, description: 'Frames per second.' })
  @IsOptional()
  @IsIn(FRAME_RATES)
  fps?: FrameRate;

  @ApiPropertyOptional({ example: 'standard', default: 'standard', description: 'A style id from GET /v1/styles.' })
  @IsOptional()
  @IsIn(STYLE_IDS)
  style?: string;

  @ApiPropertyOptional({
    enum: PROJECTIONS,
    example: 'globe',
    default: DEFAULT_PROJECTION,
    description:
      'How the map is drawn, in every mode. ' +
      PROJECTIONS.map((projection) => `\`${projection}\`: ${PROJECTION_DESCRIPTIONS[projection]}`).join(' '),
  })
  @IsOptional()
  @IsIn(PROJECTIONS)
  projection?: Projection;

  @IsOptional()
  @IsObject(objectExpected('terrain', (v) => (typeof v === 'boolean' ? { enabled: v } : undefined), { enabled: true, exaggeration: 1.5 }))
  @SchemaField(TERRAIN_SCHEMA, 'TerrainDto', {
    example: { enabled: true, exaggeration: 1.5 },
    description: `${TERRAIN_DESCRIPTION} Every mode takes it; it is off unless \`enabled\` is true.`,
  })
  terrain?: TerrainInput;

  @IsOptional()
  @OnlyInModes(modesTaking('route_style'))
  @IsObject(objectExpected('route_style', ifOneOf('line', ROUTE_LINE_KINDS), { color: '#ff5a36', line: 'dashed' }))
  @SchemaField(ROUTE_STYLE_SCHEMA, 'RouteStyleDto', {
    description:
      'Look of the route line. multi_route: of every route, its colour the default of routes that set none. Refused in region_focus and country_data.',
  })
  route_style?: RouteStyleInput;

  @IsOptional()
  @IsObject(objectExpected('camera', ifOneOf('preset', CAMERA_PRESETS), { preset: 'cinematic' }))
  @SchemaField(CAMERA_SCHEMA, 'CameraDto')
  camera?: CameraInput;

  @IsOptional()
  @ValidateIf((o: CreateRenderDto) => o.hud !== false)
  @OnlyInModes(modesTaking('hud'))
  @IsObject(objectExpected('hud', () => undefined, { distance: true }, 'hud must be false or an object'))
  @SchemaField(HUD_SCHEMA, 'HudDto', {
    oneOf: [{ type: 'boolean', enum: [false] }, { $ref: getSchemaPath('HudDto') }],
    example: { distance: true, progress_bar: true, position: 'bottom-left' },
    description: '`false` (default) or the HUD to overlay. It follows the one vehicle of route_animation: refused in the other modes.',
  })
  hud?: false | HudInput;

  @IsOptional()
  @IsObject(
    objectExpected(
      'title',
      (v) => (typeof v === 'string' && v.length > 0 && v.length <= TITLE_MAX_LENGTHS.text ? { text: v } : undefined),
      {
        text: 'Lisbon to Rotterdam',
      },
    ),
  )
  @SchemaField(TITLE_SCHEMA, 'TitleDto', { description: 'Intro card; rendered as inert text.' })
  title?: TitleInput;

  @ApiPropertyOptional({
    type: [TextOverlayDto],
    maxItems: 10,
    example: [{ text: 'Lisbon to Rotterdam', start: 0.5, end: 3.5, position: 'bottom', style: 'caption' }],
    description: 'Lines of text shown for a while, fading in and out, in any mode.',
  })
  @IsOptional()
  @IsArray()
  @ListMaxSize(10)
  @ValidateNested({ each: true })
  @Type(() => TextOverlayDto)
  text_overlays?: TextOverlayDto[];

  @ApiPropertyOptional({ enum: UNITS, example: 'km', default: 'km' })
  @IsOptional()
  @IsIn(UNITS)
  units?: Units;

  @ApiPropertyOptional({
    example: 'https://example.com/hooks/mapr',
    maxLength: 2048,
    description: 'Receives render.complete or render.failed. Must be public http(s).',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  webhook_url?: string;

  @ApiPropertyOptional({
    pattern: '^tpl_[A-Za-z0-9]{1,40}$',
    description:
      'A saved template whose fields are merged under this request’s. Unknown or another account’s → VALIDATION_ERROR (issue code unknown_template).',
  })
  @IsOptional()
  @IsString()
  @Matches(TEMPLATE_ID_PATTERN, { message: 'template_id must be a tpl_… id' })
  template_id?: string;
}
