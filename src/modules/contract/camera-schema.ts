/**
 * `camera` of a render body (contract §3, §14, §19), written once (ADR 0040). From this schema follow: the field's
 * validation with its paths and codes (the render DTO checks it through `SchemaField`), the type the parse reads
 * (`CameraInput`), the camera a job stores with its defaults filled (`NormalizedCamera`), the `CameraDto` component of the
 * OpenAPI document (and through it both SDKs' types), and the dashboard's bounds for its inputs (`numberBounds`).
 *
 * A new camera field is one entry here, then what draws it (`buildCompositionProps`, `remotion/`), and, if people set
 * it in the dashboard, its input there.
 */
import { z } from 'zod';
import { stripFormatCharacters } from '../../common/text/format-characters';
import { CAMERA_EASES, CAMERA_INTENSITIES, CAMERA_MODES, CAMERA_PRESET_DESCRIPTIONS, CAMERA_PRESETS, DEFAULT_CAMERA_EASE } from './camera';
import {
  MAX_CAMERA_TILT_DEGREES,
  MAX_FOCUS_HOLD_SECONDS,
  MAX_MAP_ZOOM,
  MAX_ZOOM_MULTIPLIER,
  MIN_MAP_ZOOM,
  MIN_ZOOM_MULTIPLIER,
} from './limits';
import { numberBounds } from './schema-bounds';

/** How long a waypoint reference given by its label may be. */
const MAX_WAYPOINT_REFERENCE_LENGTH = 120;
const WAYPOINT_REFERENCE_MESSAGE = `start_focus_waypoint must be a waypoint's label (1 to ${MAX_WAYPOINT_REFERENCE_LENGTH} characters) or its 0-based index (an integer from 0)`;

const PRESET_DESCRIPTION =
  'How the camera tells the route. ' +
  CAMERA_PRESETS.map((preset) => `\`${preset}\`: ${CAMERA_PRESET_DESCRIPTIONS[preset]}`).join(' ') +
  ' Chokepoints are the `route.avoid` passages the route passes within 50 km and the waypoints with `emphasis: "chokepoint"`; ' +
  'a chokepoint story on a route that passes none plays like `auto`, and the job record says so in `camera_notes`.';

/**
 * A field that only route_animation plays (it needs a route's waypoints and chokepoints): the other modes refuse it
 * with `not_allowed_in_mode` (the parse reads this mark; contract §19). The OpenAPI document shows it as is.
 */
const ROUTE_ONLY = { 'x-route-only': true } as const;

export const CAMERA_SCHEMA = z.strictObject({
  preset: z.enum(CAMERA_PRESETS).default('auto').meta({ example: 'auto', description: PRESET_DESCRIPTION }),
  start_zoom: z
    .number()
    .min(MIN_MAP_ZOOM)
    .max(MAX_MAP_ZOOM)
    .optional()
    .meta({ example: 3, description: 'Zoom of the opening shot (1 = whole world).' }),
  tilt: z
    .number()
    .min(0)
    .max(MAX_CAMERA_TILT_DEGREES)
    .optional()
    .meta({ example: 30, description: 'Camera tilt in degrees (0 = straight down).' }),
  intensity: z
    .enum(CAMERA_INTENSITIES)
    .default('balanced')
    .meta({ example: 'balanced', description: 'How far the camera zooms and how fast it moves; `strong` goes beyond `bold`.' }),
  mode: z
    .enum(CAMERA_MODES)
    .default('follow')
    .meta({
      ...ROUTE_ONLY,
      example: 'follow',
      description: '`follow`: the camera moves with the story. `static`: one frame that holds the whole route, no movement at all.',
    }),
  waypoint_zoom: z
    .number()
    .min(MIN_MAP_ZOOM)
    .max(MAX_MAP_ZOOM)
    .optional()
    .meta({
      ...ROUTE_ONLY,
      example: 6,
      description: "Zoom while the vehicle passes a waypoint (1 = whole world); a waypoint's own `camera_zoom_override` wins.",
    }),
  ease: z
    .enum(CAMERA_EASES)
    .default(DEFAULT_CAMERA_EASE)
    .meta({ ...ROUTE_ONLY, example: 'cubic-in-out', description: 'The curve of every camera move (handovers between shots, punch-ins).' }),
  start_focus_waypoint: z
    .union(
      [
        // A label as people type it: stripped of characters that draw nothing (contract §27), then at least one letter.
        z
          .string()
          .min(1)
          .max(MAX_WAYPOINT_REFERENCE_LENGTH)
          .overwrite(stripFormatCharacters)
          .refine((label) => label.trim().length > 0, { error: WAYPOINT_REFERENCE_MESSAGE }),
        z.int().min(0),
      ],
      { error: WAYPOINT_REFERENCE_MESSAGE },
    )
    .optional()
    .meta({
      example: 'Suez Canal',
      description: "Where the opening shot looks: a waypoint's label (or place) or its 0-based index. route_animation only.",
    }),
  focus_hold_seconds: z
    .number()
    .min(0)
    .max(MAX_FOCUS_HOLD_SECONDS)
    .optional()
    .meta({
      ...ROUTE_ONLY,
      example: 1.5,
      description: 'Seconds the opening shot holds before the camera moves (counted within the opening).',
    }),
  opening_zoom_boost: z
    .number()
    .min(MIN_ZOOM_MULTIPLIER)
    .max(MAX_ZOOM_MULTIPLIER)
    .optional()
    .meta({
      ...ROUTE_ONLY,
      example: 1.2,
      default: 1,
      description: "Extra zoom at the opening: multiplies the opening shot's scale (1 = none, 2 = twice as close).",
    }),
  chokepoint_punch_in: z
    .number()
    .min(MIN_ZOOM_MULTIPLIER)
    .max(MAX_ZOOM_MULTIPLIER)
    .optional()
    .meta({
      ...ROUTE_ONLY,
      example: 1.5,
      description: "Zoom multiplier at each chokepoint the camera punches in on (a chokepoint story's own when unset).",
    }),
});

/** The camera as a request sends it (every field optional). */
export type CameraInput = z.input<typeof CAMERA_SCHEMA>;

/**
 * The camera as a job stores it: what the schema's parse gives (its defaults filled in), `start_focus_waypoint` resolved
 * to a waypoint's index. Every default but `preset` may be missing, on jobs stored before contract §19 (they read as the
 * defaults, which `buildCompositionProps` fills).
 */
export type NormalizedCamera = Pick<CameraOutput, 'preset'> &
  Partial<Omit<CameraOutput, 'preset' | 'start_focus_waypoint'>> & { start_focus_waypoint?: number };
type CameraOutput = z.output<typeof CAMERA_SCHEMA>;

/** The camera's fields that only route_animation plays, from the schema's marks. */
export const ROUTE_ONLY_CAMERA_FIELDS = (Object.keys(CAMERA_SCHEMA.shape) as (keyof CameraInput)[]).filter(
  (field) => CAMERA_SCHEMA.shape[field].meta()?.['x-route-only'] === true,
);

/** The bounds of the camera's number fields, for the dashboard's inputs. */
export const CAMERA_NUMBER_BOUNDS = numberBounds(CAMERA_SCHEMA);
