/**
 * Plain types and constants shared by the API, the worker and the Remotion project.
 * `remotion/` may import from this folder and nothing else in `src/`, so keep it free of
 * Nest, TypeORM and Node-only imports.
 */

export const TRANSPORTS = ['plane', 'ship', 'car', 'truck', 'train', 'walk', 'none'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const ROUTE_MODES = ['manual', 'sea', 'road'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];

export const CHOKEPOINTS = [
  'suez',
  'panama',
  'bosporus',
  'malacca',
  'gibraltar',
  'hormuz',
  'bab-el-mandeb',
  'cape-horn',
] as const;
export type Chokepoint = (typeof CHOKEPOINTS)[number];

export const RESOLUTIONS = ['720p', '1080p', '4k'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export const ASPECT_RATIOS = ['16:9', '9:16', '1:1', '4:5'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const FRAME_RATES = [24, 30, 60] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

export const ROUTE_LINE_KINDS = ['solid', 'dashed', 'dotted', 'glow'] as const;
export type RouteLineKind = (typeof ROUTE_LINE_KINDS)[number];

export const CAMERA_PRESETS = ['auto', 'follow', 'overview', 'cinematic'] as const;
export type CameraPreset = (typeof CAMERA_PRESETS)[number];

export const HUD_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type HudPosition = (typeof HUD_POSITIONS)[number];

export const EMPHASES = ['standard', 'waypoint', 'chokepoint'] as const;
export type Emphasis = (typeof EMPHASES)[number];

export const UNITS = ['km', 'mi'] as const;
export type Units = (typeof UNITS)[number];

/** The routing a transport uses when the request does not set `route.mode`. */
export const DEFAULT_ROUTE_MODE: Record<Transport, RouteMode> = {
  plane: 'manual',
  ship: 'sea',
  car: 'road',
  truck: 'road',
  train: 'manual',
  walk: 'manual',
  none: 'manual',
};

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

export interface StyleInfo {
  id: string;
  name: string;
  description: string;
  dark: boolean;
}

/** Map styles offered by `GET /v1/styles`; the palettes themselves live in `remotion/`. */
export const STYLES = [
  { id: 'standard', name: 'Standard', description: 'Soft blue water, warm land, light borders. Works for most routes.', dark: false },
  { id: 'dark', name: 'Dark', description: 'Charcoal land on near-black water with a bright route. Made for night-mode feeds.', dark: true },
  { id: 'maritime-dark', name: 'Maritime dark', description: 'Deep navy sea with crisp coastlines, tuned for shipping routes.', dark: true },
  { id: 'minimal', name: 'Minimal', description: 'Paper-white land on pale grey water, no borders: the route is the story.', dark: false },
] as const satisfies readonly StyleInfo[];
/** A map style's id; `remotion/lib/styles.ts` must give each one a palette (the compiler checks). */
export type StyleId = (typeof STYLES)[number]['id'];
export const STYLE_IDS: readonly StyleId[] = STYLES.map((s) => s.id);

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
}

/** The render parameters a job is rendered from, stored on the job as `request`. */
export interface NormalizedRenderRequest {
  waypoints: NormalizedWaypoint[];
  transport: Transport;
  route: { mode?: RouteMode; avoid: Chokepoint[] };
  duration: number;
  resolution: Resolution;
  aspect_ratio: AspectRatio;
  fps: FrameRate;
  style: string;
  route_style: { color?: string; width?: number; opacity?: number; line?: RouteLineKind };
  camera: { preset: CameraPreset; start_zoom?: number; tilt?: number };
  hud: false | { distance: boolean; progress_bar: boolean; position: HudPosition };
  title?: { text: string; subtitle?: string };
  units: Units;
  webhook_url?: string;
  template_id?: string;
}

/** [longitude, latitude] in degrees, GeoJSON order. */
export type LngLat = [number, number];

/** How a leg was routed: great-circle arc, maritime network, or road network. */
export type LegRouting = 'great-circle' | 'sea' | 'road';

export interface RouteLeg {
  /** 0-based index of the leg; leg i goes from waypoint i to waypoint i+1. */
  leg: number;
  /** Label (or place, or formatted coordinates) of the start and end waypoints. */
  from: string;
  to: string;
  transport: Transport;
  mode: LegRouting;
  distance_km: number;
  /**
   * The path, final as drawn: from waypoint `leg` to waypoint `leg + 1`, simplified to routing's
   * per-leg point budget. Longitudes are continuous (unwrapped): a leg that crosses the
   * antimeridian goes e.g. 179 → 181 rather than jumping to -179, and each leg starts exactly
   * where the previous one ended, so the route can be drawn without a seam.
   */
  coordinates: LngLat[];
}

export interface RoutePlan {
  legs: RouteLeg[];
  distance_km: number;
}
