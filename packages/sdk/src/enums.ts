/**
 * The values the API allows in the enumerated fields of a render, in the order the API documents them,
 * for pickers and checks: `openapi-typescript --enum-values` generates each list from docs/openapi.json
 * (src/generated/openapi.ts), so a value added to the API appears here when the types are regenerated.
 * Each list is typed as its readable union (`RenderMode`, `Transport`, …), which the compiler checks
 * against the generated list.
 */
import {
  cameraDtoEaseValues,
  cameraDtoIntensityValues,
  cameraDtoModeValues,
  cameraDtoPresetValues,
  createRenderDtoAspect_ratioValues,
  createRenderDtoFpsValues,
  createRenderDtoModeValues,
  createRenderDtoProjectionValues,
  createRenderDtoResolutionValues,
  createRenderDtoTransportValues,
  createRenderDtoUnitsValues,
  hudDtoPositionValues,
  jobRecordDtoStatusValues,
  textOverlayDtoPositionValues,
  textOverlayDtoStyleValues,
} from './generated/openapi';
import type {
  AspectRatio,
  CameraEase,
  CameraIntensity,
  CameraMode,
  CameraPreset,
  Fps,
  HudPosition,
  Projection,
  RenderMode,
  RenderStatus,
  Resolution,
  TextOverlayPosition,
  TextOverlayStyle,
  Transport,
  Units,
} from './types';

/** `mode`: what a render shows. */
export const RENDER_MODES: readonly RenderMode[] = createRenderDtoModeValues;
/** `transport` of a render, a waypoint or a multi_route destination. */
export const TRANSPORTS: readonly Transport[] = createRenderDtoTransportValues;
export const RESOLUTIONS: readonly Resolution[] = createRenderDtoResolutionValues;
export const ASPECT_RATIOS: readonly AspectRatio[] = createRenderDtoAspect_ratioValues;
/** `fps`. */
export const FRAME_RATES: readonly Fps[] = createRenderDtoFpsValues;
export const UNITS: readonly Units[] = createRenderDtoUnitsValues;
/** `projection`: the flat map, the globe, or `auto` (the service chooses per shot). */
export const PROJECTIONS: readonly Projection[] = createRenderDtoProjectionValues;
/** `camera.preset`. */
export const CAMERA_PRESETS: readonly CameraPreset[] = cameraDtoPresetValues;
/** `camera.intensity`. */
export const CAMERA_INTENSITIES: readonly CameraIntensity[] = cameraDtoIntensityValues;
/** `camera.mode`. */
export const CAMERA_MODES: readonly CameraMode[] = cameraDtoModeValues;
/** `camera.ease`. */
export const CAMERA_EASES: readonly CameraEase[] = cameraDtoEaseValues;
/** `hud.position`. */
export const HUD_POSITIONS: readonly HudPosition[] = hudDtoPositionValues;
/** `text_overlays[].position`. */
export const TEXT_OVERLAY_POSITIONS: readonly TextOverlayPosition[] = textOverlayDtoPositionValues;
/** `text_overlays[].style`. */
export const TEXT_OVERLAY_STYLES: readonly TextOverlayStyle[] = textOverlayDtoStyleValues;
/** A job's `status` (also the `status` filter of `renders.list`). */
export const RENDER_STATUSES: readonly RenderStatus[] = jobRecordDtoStatusValues;
