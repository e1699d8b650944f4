/**
 * Everything about a region_focus video that does not change from frame to frame: the region on
 * the map, the camera (opening view, flight, hold) and the moments things appear. Pure.
 */
import type { CompositionRegionFocus, PropsOf } from '../../../src/modules/contract';
import { type CameraState, maxZoom, type Viewport } from '../../lib/camera/camera';
import { intensityFactors } from '../../lib/camera/camera-intensity';
import { boundsToBox, nearLongitude } from '../../lib/geo/countries';
import type { Rect } from '../../lib/layout/labels';
import { project, type WorldPoint } from '../../lib/geo/mercator';
import { continentCamera, frameCamera, type RegionTarget, regionTarget, safeRect, worldCamera } from '../../lib/camera/regions';
import { type Box, unionBoxes } from '../../lib/geo/route-geometry';
import { sizeUnit } from '../../lib/layout/safe-area';
import { viewportOf } from '../../lib/scene/scene';
import { planTimeline, type Timeline } from '../../lib/time/timeline';
import { planFlight } from './flight';

export interface RegionFocusPlan {
  settings: CompositionRegionFocus;
  /** null: a country the map has no polygons for (the camera then stays on the world). */
  target: RegionTarget | null;
  centerLng: number;
  /** The framed part of the region, world units (a country's main landmass, or the box). */
  regionBox: Box | null;
  markers: WorldPoint[];
  /** Screen rectangle of the region's title (`label`), kept clear by the framing; null without one. */
  labelRect: Rect | null;
  start: CameraState;
  hold: CameraState;
  track: CameraState[];
  timeline: Timeline;
  /** Frames. */
  departAt: number;
  arriveAt: number;
  /** The highlight, dimming and outline fade in over [revealFrom, revealTo]. */
  revealFrom: number;
  revealTo: number;
  /** Frame each marker starts to appear. */
  markerAt: number[];
  /** Frames a marker takes to appear. */
  markerFade: number;
}

/** Height of the region title's band at the top of the safe area, in size units (1% of the short side). */
export const LABEL_BAND_UNITS = 10;

export function planRegionFocus(props: PropsOf<'region_focus'>): RegionFocusPlan {
  const settings = props.region_focus;
  const viewport: Viewport = viewportOf(props);
  const target = regionTarget(settings.region);
  const centerLng = target?.centerLng ?? (settings.markers.length ? settings.markers[0].lng : 0);
  const regionBox = target ? boundsToBox(target.bounds, centerLng) : null;
  const markers = settings.markers.map((m) => project(nearLongitude(m.lng, centerLng), m.lat, centerLng));

  const unit = sizeUnit(props.width, props.height);
  const safe = safeRect(viewport);
  const labelRect = settings.label ? { x: safe.x, y: safe.y, width: safe.width, height: LABEL_BAND_UNITS * unit } : null;
  // The region and its markers fill the safe area below the title's band.
  const area = labelRect ? { ...safe, y: safe.y + labelRect.height, height: safe.height - labelRect.height } : safe;
  const subjects: Box[] = [...(regionBox ? [regionBox] : []), ...markers.map((p) => ({ minX: p.x, maxX: p.x, minY: p.y, maxY: p.y }))];
  const world = worldCamera(viewport, 'cover');
  const hold = subjects.length ? frameCamera(unionBoxes(subjects), viewport, area, 0.08) : world;
  const start = settings.from === 'continent' && target ? continentCamera(target, viewport, hold) : world;

  const tilt = props.camera.tilt;
  const factors = intensityFactors(props.camera.intensity);
  const base = planTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    legLengths: [],
    dwellSeconds: [],
  });
  const flight = planFlight({
    start: { ...start, tilt: 0 },
    hold: { ...hold, tilt },
    viewPx: Math.min(safe.width, safe.height),
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    departAt: base.intro.end,
    moveTime: factors.moveTime,
    zoomIn: factors.zoomIn,
    maxZoom: maxZoom(viewport),
  });
  const { departAt, arriveAt } = flight;
  const fps = props.fps;
  const flightFrames = arriveAt - departAt;
  const revealFrom = Math.round(arriveAt - flightFrames * 0.3);
  const revealTo = Math.min(props.durationInFrames - 1, Math.round(arriveAt + fps * 0.25));
  // Markers one after another from just after arrival, done within 40% of the hold.
  const markerFade = Math.round(fps * 0.4);
  const holdLeft = Math.max(1, props.durationInFrames - arriveAt - markerFade);
  const stagger = markers.length > 1 ? Math.min(fps * 0.2, (holdLeft * 0.4) / (markers.length - 1)) : 0;
  const markerAt = markers.map((_, i) => Math.round(arriveAt + fps * 0.15 + i * stagger));

  const timeline: Timeline = { ...base, legs: [], dwells: [], outro: { start: arriveAt, end: props.durationInFrames } };
  return {
    settings,
    target,
    centerLng,
    regionBox,
    markers,
    labelRect,
    start,
    hold,
    track: flight.track,
    timeline,
    departAt,
    arriveAt,
    revealFrom,
    revealTo,
    markerAt,
    markerFade,
  };
}
