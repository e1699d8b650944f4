/**
 * A render body as the parse reads it: the shape the DTOs (`../dto`) have validated, as plain types,
 * so that the parse (`parse-request.ts`, each mode's `parse`) stays in the contract, free of the
 * validation library. The DTO classes implement these interfaces, so the compiler holds the two together.
 */
import type { Chokepoint, RouteMode, Transport } from '../routing';
import type { AspectRatio, FrameRate, Resolution, Units } from './render-request';
import type { CameraInput } from './camera-schema';
import type { Projection } from './projection';
import type { TerrainInput } from './terrain';
import type { TitleInput } from './title';
import type { RouteStyleInput } from './route-style';
import type { HudInput } from './hud';
import type { TextOverlayInput, WaypointInput } from './inputs';
import type { ModeSettingsInputs } from './modes';
import type { RenderMode } from './render-modes';

export type { PointInput, TextOverlayInput, WaypointInput } from './inputs';

/** Every field of POST /v1/render's body (a template already merged in), each mode's settings object included. */
export interface RenderBodyInput extends ModeSettingsInputs {
  mode?: RenderMode;
  waypoints?: WaypointInput[];
  transport?: Transport;
  route?: { mode?: RouteMode; avoid?: Chokepoint[] };
  duration?: number;
  resolution?: Resolution;
  aspect_ratio?: AspectRatio;
  fps?: FrameRate;
  style?: string;
  projection?: Projection;
  terrain?: TerrainInput;
  route_style?: RouteStyleInput;
  camera?: CameraInput;
  hud?: false | HudInput;
  title?: TitleInput;
  text_overlays?: TextOverlayInput[];
  units?: Units;
  webhook_url?: string;
  template_id?: string;
}
