/**
 * Everything about a country_data video that does not change from frame to frame: the camera
 * (still: the world, or the region framed like region_focus's hold), the colour scale and when
 * each country fills in. Pure.
 */
import { STYLES, type CompositionCountryData, type PropsOf } from '../../../src/modules/contract';
import type { CameraState } from '../../lib/camera/camera';
import { boundsToBox } from '../../lib/geo/countries';
import { frameCamera, regionTarget, safeRect, WORLD_CENTER_LNG, worldCamera } from '../../lib/camera/regions';
import { viewportOf } from '../../lib/scene/scene';
import { planTimeline, type Timeline } from '../../lib/time/timeline';
import { buildChoroplethScale, type ChoroplethScale } from './scale';

export interface CountryFill {
  id: string;
  name: string;
  value: number;
  color: string;
  /** Frames over which the fill fades in. */
  from: number;
  to: number;
}

export interface CountryDataPlan {
  settings: CompositionCountryData;
  centerLng: number;
  camera: CameraState;
  timeline: Timeline;
  scale: ChoroplethScale;
  /** In the order they settle (the reveal order); one entry per country. */
  fills: CountryFill[];
  /** Frame the legend starts to appear. */
  legendAt: number;
}

/** Seconds one country takes to fill in. */
export const FILL_SECONDS = 0.5;
/** `all`: seconds everything takes to fade in together. */
export const ALL_FADE_SECONDS = 1.2;

/**
 * When each country fills in. `ranked`: one after another from the lowest value to the highest,
 * so the video builds up to the leaders (ties in id order); the countries start at even steps over
 * 60% of the time after the opening, or faster with few countries (a quarter second apart at
 * most). `all`: every country fades in together over 1.2 s.
 */
export function revealSchedule(
  values: Array<{ id: string; value: number }>,
  reveal: CompositionCountryData['reveal'],
  timing: { fps: number; start: number; durationInFrames: number },
): Array<{ id: string; from: number; to: number }> {
  const { fps, start, durationInFrames } = timing;
  const left = Math.max(1, durationInFrames - start);
  if (reveal === 'all') {
    const to = start + Math.max(1, Math.round(Math.min(ALL_FADE_SECONDS * fps, left * 0.5)));
    return values.map((v) => ({ id: v.id, from: start, to }));
  }
  const ordered = [...values].sort((a, b) => a.value - b.value || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const fade = Math.max(1, Math.min(FILL_SECONDS * fps, left * 0.3));
  const span = Math.min(left * 0.6, fade + (ordered.length - 1) * fps * 0.25);
  const step = ordered.length > 1 ? Math.max(0, span - fade) / (ordered.length - 1) : 0;
  return ordered.map((v, i) => {
    const from = Math.round(start + i * step);
    return { id: v.id, from, to: from + Math.round(fade) };
  });
}

export function planCountryData(props: PropsOf<'country_data'>): CountryDataPlan {
  const settings = props.country_data;
  const viewport = viewportOf(props);
  const target = settings.region ? regionTarget(settings.region) : null;
  const centerLng = target?.centerLng ?? WORLD_CENTER_LNG;
  const camera = target ? frameCamera(boundsToBox(target.bounds, centerLng), viewport, safeRect(viewport), 0.1) : worldCamera(viewport);
  const tilt = props.camera.tilt;

  // One value per country: a later entry for the same country replaces an earlier one.
  const byId = new Map<string, { id: string; name: string; value: number }>();
  for (const v of settings.values)
    if (Number.isFinite(v.value)) byId.set(v.iso_numeric, { id: v.iso_numeric, name: v.name, value: v.value });
  const entries = [...byId.values()];
  const dark = STYLES.find((s) => s.id === props.style)?.dark ?? false;
  const scale = buildChoroplethScale(
    entries.map((e) => e.value),
    settings.palette,
    dark,
  );

  const base = planTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    legLengths: [],
    dwellSeconds: [],
  });
  const start = base.intro.end;
  const schedule = revealSchedule(entries, settings.reveal, { fps: props.fps, start, durationInFrames: props.durationInFrames });
  const fills = schedule.map((s) => {
    const entry = byId.get(s.id)!;
    return { ...entry, color: scale.color(entry.value), from: s.from, to: s.to };
  });
  const settled = fills.reduce((m, f) => Math.max(m, f.to), start);
  const timeline: Timeline = {
    ...base,
    legs: [],
    dwells: [],
    outro: { start: Math.min(settled, props.durationInFrames), end: props.durationInFrames },
  };
  return {
    settings,
    centerLng,
    camera: { ...camera, tilt },
    timeline,
    scale,
    fills,
    legendAt: Math.max(0, start - Math.round(props.fps * 0.2)),
  };
}
