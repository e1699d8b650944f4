/**
 * The pieces the composition's props are made of, shared by the modes (`./modes/`), and the small
 * mappings from the stored request to them. Plain types and pure functions: bundled into the browser.
 */
import type {
  Emphasis,
  LngLat,
  NormalizedPoint,
  NormalizedRegion,
  TextOverlayPosition,
  TextOverlayStyle,
  Transport,
  HudPosition,
} from './render-request';

export interface CompositionWaypoint {
  /** Longitude of the leg end it sits on: unwrapped like the legs (may lie outside -180..180). */
  lng: number;
  lat: number;
  /** Text shown beside the marker once the vehicle reaches it; null = no label. */
  label: string | null;
  emphasis: Emphasis;
  /** Seconds the animation pauses on this waypoint after reaching it (0–5). */
  dwell: number;
  /** Zoom (1–20, 1 = whole world) while the vehicle passes this waypoint; null = the camera's own. */
  zoom_override: number | null;
  /** Seconds the camera holds still on this waypoint (0–5), after its dwell. */
  hold: number;
}

/** A marker with an optional label (multi_route's origin, region_focus's markers). */
export interface CompositionPoint {
  /** Unwrapped like the legs where it sits on one (may lie outside -180..180). */
  lng: number;
  lat: number;
  label: string | null;
}

export interface CompositionTextOverlay {
  /** Inert text, drawn as given (never markup). */
  text: string;
  /** Seconds from the start of the video; end > start. */
  start: number;
  end: number;
  position: TextOverlayPosition;
  style: TextOverlayStyle;
}

/** A country (by the ISO numeric id world-atlas gives its polygons) or a box [west, south, east, north]. */
export type CompositionRegion =
  { kind: 'country'; iso_numeric: string; name: string } | { kind: 'bbox'; bbox: [number, number, number, number] };

export interface CompositionLeg {
  transport: Transport;
  distance_km: number;
  /** [lng, lat] path as routed: longitudes continuous with the previous leg (no ±360 jumps). */
  coordinates: LngLat[];
}

export interface CompositionHud {
  distance: boolean;
  progress_bar: boolean;
  position: HudPosition;
}

export function pointProps(point: NormalizedPoint, lng = point.lng): CompositionPoint {
  return { lng, lat: point.lat, label: cleanLabel(point.label ?? point.place) };
}

export function regionProps(region: NormalizedRegion): CompositionRegion {
  return region.kind === 'country'
    ? { kind: 'country', iso_numeric: region.iso_numeric, name: region.name }
    : { kind: 'bbox', bbox: [region.bbox[0], region.bbox[1], region.bbox[2], region.bbox[3]] };
}

/** A label as drawn: white space folded, null when nothing is left. */
export function cleanLabel(label: string | undefined): string | null {
  const text = label?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
}
