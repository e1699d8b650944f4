/**
 * The camera's vocabulary (contract §3, §14, §19): presets, intensities, the custom fields of the
 * peer's camera, and what a camera request resolves to. The DTOs validate against these lists, the
 * parse fills the defaults, the compositions read the resolved values.
 */
import type { AvoidedRoute, ChokepointPassage, LngLat, RoutePlan, Units } from './render-request';
import type { CameraInput } from './camera-schema';

/** The four presets every mode knows (contract §3). */
export const BASE_CAMERA_PRESETS = ['auto', 'follow', 'overview', 'cinematic'] as const;

/**
 * Story presets (contract §19): each tells one story about the route's chokepoints. The ones that
 * need chokepoints render like `auto` on a route that passes none, and say so in `camera_notes`.
 */
export const STORY_CAMERA_PRESETS = [
  'global_corridor_reveal',
  'chokepoint_tension',
  'long_reroute_burden',
  'tension_build',
  'canal_bottleneck',
  'chokepoint_focus',
  'static_overview',
] as const;

export const CAMERA_PRESETS = [...BASE_CAMERA_PRESETS, ...STORY_CAMERA_PRESETS] as const;
export type CameraPreset = (typeof CAMERA_PRESETS)[number];
export type StoryCameraPreset = (typeof STORY_CAMERA_PRESETS)[number];

/** One line per preset, for the API reference and the dashboard. */
export const CAMERA_PRESET_DESCRIPTIONS: Record<CameraPreset, string> = {
  auto: 'Opens on the whole route, follows each leg at a comfortable zoom, closes on the whole route.',
  follow: 'Stays close on the vehicle all the way.',
  overview: 'Holds the whole route, with a slow push-in.',
  cinematic: 'Close, leaning camera that looks ahead of the vehicle; flat opening and closing shots.',
  global_corridor_reveal:
    "Opens on the whole globe with the route's corridor visible, turns and descends to the route, then follows it. What auto plays on a route longer than 3,000 km.",
  chokepoint_tension: 'Travels normally, then slows and punches in at each chokepoint the route passes.',
  long_reroute_burden:
    'For a sea route with route.avoid: the shorter route that was avoided shows faintly first, then the route taken draws, with the extra distance labelled.',
  tension_build: 'A slow, continuous zoom towards the first chokepoint, released after it.',
  canal_bottleneck: 'A close, slowed passage through each canal the route uses (Suez, Panama).',
  chokepoint_focus: 'A tight hold on each chokepoint, with little travel between them.',
  static_overview: 'No camera movement at all: one frame that holds the whole route.',
};

/** `camera.intensity` (contract §14, §19): how far the camera zooms and how fast it moves. */
export const CAMERA_INTENSITIES = ['soft', 'balanced', 'bold', 'strong'] as const;
export type CameraIntensity = (typeof CAMERA_INTENSITIES)[number];

/** `camera.mode`: a camera that moves with the story, or one that never moves. */
export const CAMERA_MODES = ['follow', 'static'] as const;
export type CameraMode = (typeof CAMERA_MODES)[number];

/** `camera.ease`: the curve of every camera move (handovers between shots, punch-ins). */
export const CAMERA_EASES = ['linear', 'sine-in-out', 'quad-in-out', 'cubic-in-out', 'quart-in-out', 'expo-in-out'] as const;
export type CameraEase = (typeof CAMERA_EASES)[number];
export const DEFAULT_CAMERA_EASE: CameraEase = 'cubic-in-out';

/** The canals among the chokepoints (canal_bottleneck passes through these only). */
export const CANALS = ['suez', 'panama'] as const;

/**
 * The camera as a composition reads it: every value resolved. It carries every field of the request's camera under its
 * own name (`Record<keyof CameraInput, unknown>`): a field added to the camera schema fails the type check in
 * `buildCompositionProps`, naming the field, until it is declared here and resolved there.
 */
export interface CompositionCamera extends Record<keyof CameraInput, unknown> {
  preset: CameraPreset;
  start_zoom: number | null;
  /** Degrees, resolved (the preset's own when the request sets none): 0 = a camera that never tilts. */
  tilt: number;
  intensity: CameraIntensity;
  mode: CameraMode;
  /** Zoom (1–20) while passing a waypoint without a `camera_zoom_override` of its own; null = the camera's own. */
  waypoint_zoom: number | null;
  ease: CameraEase;
  /** The waypoint the opening shot looks at; null = the whole route. */
  start_focus_waypoint: number | null;
  /** Seconds the opening shot holds before the camera moves. */
  focus_hold_seconds: number;
  /** Multiplies the opening shot's zoom scale (1 = none). */
  opening_zoom_boost: number;
  /** Multiplies the zoom scale at each chokepoint the camera punches in on. */
  chokepoint_punch_in: number;
  /** Where the route passes a chokepoint, in the order travelled: what the story presets play on. */
  chokepoints: ChokepointPassage[];
  /** long_reroute_burden: the avoided route (drawn faintly first) and the label of what the detour costs. */
  reroute: CompositionReroute | null;
}

export interface CompositionReroute {
  /** The avoided route's legs, [lng, lat] with continuous longitudes. */
  legs: LngLat[][];
  /** How much longer the route taken is, in km. */
  extra_km: number;
  /** "+6,480 km via the Cape", in the request's units. */
  label: string;
}

/** The label of a detour: its extra distance in the request's units, and how it goes round (or what it avoids). */
export function rerouteLabel(avoided: AvoidedRoute, takenKm: number, units: Units): string {
  const extra = Math.max(0, takenKm - avoided.distance_km);
  const amount = Math.round(units === 'mi' ? extra * KM_TO_MILES : extra).toLocaleString('en-US');
  const how = avoided.via ? `via ${avoided.via}` : avoided.avoiding.length ? `avoiding ${avoided.avoiding.join(' and ')}` : 'round';
  return `+${amount} ${units} ${how}`;
}

const KM_TO_MILES = 0.621371;

/**
 * What a story plays on: the whole `route`; every `chokepoint` it passes; only the `canals` it passes; or the
 * `avoided_route`, the shorter route that `route.avoid` turned away from (which routing then plans too).
 */
export type StoryStage = 'route' | 'chokepoints' | 'canals' | 'avoided_route';

export interface CameraStory {
  /** The punch-in the story uses when the request sets none. */
  punchIn: number;
  playsOn: StoryStage;
  /** Opens on the whole globe with the route's corridor, then descends to the route (on any projection but `flat`). */
  opensOnGlobe: boolean;
  /** A camera that never moves (the request's `camera.mode` is `static` whatever it says). */
  holdsStill: boolean;
}

/**
 * The story presets (contract §19), each with what it plays on: the one place a story's needs are written. Routing's
 * input (`routeInputOf`), the stories that fall back to `auto`, and the camera's chokepoint moves
 * (`remotion/lib/camera/camera.ts`, typed by ChokepointStoryPreset) all derive from it.
 */
export const CAMERA_STORIES = {
  global_corridor_reveal: { punchIn: 1, playsOn: 'route', opensOnGlobe: true, holdsStill: false },
  chokepoint_tension: { punchIn: 1.6, playsOn: 'chokepoints', opensOnGlobe: false, holdsStill: false },
  long_reroute_burden: { punchIn: 1, playsOn: 'avoided_route', opensOnGlobe: false, holdsStill: false },
  tension_build: { punchIn: 1.8, playsOn: 'chokepoints', opensOnGlobe: false, holdsStill: false },
  canal_bottleneck: { punchIn: 2.4, playsOn: 'canals', opensOnGlobe: false, holdsStill: false },
  chokepoint_focus: { punchIn: 2.6, playsOn: 'chokepoints', opensOnGlobe: false, holdsStill: false },
  static_overview: { punchIn: 1, playsOn: 'route', opensOnGlobe: false, holdsStill: true },
} as const satisfies Record<StoryCameraPreset, CameraStory>;

/** What `auto` plays on a long route (contract §19: over 3,000 km, unless the map is kept flat). */
export const AUTO_LONG_ROUTE_STORY = 'global_corridor_reveal' satisfies StoryCameraPreset;

/** The presets whose story is told at chokepoints (every one passed, or the canals). */
export type ChokepointStoryPreset = {
  [P in StoryCameraPreset]: (typeof CAMERA_STORIES)[P]['playsOn'] extends 'chokepoints' | 'canals' ? P : never;
}[StoryCameraPreset];

function storyOf(preset: CameraPreset | undefined): CameraStory | undefined {
  return preset !== undefined && preset in CAMERA_STORIES ? CAMERA_STORIES[preset as StoryCameraPreset] : undefined;
}

/** Whether a preset opens on the whole globe before it descends to the route. */
export function opensOnGlobe(preset: CameraPreset): boolean {
  return storyOf(preset)?.opensOnGlobe ?? false;
}

/** Whether a preset's camera never moves. */
export function holdsStill(preset: CameraPreset): boolean {
  return storyOf(preset)?.holdsStill ?? false;
}

/** The punch-in a preset uses when the request sets none (1: no punch-in). */
export function presetPunchIn(preset: CameraPreset): number {
  return storyOf(preset)?.punchIn ?? 1;
}

/** Whether a preset's story is told at chokepoints (and needs the route to pass one). */
export function playsOnChokepoints(preset: CameraPreset): preset is ChokepointStoryPreset {
  const stage = storyOf(preset)?.playsOn;
  return stage === 'chokepoints' || stage === 'canals';
}

/** Whether a preset's story shows the route that `route.avoid` turned away from (routing must plan it too). */
export function showsAvoidedRoute(preset: CameraPreset | undefined): boolean {
  return storyOf(preset)?.playsOn === 'avoided_route';
}

/** The chokepoints a preset plays on: every passage, or the canals only for a story that plays on canals. */
export function storyChokepoints(preset: CameraPreset, passages: readonly ChokepointPassage[]): ChokepointPassage[] {
  if (!playsOnChokepoints(preset)) return [];
  if (CAMERA_STORIES[preset].playsOn === 'canals')
    return passages.filter((p) => p.chokepoint !== null && (CANALS as readonly string[]).includes(p.chokepoint));
  return [...passages];
}

/** Whether a story has what it plays on: chokepoints for the chokepoint stories, an avoided route for the reroute. */
export function storyPlays(preset: CameraPreset, passages: readonly ChokepointPassage[], plan: Pick<RoutePlan, 'avoided'>): boolean {
  if (showsAvoidedRoute(preset)) return plan.avoided !== undefined;
  return !playsOnChokepoints(preset) || storyChokepoints(preset, passages).length > 0;
}

/**
 * What the job record says about its camera (`camera_notes`): that a story had nothing to play on
 * (no chokepoint passed, no route avoided) and rendered like `auto`.
 */
export function cameraNotes(preset: CameraPreset, passages: readonly ChokepointPassage[], plan: Pick<RoutePlan, 'avoided'>): string[] {
  if (storyPlays(preset, passages, plan)) return [];
  const stage = storyOf(preset)?.playsOn;
  const why =
    stage === 'avoided_route'
      ? 'route.avoid turned the route away from no passage it would otherwise take'
      : `the route passes ${stage === 'canals' ? 'no canal (Suez, Panama)' : 'no chokepoint'}`;
  return [`camera.preset ${preset}: ${why}, so the camera played like auto.`];
}
