/**
 * Plain types and constants shared by the API, the worker and the Remotion project.
 * `remotion/` may import from this folder and nothing else in `src/`, so keep it free of
 * Nest, TypeORM and Node-only imports.
 */

// Routing owns the travel vocabulary and the route plan; the contract passes their types on.
// Type-only: the browser bundle must not pull routing in.
import type { Chokepoint, RouteMode, Transport } from '../routing';
import type { NormalizedCamera } from './camera-schema';
import type { Projection } from './projection';
import type { Terrain } from './terrain';
import type { Title } from './title';
import type { RouteStyleInput } from './route-style';
import type { Hud } from './hud';
export type {
  AvoidedRoute,
  Chokepoint,
  ChokepointPassage,
  LegRouting,
  LngLat,
  RouteLeg,
  RouteMode,
  RoutePlan,
  Transport,
} from '../routing';

export const RESOLUTIONS = ['720p', '1080p', '4k'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const FRAME_RATES = [24, 30, 60] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

export const ROUTE_LINE_KINDS = ['solid', 'dashed', 'dotted', 'glow'] as const;
export type RouteLineKind = (typeof ROUTE_LINE_KINDS)[number];

export const HUD_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type HudPosition = (typeof HUD_POSITIONS)[number];

export const EMPHASES = ['standard', 'waypoint', 'chokepoint'] as const;
export type Emphasis = (typeof EMPHASES)[number];

export const UNITS = ['km', 'mi'] as const;
export type Units = (typeof UNITS)[number];

export const TEXT_OVERLAY_POSITIONS = ['top', 'center', 'bottom', 'top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type TextOverlayPosition = (typeof TEXT_OVERLAY_POSITIONS)[number];

export const TEXT_OVERLAY_STYLES = ['caption', 'headline', 'lower-third'] as const;
export type TextOverlayStyle = (typeof TEXT_OVERLAY_STYLES)[number];

/** Short side of the frame in pixels; the long side follows from the aspect ratio. */
const SHORT_SIDE: Record<Resolution, number> = { '720p': 720, '1080p': 1080, '4k': 2160 };

/**
 * Frame size for a resolution and aspect ratio: 720p 16:9 is 1280x720, 9:16 is 720x1280,
 * 1:1 is 720x720 and 4:5 is 720x900 (the contract's table); 1080p and 4k scale alike.
 */
export function frameSize(resolution: Resolution, aspectRatio: AspectRatio): { width: number; height: number } {
  const short = SHORT_SIDE[resolution];
  const even = (n: number) => Math.round(n / 2) * 2; // H.264 with yuv420p needs even sides
  switch (aspectRatio) {
    case '16:9':
      return { width: even((short * 16) / 9), height: short };
    case '9:16':
      return { width: short, height: even((short * 16) / 9) };
    case '1:1':
      return { width: short, height: short };
    case '4:5':
      return { width: short, height: even((short * 5) / 4) };
  }
}

/** The imagery a style draws in place of the water and land fills (contract §21): true colour by day, city lights by night. */
export type ImageryKind = 'day' | 'night';

export interface StyleInfo {
  id: string;
  name: string;
  description: string;
  dark: boolean;
  /** NASA's Blue Marble (`day`) or Black Marble (`night`) imagery under the lines; null: the palette's fills. */
  imagery: ImageryKind | null;
}

/** Map styles offered by `GET /v1/styles`; the palettes themselves live in `remotion/`. */
export const STYLES = [
  {
    id: 'standard',
    name: 'Standard',
    description: 'Soft blue water, warm land, light borders. Works for most routes.',
    dark: false,
    imagery: null,
  },
  {
    id: 'dark',
    name: 'Dark',
    description: 'Charcoal land on near-black water with a bright route. Made for night-mode feeds.',
    dark: true,
    imagery: null,
  },
  {
    id: 'maritime-dark',
    name: 'Maritime dark',
    description: 'Deep navy sea with crisp coastlines, tuned for shipping routes.',
    dark: true,
    imagery: null,
  },
  {
    id: 'minimal',
    name: 'Minimal',
    description: 'Paper-white land on pale grey water, no borders: the route is the story.',
    dark: false,
    imagery: null,
  },
  {
    id: 'satellite',
    name: 'Satellite',
    description: 'The Earth from space in true colour (NASA Blue Marble) with relief shading, thin borders and light labels.',
    dark: true,
    imagery: 'day',
  },
  {
    id: 'night',
    name: 'Night lights',
    description: 'City lights on the night side of the Earth (NASA Black Marble), with a warm glowing route.',
    dark: true,
    imagery: 'night',
  },
  {
    id: 'atlas',
    name: 'Paper atlas',
    description: 'Warm paper, sepia coasts and a fine graticule, like a printed school atlas.',
    dark: false,
    imagery: null,
  },
  {
    id: 'blueprint',
    name: 'Blueprint',
    description: 'White linework on blueprint blue with a drafting grid: technical and bold.',
    dark: true,
    imagery: null,
  },
] as const satisfies readonly StyleInfo[];
/** A map style's id; `remotion/lib/map/styles.ts` must give each one a palette (the compiler checks). */
export type StyleId = (typeof STYLES)[number]['id'];
export const STYLE_IDS: readonly StyleId[] = STYLES.map((s) => s.id);

/** The imagery a style draws (null: its fills, and for an unknown id, which the composition draws as `standard`). */
export function styleImagery(style: string): ImageryKind | null {
  return STYLES.find((info) => info.id === style)?.imagery ?? null;
}

/** A waypoint after normalisation: coordinates resolved (from `place` if needed), defaults filled in. */
export interface NormalizedWaypoint {
  lat: number;
  lng: number;
  label?: string;
  place?: string;
  /** Mode of the leg that leaves this waypoint (ignored on the last waypoint). */
  transport: Transport;
  dwell: number;
  emphasis: Emphasis;
  /** Zoom (1–20, 1 = whole world) while the vehicle passes this waypoint (contract §14). */
  camera_zoom_override?: number;
  /** Seconds the camera holds on this waypoint (0–5), counted within the duration like `dwell`. Missing on jobs stored before §14. */
  camera_hold_seconds?: number;
}

/** A point given by coordinates or a place name, resolved; the label defaults to the place's name. */
export interface NormalizedPoint {
  lat: number;
  lng: number;
  label?: string;
  place?: string;
}

/** A country resolved from an ISO 3166-1 alpha-2/alpha-3 code or an English name. */
export interface ResolvedCountry {
  /** ISO 3166-1 numeric code as world-atlas names its polygons ("620"). */
  iso_numeric: string;
  /** ISO 3166-1 alpha-3 ("PRT"). */
  iso_alpha3: string;
  /** Common English name ("Portugal"). */
  name: string;
}

/** region_focus's and country_data's `region`: a country, or a box [west, south, east, north] in degrees. */
export type NormalizedRegion = ({ kind: 'country' } & ResolvedCountry) | { kind: 'bbox'; bbox: [number, number, number, number] };

export interface NormalizedTextOverlay {
  text: string;
  /** Seconds. */
  start: number;
  end: number;
  position: TextOverlayPosition;
  style: TextOverlayStyle;
}

/** The fields of a stored request that every mode has (route_animation's waypoints are empty in the others). */
export interface SharedNormalizedRequest {
  /** The route's waypoints (route_animation); empty in the other modes. */
  waypoints: NormalizedWaypoint[];
  transport: Transport;
  route: { mode?: RouteMode; avoid: Chokepoint[] };
  duration: number;
  resolution: Resolution;
  aspect_ratio: AspectRatio;
  fps: FrameRate;
  style: string;
  /** Missing on jobs stored before contract §20 (they read as `auto`). */
  projection?: Projection;
  /** Relief shading, every field filled in; missing on jobs stored before contract §21 (they read as no relief). */
  terrain?: Terrain;
  route_style: RouteStyleInput;
  camera: NormalizedCamera;
  hud: false | Hud;
  title?: Title;
  units: Units;
  text_overlays?: NormalizedTextOverlay[];
  webhook_url?: string;
  /** The template merged under the request, when one was used (its settings are already merged in). */
  template_id?: string;
}
