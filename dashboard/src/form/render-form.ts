/**
 * The composer's state and the render body it stands for (contract §3, §13, §14, §19, §20, §21). The form keeps
 * what a person edits; `toRequestBody` sends only what differs from the API's defaults, so a saved
 * template or a copied body stays short and the service's own defaults apply.
 */
import {
  ASPECT_RATIOS,
  CAMERA_EASES,
  CAMERA_INTENSITIES,
  CAMERA_MODES,
  CAMERA_PRESETS,
  HUD_POSITIONS,
  PROJECTIONS,
  RENDER_MODES,
  RESOLUTIONS,
  TEXT_OVERLAY_POSITIONS,
  TEXT_OVERLAY_STYLES,
  TRANSPORTS,
  UNITS,
} from '@mapr/sdk';
import type {
  AspectRatio,
  CameraEase,
  CameraIntensity,
  CameraMode,
  CameraPreset,
  CreateRenderRequest,
  HudPosition,
  Place,
  Projection,
  RenderMode,
  Resolution,
  TemplateSettings,
  TextOverlayPosition,
  TextOverlayStyle,
  Transport,
  Units,
} from '../api/types';
import {
  DEFAULT_CAMERA_EASE,
  DEFAULT_PROJECTION,
  DEFAULT_RENDER_MODE,
  DEFAULT_TERRAIN,
  STORY_CAMERA_PRESETS,
  TERRAIN_NUMBER_BOUNDS,
  type CameraInput,
} from '../../../src/modules/contract';
import { modeTakes } from './shared-fields';

/**
 * Where the composer keeps each field of the request's camera (the contract's camera schema), or null for one it does
 * not offer. A new camera field fails the type check here until it is placed (its input in CameraSection, its
 * conversions in toRequestBody and fromRequestBody, which render-form.spec.ts round-trips for every field placed) or
 * declined.
 */
export const CAMERA_FORM_FIELDS = {
  preset: 'cameraPreset',
  // The opening zoom is the story's to choose in the composer; the API takes it.
  start_zoom: null,
  tilt: 'cameraTilt',
  intensity: 'cameraIntensity',
  mode: 'cameraMode',
  waypoint_zoom: 'cameraWaypointZoom',
  ease: 'cameraEase',
  start_focus_waypoint: 'cameraStartFocus',
  focus_hold_seconds: 'cameraFocusHold',
  opening_zoom_boost: 'cameraOpeningBoost',
  chokepoint_punch_in: 'cameraPunchIn',
} as const satisfies { [Field in keyof CameraInput]-?: keyof RenderForm | null };

/** A place picked from the place search: sent as its coordinates, shown as it reads. */
export interface PickedPlace {
  /** "Lisbon, Ohio, United States", shown in the place field. */
  displayName: string;
  /** "Lisbon": the label it gave the waypoint (replaced when another place is picked, unless the person changed it). */
  name: string;
}

export interface WaypointForm {
  /** Stable React key. */
  key: string;
  /** A place name resolved by the service, or empty when coordinates are used (typed, or of a picked place). */
  place: string;
  /** The place picked from the suggestions, whose coordinates lat and lng hold; null for a typed name or coordinates. */
  picked: PickedPlace | null;
  lat: string;
  lng: string;
  label: string;
  /** The leg that leaves this waypoint; '' = the request's transport. */
  transport: Transport | '';
  dwell: string;
}

export interface OverlayForm {
  key: string;
  text: string;
  start: string;
  end: string;
  position: TextOverlayPosition;
  style: TextOverlayStyle;
}

export interface RenderForm {
  mode: RenderMode;
  waypoints: WaypointForm[];
  transport: Transport;
  /** The settings object of a mode other than route_animation, as JSON text. */
  modeSettings: string;
  duration: string;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  style: string;
  /** The map's projection (contract §20), in every mode; the default, `auto`, is not sent. */
  projection: Projection;
  /** Relief shading under the land (contract §21), in every mode; off by default. */
  terrainEnabled: boolean;
  /** `terrain.exaggeration` (0 to 3): shown, and sent, while the relief is on. */
  terrainExaggeration: number;
  /**
   * Whether the terrain was set, by the person or by the template or job shown: then it is sent even when off,
   * so that turning a template's relief off wins over the template.
   */
  terrainChanged: boolean;
  cameraPreset: CameraPreset | '';
  cameraIntensity: CameraIntensity;
  cameraTilt: string;
  /** The custom fields of contract §19 ("Advanced camera"): '' = not sent, the service's default applies. */
  cameraMode: CameraMode | '';
  cameraWaypointZoom: string;
  cameraEase: CameraEase | '';
  /** `camera.start_focus_waypoint` as a `startFocusKey` ('@Suez', '#2'), '' = the whole route. */
  cameraStartFocus: string;
  cameraFocusHold: string;
  cameraOpeningBoost: string;
  cameraPunchIn: string;
  hud: boolean;
  hudDistance: boolean;
  hudProgressBar: boolean;
  hudPosition: HudPosition;
  titleText: string;
  titleSubtitle: string;
  overlays: OverlayForm[];
  units: Units;
  webhookUrl: string;
  templateId: string;
}

/** The composer's exaggeration slider moves in half steps between the contract's limits. */
export const TERRAIN_EXAGGERATION_STEP = 0.5;

/** `camera.mode` when the request sends none (contract §19): the camera moves with the story. */
export const DEFAULT_CAMERA_MODE: CameraMode = 'follow';

/** Whether a preset tells a story on the route's chokepoints (contract §19): only modes with waypoints take those. */
export function isStoryPreset(preset: CameraPreset | ''): boolean {
  return (STORY_CAMERA_PRESETS as readonly string[]).includes(preset);
}

/** Sets one field of the form. */
export type SetFormField = <K extends keyof RenderForm>(key: K, value: RenderForm[K]) => void;

let nextKey = 0;
export const newKey = (): string => `k${++nextKey}`;

export function emptyWaypoint(place = ''): WaypointForm {
  return { key: newKey(), place, picked: null, lat: '', lng: '', label: '', transport: '', dwell: '' };
}

/**
 * A waypoint at the place picked from the suggestions: its coordinates are sent, so the video shows exactly that
 * place (not the largest of its name), with its name as the label unless the person wrote another.
 */
export function pickPlace(waypoint: WaypointForm, place: Place): WaypointForm {
  const labelWasPicked = !waypoint.label.trim() || waypoint.label === waypoint.picked?.name;
  return {
    ...waypoint,
    place: '',
    picked: { displayName: place.display_name, name: place.name },
    lat: String(place.lat),
    lng: String(place.lng),
    label: labelWasPicked ? place.name : waypoint.label,
  };
}

export function emptyOverlay(): OverlayForm {
  return { key: newKey(), text: '', start: '0', end: '3', position: 'bottom', style: 'caption' };
}

export function initialForm(maxDuration = 10): RenderForm {
  return {
    mode: 'route_animation',
    waypoints: [emptyWaypoint(), emptyWaypoint()],
    transport: 'plane',
    modeSettings: '',
    duration: String(Math.min(8, maxDuration)),
    resolution: '720p',
    aspectRatio: '16:9',
    style: 'standard',
    projection: DEFAULT_PROJECTION,
    terrainEnabled: DEFAULT_TERRAIN.enabled,
    terrainExaggeration: DEFAULT_TERRAIN.exaggeration,
    terrainChanged: false,
    cameraPreset: '',
    cameraIntensity: 'balanced',
    cameraTilt: '',
    cameraMode: '',
    cameraWaypointZoom: '',
    cameraEase: '',
    cameraStartFocus: '',
    cameraFocusHold: '',
    cameraOpeningBoost: '',
    cameraPunchIn: '',
    hud: false,
    hudDistance: true,
    hudProgressBar: true,
    hudPosition: 'bottom-left',
    titleText: '',
    titleSubtitle: '',
    overlays: [],
    units: 'km',
    webhookUrl: '',
    templateId: '',
  };
}

/** A number the person typed, or undefined when the field is empty; text that is not a number is sent as is for the API to name. */
function numberOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : trimmed;
}

function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;
}

export class ModeSettingsError extends Error {}

/**
 * `camera.start_focus_waypoint` as the form keeps it: '@' and a waypoint's label, or '#' and its 0-based index
 * (what the service stores once it has resolved a label), so a label that looks like a number stays a label.
 */
export function startFocusKey(value: string | number): string {
  return typeof value === 'number' ? `#${value}` : `@${value}`;
}

/** A waypoint the opening shot may look at: its key in the form, what the person reads, what the request sends. */
export interface StartFocusOption {
  key: string;
  label: string;
  value: string | number;
}

/**
 * The waypoints `camera.start_focus_waypoint` may name: each by its label (the first of equal labels), or by its
 * 0-based index when it has none.
 */
export function startFocusOptions(waypoints: readonly WaypointForm[]): StartFocusOption[] {
  const labels = new Set<string>();
  return waypoints.map((w, index) => {
    const label = w.label.trim();
    const where = w.picked?.displayName || w.place.trim() || (w.lat.trim() && w.lng.trim() ? `${w.lat.trim()}, ${w.lng.trim()}` : '');
    if (label && !labels.has(label)) {
      labels.add(label);
      return { key: startFocusKey(label), label, value: label };
    }
    return { key: startFocusKey(index), label: `Waypoint ${index + 1}${where ? ` (${where})` : ''}`, value: index };
  });
}

/** What the request sends for the form's start focus: a waypoint chosen by position goes by its label once it has one. */
function startFocusValue(key: string, waypoints: readonly WaypointForm[]): string | number | undefined {
  if (!key) return undefined;
  if (!key.startsWith('#')) return key.slice(1);
  const index = Number(key.slice(1));
  return startFocusOptions(waypoints)[index]?.value ?? index;
}

/**
 * The body of `POST /v1/render` (and of the preview) for this form. It is built loosely and typed at the end:
 * what a person typed goes as typed (text in a number field, mode settings as JSON), so that the service, not
 * the form, says which field is wrong and why, in the same words an API user reads.
 */
export function toRequestBody(form: RenderForm): CreateRenderRequest {
  const body: Record<string, unknown> = {};
  if (form.templateId) body.template_id = form.templateId;
  if (form.mode !== DEFAULT_RENDER_MODE) {
    body.mode = form.mode;
    try {
      body[form.mode] = JSON.parse(form.modeSettings || '{}');
    } catch (error) {
      throw new ModeSettingsError(`The ${form.mode} settings are not valid JSON: ${(error as Error).message}`);
    }
  } else {
    body.waypoints = form.waypoints.map((w) =>
      compact({
        place: w.place.trim() || undefined,
        lat: w.place.trim() ? undefined : numberOrText(w.lat),
        lng: w.place.trim() ? undefined : numberOrText(w.lng),
        label: w.label.trim() || undefined,
        transport: w.transport || undefined,
        dwell: numberOrText(w.dwell),
      }),
    );
  }
  if (modeTakes(form.mode, 'transport')) body.transport = form.transport;
  body.duration = numberOrText(form.duration);
  if (form.resolution !== '720p') body.resolution = form.resolution;
  if (form.aspectRatio !== '16:9') body.aspect_ratio = form.aspectRatio;
  if (form.style && form.style !== 'standard') body.style = form.style;
  if (form.projection !== DEFAULT_PROJECTION) body.projection = form.projection;
  // Relief on names its exaggeration too (a template's own would otherwise show through); off is sent only when
  // the person (or the template or job shown) set it, to turn a template's relief off.
  if (form.terrainEnabled) body.terrain = { enabled: true, exaggeration: form.terrainExaggeration };
  else if (form.terrainChanged) body.terrain = { enabled: false };
  // The story presets and the advanced fields play on waypoints: a mode without them shows none, and sends none.
  const routeCamera = modeTakes(form.mode, 'waypoints');
  const camera = compact({
    preset: form.cameraPreset && (routeCamera || !isStoryPreset(form.cameraPreset)) ? form.cameraPreset : undefined,
    intensity: form.cameraIntensity !== 'balanced' ? form.cameraIntensity : undefined,
    tilt: numberOrText(form.cameraTilt),
    ...(routeCamera
      ? {
          mode: form.cameraMode || undefined,
          waypoint_zoom: numberOrText(form.cameraWaypointZoom),
          ease: form.cameraEase || undefined,
          start_focus_waypoint: startFocusValue(form.cameraStartFocus, form.waypoints),
          focus_hold_seconds: numberOrText(form.cameraFocusHold),
          opening_zoom_boost: numberOrText(form.cameraOpeningBoost),
          chokepoint_punch_in: numberOrText(form.cameraPunchIn),
        }
      : {}),
  });
  if (Object.keys(camera).length) body.camera = camera;
  if (form.hud && modeTakes(form.mode, 'hud')) {
    body.hud = { distance: form.hudDistance, progress_bar: form.hudProgressBar, position: form.hudPosition };
  }
  if (form.titleText.trim()) body.title = compact({ text: form.titleText.trim(), subtitle: form.titleSubtitle.trim() || undefined });
  if (form.overlays.length) {
    body.text_overlays = form.overlays.map((o) => ({
      text: o.text,
      start: numberOrText(o.start),
      end: numberOrText(o.end),
      position: o.position,
      style: o.style,
    }));
  }
  if (form.units !== 'km') body.units = form.units;
  if (form.webhookUrl.trim()) body.webhook_url = form.webhookUrl.trim();
  return body as CreateRenderRequest;
}

const str = (value: unknown): string => (value === undefined || value === null ? '' : String(value));

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/**
 * A form showing a render body or a template's settings (a job to render again, a template picked):
 * fields the body leaves out keep `base`'s values.
 */
export function fromRequestBody(body: Record<string, unknown>, base: RenderForm): RenderForm {
  const form: RenderForm = { ...base };
  const mode = oneOf(RENDER_MODES, body.mode, body.waypoints ? DEFAULT_RENDER_MODE : base.mode);
  form.mode = mode;
  if (mode !== DEFAULT_RENDER_MODE && body[mode]) form.modeSettings = JSON.stringify(body[mode], null, 2);
  if (Array.isArray(body.waypoints)) {
    form.waypoints = (body.waypoints as Record<string, unknown>[]).map((w) => ({
      key: newKey(),
      place: str(w.place),
      picked: null,
      // A normalised job keeps both the place and its coordinates: show the place alone.
      lat: w.place ? '' : str(w.lat),
      lng: w.place ? '' : str(w.lng),
      label: str(w.label),
      transport: oneOf(TRANSPORTS, w.transport, '' as Transport),
      dwell: w.dwell ? str(w.dwell) : '',
    }));
  }
  if (body.transport) form.transport = oneOf(TRANSPORTS, body.transport, base.transport);
  if (body.duration !== undefined) form.duration = str(body.duration);
  if (body.resolution) form.resolution = oneOf(RESOLUTIONS, body.resolution, base.resolution);
  if (body.aspect_ratio) form.aspectRatio = oneOf(ASPECT_RATIOS, body.aspect_ratio, base.aspectRatio);
  if (typeof body.style === 'string') form.style = body.style;
  if (body.projection) form.projection = oneOf(PROJECTIONS, body.projection, base.projection);
  if (body.terrain && typeof body.terrain === 'object') {
    const terrain = body.terrain as Record<string, unknown>;
    if (typeof terrain.enabled === 'boolean') form.terrainEnabled = terrain.enabled;
    const exaggeration = terrain.exaggeration;
    const { min, max } = TERRAIN_NUMBER_BOUNDS.exaggeration;
    if (typeof exaggeration === 'number' && exaggeration >= min && exaggeration <= max) {
      form.terrainExaggeration = exaggeration;
    }
    // A job's stored request names the defaults (off, 1): they show as they are, and are not sent again.
    form.terrainChanged =
      base.terrainChanged || form.terrainEnabled !== DEFAULT_TERRAIN.enabled || form.terrainExaggeration !== DEFAULT_TERRAIN.exaggeration;
  }
  const camera = (body.camera ?? {}) as Record<string, unknown>;
  if (camera.preset) form.cameraPreset = oneOf(CAMERA_PRESETS, camera.preset, '' as RenderForm['cameraPreset']);
  if (camera.intensity) form.cameraIntensity = oneOf(CAMERA_INTENSITIES, camera.intensity, 'balanced');
  if (camera.tilt !== undefined) form.cameraTilt = camera.tilt ? str(camera.tilt) : '';
  // A job's stored request has every default filled in: the defaults show as the empty choice, and are not sent again.
  if (camera.mode)
    form.cameraMode = camera.mode === DEFAULT_CAMERA_MODE ? '' : oneOf(CAMERA_MODES, camera.mode, '' as RenderForm['cameraMode']);
  if (camera.waypoint_zoom !== undefined) form.cameraWaypointZoom = str(camera.waypoint_zoom);
  if (camera.ease)
    form.cameraEase = camera.ease === DEFAULT_CAMERA_EASE ? '' : oneOf(CAMERA_EASES, camera.ease, '' as RenderForm['cameraEase']);
  if (typeof camera.start_focus_waypoint === 'string' || typeof camera.start_focus_waypoint === 'number') {
    form.cameraStartFocus = startFocusKey(camera.start_focus_waypoint);
  }
  if (camera.focus_hold_seconds !== undefined) form.cameraFocusHold = str(camera.focus_hold_seconds);
  if (camera.opening_zoom_boost !== undefined) form.cameraOpeningBoost = str(camera.opening_zoom_boost);
  if (camera.chokepoint_punch_in !== undefined) form.cameraPunchIn = str(camera.chokepoint_punch_in);
  if (body.hud && typeof body.hud === 'object') {
    const hud = body.hud as Record<string, unknown>;
    form.hud = true;
    form.hudDistance = hud.distance !== false;
    form.hudProgressBar = hud.progress_bar !== false;
    form.hudPosition = oneOf(HUD_POSITIONS, hud.position, base.hudPosition);
  } else if (body.hud === false) {
    form.hud = false;
  }
  const title = body.title as { text?: string; subtitle?: string } | undefined;
  if (title) {
    form.titleText = str(title.text);
    form.titleSubtitle = str(title.subtitle);
  }
  if (Array.isArray(body.text_overlays)) {
    form.overlays = (body.text_overlays as Record<string, unknown>[]).map((o) => ({
      key: newKey(),
      text: str(o.text),
      start: str(o.start),
      end: str(o.end),
      position: oneOf(TEXT_OVERLAY_POSITIONS, o.position, 'bottom'),
      style: oneOf(TEXT_OVERLAY_STYLES, o.style, 'caption'),
    }));
  }
  if (body.units) form.units = oneOf(UNITS, body.units, 'km');
  if (typeof body.webhook_url === 'string') form.webhookUrl = body.webhook_url;
  return form;
}

/** What a template may hold: the body without the per-job fields (contract §12). */
export function templateSettings(body: CreateRenderRequest): TemplateSettings {
  const { webhook_url: _webhook, template_id: _template, ...settings } = body;
  return settings;
}
