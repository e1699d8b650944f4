/**
 * The camera: for every frame, the world point at the centre of the safe area (x, y), the zoom
 * z = log2(pixels per world unit) and the tilt in degrees. Built as a sequence of "shots"
 * (the whole route, each leg, the whole route again) that hand over to one another with a
 * van Wijk–Nuij zoom-pan (it zooms out while travelling far, like a person would), then lightly
 * smoothed so that no frame-to-frame change of speed is abrupt. `camera.intensity` scales how far
 * the shots zoom in and how fast they move; a waypoint's `zoom_override` brings the camera onto the
 * waypoint at that zoom while the vehicle passes it, and its `hold` stands the camera still there.
 * A pure function of the props.
 */
import {
  type CameraIntensity,
  type CameraPreset,
  type ChokepointPassage,
  type ChokepointStoryPreset,
  type MapAnimationProps,
  playsOnChokepoints,
} from '../../../src/modules/contract';
import { type IntensityFactors, intensityFactors } from './camera-intensity';
import { clamp, EASES, lerp, smootherstep } from '../time/easing';
import { paceTable, type PaceTable, type SlowZone } from '../time/pace';
import { EARTH_CIRCUMFERENCE_KM } from '../geo/mercator';
import { type Box, headingAlong, legFractionNearest, pointAlong, progressAt, type RouteGeometry } from '../geo/route-geometry';
import { firstClearRow, perspectiveDistance, screenToPlane } from './perspective';
import { type Insets } from '../layout/safe-area';
import { frameAtLegFraction, type Span, type Timeline } from '../time/timeline';

export interface CameraState {
  x: number;
  y: number;
  z: number;
  /** Degrees. */
  tilt: number;
  /** How much of the globe the frame shows (contract §20): 1 the whole globe, 0 or unset the flat map (lib/globe/globe.ts). */
  globe?: number;
}

export interface Viewport {
  width: number;
  height: number;
  insets: Insets;
}

/** Screen point the camera's (x, y) lands on: the centre of the safe area. */
export function focusPoint(v: Viewport): { x: number; y: number } {
  return {
    x: v.insets.left + (v.width - v.insets.left - v.insets.right) / 2,
    y: v.insets.top + (v.height - v.insets.top - v.insets.bottom) / 2,
  };
}

export function safeSize(v: Viewport): { w: number; h: number } {
  return { w: Math.max(1, v.width - v.insets.left - v.insets.right), h: Math.max(1, v.height - v.insets.top - v.insets.bottom) };
}

/** Closest zoom: the short side of the safe area spans 80 km (closer, Natural Earth shows nothing but blank land). */
export function maxZoom(v: Viewport): number {
  const { w, h } = safeSize(v);
  return Math.log2(Math.min(w, h) / (80 / EARTH_CIRCUMFERENCE_KM));
}
/** Farthest zoom: the safe area's long side spans 1.6 worlds (the map repeats sideways). */
export function minZoom(v: Viewport): number {
  const { w, h } = safeSize(v);
  return Math.log2(Math.max(w, h) / 1.6);
}

/** Camera that shows `box` inside the safe area with `padding` (fraction of the box) around it. */
export function fitBox(box: Box, v: Viewport, padding = 0.12): { x: number; y: number; z: number } {
  const { w, h } = safeSize(v);
  const bw = Math.max(box.maxX - box.minX, 1e-9) * (1 + 2 * padding);
  const bh = Math.max(box.maxY - box.minY, 1e-9) * (1 + 2 * padding);
  const z = clamp(Math.log2(Math.min(w / bw, h / bh)), minZoom(v), maxZoom(v));
  return { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2, z };
}

/**
 * van Wijk & Nuij's optimal zoom-pan between two cameras (the same maths as d3.interpolateZoom),
 * in world units with the view's width `viewPx / 2^z`. Tilt is blended linearly.
 */
export function zoomPan(a: CameraState, b: CameraState, u: number, viewPx: number, rho = 1.3): CameraState {
  const w0 = viewPx / 2 ** a.z;
  const w1 = viewPx / 2 ** b.z;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const d2 = dx * dx + dy * dy;
  const tilt = lerp(a.tilt, b.tilt, u);
  const rho2 = rho * rho;
  const rho4 = rho2 * rho2;
  if (d2 < 1e-18 * (w0 * w0 + w1 * w1)) {
    return { x: a.x + u * dx, y: a.y + u * dy, z: lerp(a.z, b.z, u), tilt };
  }
  const d1 = Math.sqrt(d2);
  const b0 = (w1 * w1 - w0 * w0 + rho4 * d2) / (2 * w0 * rho2 * d1);
  const b1 = (w1 * w1 - w0 * w0 - rho4 * d2) / (2 * w1 * rho2 * d1);
  const r0 = Math.log(Math.sqrt(b0 * b0 + 1) - b0);
  const r1 = Math.log(Math.sqrt(b1 * b1 + 1) - b1);
  const S = (r1 - r0) / rho;
  const s = u * S;
  const coshr0 = Math.cosh(r0);
  const along = (w0 / (rho2 * d1)) * (coshr0 * Math.tanh(rho * s + r0) - Math.sinh(r0));
  const width = (w0 * coshr0) / Math.cosh(rho * s + r0);
  // At u = 1 the formula lands on b up to rounding; snap so shots meet exactly.
  if (u >= 1) return { ...b };
  return { x: a.x + along * dx, y: a.y + along * dy, z: Math.log2(viewPx / width), tilt };
}

/** How each preset frames a leg. */
interface PresetStyle {
  /** Zoom added to the zoom that fits the whole leg (0 = whole leg, 1 = twice as close). */
  legZoomIn: number;
  /** How far the framing's centre follows the vehicle (0 = leg centre, 1 = on the vehicle). */
  follow: number;
  /** Look-ahead along the heading, as a fraction of the view's width. */
  lookAhead: number;
  /** Frame every leg at all (overview: the whole route throughout). */
  perLeg: boolean;
  /** Whether the tilt only applies while travelling (flat opening and closing shots). */
  tiltWhileTravelling: boolean;
  /** Zoom-in over a pause on a waypoint. */
  dwellPushIn: number;
  /** Length of a handover between shots, seconds. */
  handover: number;
}

/** auto's framing; chokepoint_tension travels the same way between its chokepoints. */
const AUTO_STYLE: PresetStyle = {
  legZoomIn: 0.45,
  follow: 0.85,
  lookAhead: 0.1,
  perLeg: true,
  tiltWhileTravelling: false,
  dwellPushIn: 0.35,
  handover: 1.0,
};

/** overview's framing; static_overview is the same whole route, held (props.camera.mode is static). */
const OVERVIEW_STYLE: PresetStyle = {
  legZoomIn: 0,
  follow: 0,
  lookAhead: 0,
  perLeg: false,
  tiltWhileTravelling: false,
  dwellPushIn: 0,
  handover: 1.2,
};

const PRESETS: Record<CameraPreset, PresetStyle> = {
  auto: AUTO_STYLE,
  follow: {
    legZoomIn: 1.4,
    follow: 1,
    lookAhead: 0.08,
    perLeg: true,
    tiltWhileTravelling: false,
    dwellPushIn: 0.3,
    handover: 0.9,
  },
  overview: OVERVIEW_STYLE,
  cinematic: {
    legZoomIn: 1.0,
    follow: 1,
    lookAhead: 0.14,
    perLeg: true,
    tiltWhileTravelling: true,
    dwellPushIn: 0.5,
    handover: 1.6,
  },
  // After its globe opening (lib/globe/globe-camera.ts) the corridor reveal follows the route as auto does.
  global_corridor_reveal: AUTO_STYLE,
  // The chokepoint stories travel like auto (or closer) between their chokepoints; what they do at
  // a chokepoint is CHOKEPOINT_STORIES' business.
  chokepoint_tension: AUTO_STYLE,
  tension_build: {
    legZoomIn: 0.3,
    follow: 0.7,
    lookAhead: 0.08,
    perLeg: true,
    tiltWhileTravelling: false,
    dwellPushIn: 0.3,
    handover: 1.2,
  },
  canal_bottleneck: {
    legZoomIn: 0.8,
    follow: 1,
    lookAhead: 0.1,
    perLeg: true,
    tiltWhileTravelling: false,
    dwellPushIn: 0.35,
    handover: 1.0,
  },
  chokepoint_focus: {
    legZoomIn: 0.9,
    follow: 1,
    lookAhead: 0.06,
    perLeg: true,
    tiltWhileTravelling: false,
    dwellPushIn: 0.35,
    handover: 0.8,
  },
  // Wider than auto, so the detour reads against the avoided route drawn under it.
  long_reroute_burden: {
    legZoomIn: 0.15,
    follow: 0.55,
    lookAhead: 0.06,
    perLeg: true,
    tiltWhileTravelling: false,
    dwellPushIn: 0.2,
    handover: 1.3,
  },
  static_overview: OVERVIEW_STYLE,
};

/**
 * What a chokepoint story does where the route passes a chokepoint (contract §19): the vehicle slows
 * over a stretch of `reachKm` on either side (to `speed` of its pace elsewhere, lib/time/pace.ts), and
 * the camera punches in on it by `camera.chokepoint_punch_in`. `firstOnly`: tension_build plays on
 * the first chokepoint alone, with a zoom that builds from the start of travel.
 */
export interface ChokepointStory {
  speed: number;
  reachKm: number;
  firstOnly: boolean;
  buildsUp: boolean;
}

/** How each chokepoint story moves (the compiler asks for one per preset that CAMERA_STORIES says plays on chokepoints). */
export const CHOKEPOINT_STORIES: Record<ChokepointStoryPreset, ChokepointStory> = {
  chokepoint_tension: { speed: 0.35, reachKm: 700, firstOnly: false, buildsUp: false },
  tension_build: { speed: 0.5, reachKm: 600, firstOnly: true, buildsUp: true },
  canal_bottleneck: { speed: 0.22, reachKm: 350, firstOnly: false, buildsUp: false },
  chokepoint_focus: { speed: 0.08, reachKm: 500, firstOnly: false, buildsUp: false },
};

export type ChokepointZone = { passage: ChokepointPassage; leg: number } & SlowZone;

/**
 * The chokepoints a camera plays on, each with its slow zone as a share of its leg (placed where the
 * drawn line comes closest to the chokepoint).
 */
export function chokepointZones(props: Pick<MapAnimationProps, 'camera' | 'legs'>, geometry: RouteGeometry): ChokepointZone[] {
  const preset = props.camera.preset;
  if (!playsOnChokepoints(preset)) return [];
  const story = CHOKEPOINT_STORIES[preset];
  const passages = story.firstOnly ? props.camera.chokepoints.slice(0, 1) : props.camera.chokepoints;
  return passages
    .filter((p) => p.leg < geometry.legs.length)
    .map((passage) => ({
      passage,
      leg: passage.leg,
      at: legFractionNearest(geometry, passage.leg, passage.lng, passage.lat),
      halfWidth: clamp(story.reachKm / Math.max(1, props.legs[passage.leg]?.distance_km ?? 0), 0.01, 0.2),
      speed: story.speed,
    }));
}

/** Each leg's pace: slow around the chokepoints the camera plays on (null where there are none). */
export function chokepointPaces(zones: readonly ChokepointZone[], legCount: number): Array<PaceTable | null> {
  return Array.from({ length: legCount }, (_, leg) => paceTable(zones.filter((z) => z.leg === leg)));
}

/**
 * A preset as `intensity` plays it: zoom-ins scaled by `zoomIn`, handovers lengthened by
 * `moveTime`, following scaled by `follow` (never past the vehicle). Balanced is the preset itself.
 */
export function presetStyle(preset: CameraPreset, intensity: CameraIntensity | undefined | null): PresetStyle {
  const base = PRESETS[preset] ?? PRESETS.auto;
  const f: IntensityFactors = intensityFactors(intensity);
  return {
    ...base,
    legZoomIn: base.legZoomIn * f.zoomIn,
    dwellPushIn: base.dwellPushIn * f.zoomIn,
    follow: Math.min(1, base.follow * f.follow),
    handover: base.handover * f.moveTime,
  };
}

/**
 * One framing of the camera. `stillFirst`/`stillLast`: frames at its start or end where the
 * camera holds still on a waypoint; handovers to neighbouring shots stay out of them.
 */
type Shot = { from: number; to: number; at: (frame: number) => CameraState; stillFirst: number; stillLast: number };

export interface CameraInput {
  props: Pick<MapAnimationProps, 'camera' | 'legs' | 'fps' | 'durationInFrames' | 'waypoints'>;
  geometry: RouteGeometry;
  timeline: Timeline;
  viewport: Viewport;
}

/** The zoom the 1–20 scale of the request means (1 = the whole world across the safe area's short side). */
export function requestZoom(level: number, viewport: Viewport): number {
  const { w, h } = safeSize(viewport);
  return clamp(Math.log2(Math.min(w, h)) + level - 1, minZoom(viewport), maxZoom(viewport));
}

/** Non-empty holds of the timeline. */
function holdSpans(timeline: Timeline): Span[] {
  return timeline.holds.filter((s) => s.end > s.start);
}

/** The camera of every frame (index = frame). */
export function planCameraTrack({ props, geometry, timeline, viewport }: CameraInput): CameraState[] {
  const preset = presetStyle(props.camera.preset, props.camera.intensity);
  const fps = props.fps;
  // Resolved on the server (the preset's own tilt when the request sets none: contract/modes/route-animation.ts).
  const travelTilt = props.camera.tilt;
  const restTilt = preset.tiltWhileTravelling ? 0 : travelTilt;
  const { w, h } = safeSize(viewport);
  const viewPx = Math.min(w, h);
  const zMin = minZoom(viewport);
  const zMax = maxZoom(viewport);

  const whole = fitBox(geometry.bbox, viewport, 0.1);
  const lastFrame = timeline.durationInFrames;
  // camera.mode static (and static_overview): one frame that holds the whole route, no movement at all.
  if (props.camera.mode === 'static') return Array.from({ length: lastFrame }, () => ({ ...whole, tilt: travelTilt }));
  const ease = EASES[props.camera.ease] ?? EASES['cubic-in-out'];
  const holds = holdSpans(timeline);
  const holdLength = (span: Span | undefined) => (span ? Math.max(0, span.end - span.start) : 0);
  // The overview's slow push-in pauses while the camera holds on a waypoint.
  const movingFrames = (frame: number) => frame - holds.reduce((sum, s) => sum + clamp(frame - s.start, 0, s.end - s.start), 0);
  const overviewDrift = (frame: number) => 0.12 * (movingFrames(frame) / Math.max(1, timeline.durationInFrames));
  const wholeShot = (frame: number): CameraState => ({ ...whole, z: whole.z + (preset.perLeg ? 0 : overviewDrift(frame)), tilt: restTilt });

  const shots: Shot[] = [];
  const introEnd = timeline.intro.end;

  // Opening shot: the whole route, or a waypoint (start_focus_waypoint, else the first when a start
  // zoom is set) at the requested start zoom or its legs' framing; opening_zoom_boost multiplies
  // its scale. With focus_hold_seconds the opening (lengthened by the timeline) stands still throughout.
  const boost = Math.log2(Math.max(1, props.camera.opening_zoom_boost ?? 1));
  const focusIndex = props.camera.start_focus_waypoint ?? (props.camera.start_zoom != null ? 0 : null);
  const focus = focusIndex != null ? geometry.waypoints[focusIndex] : undefined;
  const openingStill = (props.camera.focus_hold_seconds ?? 0) > 0 ? introEnd : 0;
  if (focus) {
    const z =
      props.camera.start_zoom != null
        ? clamp(Math.log2(viewPx) + props.camera.start_zoom - 1, zMin, zMax)
        : focusFraming(focusIndex!, geometry, viewport, preset.legZoomIn);
    const opening = { x: focus.x, y: focus.y, z: clamp(z + boost, zMin, zMax), tilt: restTilt };
    shots.push({ from: 0, to: introEnd, at: () => opening, stillFirst: 0, stillLast: openingStill });
  } else if (boost > 0 || openingStill > 0) {
    const opening = { ...whole, z: clamp(whole.z + boost, zMin, zMax), tilt: restTilt };
    shots.push({ from: 0, to: introEnd, at: () => opening, stillFirst: 0, stillLast: openingStill });
  } else {
    shots.push({ from: 0, to: introEnd, at: wholeShot, stillFirst: 0, stillLast: 0 });
  }
  const firstHold = holdLength(timeline.holds[0]);
  const lastHold = holdLength(timeline.holds[geometry.legs.length]);

  if (preset.perLeg && geometry.legs.length) {
    geometry.legs.forEach((leg, i) => {
      const fit = fitBox(leg.bbox, viewport, 0.15);
      const z = clamp(fit.z + preset.legZoomIn, zMin, zMax);
      const dwell = timeline.dwells[i + 1];
      const legCenter = { x: fit.x, y: fit.y };
      const at = (frame: number): CameraState => {
        const p = progressAt(props, geometry, timeline, clamp(frame, timeline.legs[i].start, timeline.legs[i].end));
        const distance = p.leg === i ? p.distance : frame < timeline.legs[i].start ? 0 : leg.length;
        const vehicle = pointAlong(leg, distance);
        const heading = headingAlong(leg, distance);
        const ahead = (preset.lookAhead * viewPx) / 2 ** z;
        // Look-ahead fades out as the vehicle arrives, so the camera settles on the waypoint.
        const aheadWeight = smootherstep(
          Math.min(distance / (leg.length * 0.1 + 1e-12), (leg.length - distance) / (leg.length * 0.15 + 1e-12)),
        );
        const push =
          dwell && dwell.end > dwell.start ? preset.dwellPushIn * smootherstep((frame - dwell.start) / (dwell.end - dwell.start)) : 0;
        return {
          x: lerp(legCenter.x, vehicle.x, preset.follow) + Math.cos(heading) * ahead * aheadWeight,
          y: lerp(legCenter.y, vehicle.y, preset.follow) + Math.sin(heading) * ahead * aheadWeight,
          z: clamp(z + push, zMin, zMax),
          tilt: travelTilt,
        };
      };
      // The vehicle waits on the first waypoint through its hold, on the others through dwell and hold:
      // the shot covers those waits (where `at` is constant: the vehicle stands, the push-in is done).
      const hold = timeline.holds[i + 1];
      const stillFirst = i === 0 ? firstHold : 0;
      shots.push({
        from: timeline.legs[i].start - stillFirst,
        // The hold follows the pause (dwells[i + 1]); both are empty spans at the leg's end when unset.
        to: hold.end,
        at,
        stillFirst,
        stillLast: holdLength(hold),
      });
    });
  } else {
    shots.push({
      from: introEnd,
      to: timeline.outro.start,
      at: (frame) => ({ ...wholeShot(frame), tilt: travelTilt }),
      stillFirst: firstHold,
      stillLast: lastHold,
    });
  }
  shots.push({ from: timeline.outro.start, to: lastFrame, at: wholeShot, stillFirst: 0, stillLast: 0 });

  // Handover windows centred on each boundary, never longer than half of either shot. Next to a
  // hold the window lies wholly on the moving side (the camera arrives before the hold, or leaves
  // after it), within half of that side, or a quarter when the side has a handover at its other end.
  const moving = (shot: Shot) => shot.to - shot.from - shot.stillFirst - shot.stillLast;
  const handovers = shots.slice(1).map((next, k) => {
    const prev = shots[k];
    const boundary = next.from;
    if (prev.stillLast > 0) {
      const room = moving(next) / (k + 1 === shots.length - 1 ? 2 : 4);
      const half = Math.min((preset.handover * fps) / 2, Math.max(1, room));
      return { from: boundary, to: boundary + 2 * half };
    }
    if (next.stillFirst > 0) {
      const room = moving(prev) / (k === 0 ? 2 : 4);
      const half = Math.min((preset.handover * fps) / 2, Math.max(1, room));
      return { from: boundary - 2 * half, to: boundary };
    }
    const half = Math.min((preset.handover * fps) / 2, Math.max(1, (prev.to - prev.from) / 2), Math.max(1, (next.to - next.from) / 2));
    // The first handover leaves a little earlier so the camera is on the leg when the vehicle starts.
    const lead = k === 0 ? half * 0.6 : 0;
    return { from: boundary - half - lead, to: boundary + half - lead };
  });

  const raw: CameraState[] = [];
  for (let frame = 0; frame < lastFrame; frame++) {
    let k = shots.length - 1;
    for (let s = 0; s < handovers.length; s++) {
      if (frame < handovers[s].to) {
        k = s;
        break;
      }
    }
    const handover = handovers[k];
    if (handover && frame >= handover.from) {
      const u = ease((frame - handover.from) / (handover.to - handover.from));
      raw.push(zoomPan(shots[k].at(frame), shots[k + 1].at(frame), u, viewPx));
    } else {
      raw.push(shots[k].at(frame));
    }
  }
  applyZoomOverrides(raw, { props, geometry, timeline, viewport }, preset, ease);
  applyChokepointStory(raw, { props, geometry, timeline, viewport }, preset, ease);
  const still = openingStill > 0 ? [{ start: 0, end: openingStill }, ...holds] : holds;
  return smoothTrack(raw, Math.max(1, fps * 0.12), still);
}

/**
 * Waypoints' `zoom_override`: from a little before the vehicle arrives until a little after it
 * leaves, the camera moves (the same zoom-pan as a handover) onto the waypoint at the override
 * zoom, and back to its own track. The close-up never outpaces the vehicle: it stays wide enough
 * to show the vehicle coming in (and going), so the vehicle flies into a waiting close-up and the
 * override zoom is reached as it reaches the waypoint.
 */
function applyZoomOverrides(
  raw: CameraState[],
  { props, geometry, timeline, viewport }: CameraInput,
  preset: PresetStyle,
  ease: (t: number) => number,
): void {
  const fps = props.fps;
  const legCount = geometry.legs.length;
  if (!legCount) return;
  const { w: safeW, h: safeH } = safeSize(viewport);
  const viewPx = Math.min(safeW, safeH);
  const legFrames = (i: number) => timeline.legs[i].end - timeline.legs[i].start;
  // camera.waypoint_zoom is every waypoint's close-up unless the waypoint sets its own.
  const zoomOf = (i: number) => props.waypoints[i]?.zoom_override ?? props.camera.waypoint_zoom ?? null;
  const overridden = (i: number) => zoomOf(i) != null;
  props.waypoints.forEach((_, i) => {
    const zoom = zoomOf(i);
    if (zoom == null || i > legCount) return;
    const target = requestZoom(zoom, viewport);
    const spot = geometry.waypoints[i];
    // The vehicle is on the waypoint from `arrive` to `leave` (pause and hold included).
    const arrive = i === 0 ? timeline.holds[0].start : timeline.legs[i - 1].end;
    const leave = i === legCount ? timeline.outro.start : timeline.legs[i].start;
    const before = raw[clamp(Math.round(arrive), 0, raw.length - 1)];
    // A second per 2.5 octaves of zoom, at least a handover; a leg is shared with a neighbour's override.
    const wanted = fps * Math.max(preset.handover, Math.abs(target - before.z) / 2.5);
    const share = (other: number) => (overridden(other) ? 0.45 : 0.85);
    const rampIn = Math.max(1, Math.min(wanted, i === 0 ? timeline.intro.end * 0.9 : legFrames(i - 1) * share(i - 1)));
    const rampOut = Math.max(
      1,
      Math.min(wanted, i === legCount ? (timeline.outro.end - timeline.outro.start) * 0.6 : legFrames(i) * share(i + 1)),
    );
    // Too short an opening (or closing) shot to ease in (or out) calmly: the video opens (or
    // ends) on the close-up instead, as the vehicle is on that waypoint then anyway.
    const opensOnIt = i === 0 && rampIn < wanted / 2;
    const endsOnIt = i === legCount && rampOut < wanted / 2;
    const from = opensOnIt ? 0 : Math.max(0, Math.floor(arrive - rampIn));
    const to = endsOnIt ? raw.length : Math.min(raw.length, Math.ceil(leave + rampOut));
    for (let frame = from; frame < to; frame++) {
      const u =
        frame < arrive
          ? opensOnIt
            ? 1
            : ease((frame - (arrive - rampIn)) / rampIn)
          : frame <= leave || endsOnIt
            ? 1
            : 1 - ease((frame - leave) / rampOut);
      if (u <= 0) continue;
      const progress = progressAt(props, geometry, timeline, frame);
      const vehicle = pointAlong(geometry.legs[progress.leg], progress.distance);
      // The close-up's view (world units per pixel): the override's, widened by what it takes to
      // keep the vehicle within 45% of the safe area around the waypoint. A sum rather than a
      // maximum, so it changes smoothly, and exactly the override's once the vehicle is there.
      const reach = Math.hypot((vehicle.x - spot.x) / (0.45 * safeW), (vehicle.y - spot.y) / (0.45 * safeH));
      const camera = raw[frame];
      const close = { x: spot.x, y: spot.y, z: -Math.log2(2 ** -target + reach), tilt: camera.tilt };
      raw[frame] = zoomPan(camera, close, u, viewPx);
    }
  });
}

/** The zoom that frames the legs on either side of waypoint `index`, closer by the preset's leg zoom-in. */
function focusFraming(index: number, geometry: RouteGeometry, viewport: Viewport, legZoomIn: number): number {
  const near = [geometry.legs[index - 1], geometry.legs[index]].filter((leg) => leg !== undefined);
  const box = near.length ? near.map((leg) => leg.bbox).reduce(unionBox) : geometry.bbox;
  return fitBox(box, viewport, 0.15).z + legZoomIn;
}

const unionBox = (a: Box, b: Box): Box => ({
  minX: Math.min(a.minX, b.minX),
  minY: Math.min(a.minY, b.minY),
  maxX: Math.max(a.maxX, b.maxX),
  maxY: Math.max(a.maxY, b.maxY),
});

/**
 * A chokepoint story (CHOKEPOINT_STORIES): at each chokepoint it plays on, the camera punches in on
 * the chokepoint by `camera.chokepoint_punch_in` over the zone where the vehicle slows, arriving as
 * the vehicle enters it and leaving as it leaves; tension_build instead closes in from the start of
 * travel, reaching the punch-in as the vehicle passes, and lets go after. The close-up widens just
 * enough to keep the vehicle within 45% of the safe area around the chokepoint.
 */
function applyChokepointStory(
  raw: CameraState[],
  { props, geometry, timeline, viewport }: CameraInput,
  preset: PresetStyle,
  ease: (t: number) => number,
): void {
  if (!playsOnChokepoints(props.camera.preset)) return;
  const story = CHOKEPOINT_STORIES[props.camera.preset];
  const { w: safeW, h: safeH } = safeSize(viewport);
  const viewPx = Math.min(safeW, safeH);
  const zMin = minZoom(viewport);
  const zMax = maxZoom(viewport);
  const ramp = Math.max(1, props.fps * preset.handover);
  const last = raw.length - 1;
  for (const zone of chokepointZones(props, geometry)) {
    const leg = geometry.legs[zone.leg];
    const enter = frameAtLegFraction(timeline, zone.leg, Math.max(0, zone.at - zone.halfWidth));
    const pass = frameAtLegFraction(timeline, zone.leg, zone.at);
    const exit = frameAtLegFraction(timeline, zone.leg, Math.min(1, zone.at + zone.halfWidth));
    const spot = pointAlong(leg, leg.length * zone.at);
    const target = clamp(raw[clamp(Math.round(pass), 0, last)].z + Math.log2(props.camera.chokepoint_punch_in), zMin, zMax);
    const arrive = story.buildsUp ? pass : enter;
    const leave = story.buildsUp ? pass : exit;
    const from = story.buildsUp ? Math.min(timeline.legs[0]?.start ?? 0, arrive - ramp) : arrive - ramp;
    const release = story.buildsUp ? ramp * 1.5 : ramp;
    for (let frame = Math.max(0, Math.floor(from)); frame <= Math.min(last, Math.ceil(leave + release)); frame++) {
      const u =
        frame < arrive ? ease((frame - from) / Math.max(1, arrive - from)) : frame <= leave ? 1 : 1 - ease((frame - leave) / release);
      if (u <= 0) continue;
      const progress = progressAt(props, geometry, timeline, frame);
      const vehicle = pointAlong(geometry.legs[progress.leg], progress.distance);
      const reach = Math.hypot((vehicle.x - spot.x) / (0.45 * safeW), (vehicle.y - spot.y) / (0.45 * safeH));
      const camera = raw[frame];
      const close = { x: spot.x, y: spot.y, z: -Math.log2(2 ** -target + reach), tilt: camera.tilt };
      raw[frame] = zoomPan(camera, close, u, viewPx);
    }
  }
}

/**
 * Gaussian smoothing of every component (edges extended), sigma in frames. A camera that stands
 * still over a `still` span must stay exactly still there, but the blur would mix in the moves
 * around it: near such a span the result is therefore drawn in to the span's own (constant) camera,
 * smoothly, so it arrives there with no speed and leaves from it the same way.
 */
export function smoothTrack(track: CameraState[], sigma: number, still: Span[] = []): CameraState[] {
  const radius = Math.ceil(sigma * 3);
  const weights: number[] = [];
  for (let i = -radius; i <= radius; i++) weights.push(Math.exp(-(i * i) / (2 * sigma * sigma)));
  const total = weights.reduce((a, b) => a + b, 0);
  const n = track.length;
  const spans = still.filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  return track.map((_, f) => {
    const out = { x: 0, y: 0, z: 0, tilt: 0 };
    for (let i = -radius; i <= radius; i++) {
      const s = track[clamp(f + i, 0, n - 1)];
      const wgt = weights[i + radius] / total;
      out.x += s.x * wgt;
      out.y += s.y * wgt;
      out.z += s.z * wgt;
      out.tilt += s.tilt * wgt;
    }
    // The nearest still span, and how far its pull reaches (never past halfway to the next one).
    let pull = 1;
    let anchor: CameraState | null = null;
    spans.forEach((span, k) => {
      const distance = f < span.start ? span.start - f : f >= span.end ? f - (span.end - 1) : 0;
      const gap = f < span.start ? span.start - (spans[k - 1]?.end ?? -Infinity) : (spans[k + 1]?.start ?? Infinity) - span.end;
      const reach = Math.max(1, Math.min(radius, gap / 2));
      const weight = smootherstep(distance / reach);
      if (weight < pull) {
        pull = weight;
        anchor = track[clamp(span.start, 0, n - 1)];
      }
    });
    if (!anchor) return out;
    const a: CameraState = anchor;
    return { x: lerp(a.x, out.x, pull), y: lerp(a.y, out.y, pull), z: lerp(a.z, out.z, pull), tilt: lerp(a.tilt, out.tilt, pull) };
  });
}

/**
 * The plane's rows a camera shows clearly, in plane pixels from the focus point (y down): from the frame's top, or
 * from below its horizon's haze (a tilted camera, contract §19), to the frame's bottom.
 */
function clearRows(camera: CameraState, v: Viewport): { top: number; bottom: number } {
  const focus = focusPoint(v);
  const tilt = { angle: (camera.tilt * Math.PI) / 180, distance: perspectiveDistance(v.width, v.height) };
  return {
    top: screenToPlane(0, firstClearRow(tilt, -focus.y, v.height), tilt).y,
    bottom: screenToPlane(0, v.height - focus.y, tilt).y,
  };
}

/** The closest zoom at which the flat map's world (±85°, one world unit tall) covers all the rows a camera shows clearly. */
export function fillingZoom(camera: CameraState, v: Viewport): number {
  const { top, bottom } = clearRows(camera, v);
  return Math.log2(bottom - top);
}

/** max(z, floor), rounded over ±k: a camera zooming out into the floor eases onto it rather than stopping dead. */
function softFloor(z: number, floor: number, k: number): number {
  if (z >= floor + k) return z;
  if (z <= floor - k) return floor;
  return floor + (z - floor + k) ** 2 / (4 * k);
}

/** `y` kept within [lo, hi], rounded over ±k at either end (k at most half the room). */
function softClamp(y: number, lo: number, hi: number, k: number): number {
  const r = Math.min(k, Math.max(0, hi - lo) / 2);
  if (r <= 0) return (lo + hi) / 2;
  return y < (lo + hi) / 2 ? softFloor(y, lo, r) : -softFloor(-y, -hi, r);
}

/** How far (octaves) the zoom eases onto the filling zoom. */
const FILL_EASE_OCTAVES = 0.15;

/**
 * The camera of a flat map kept from showing the world's top or bottom edge inside the frame (contract §22:
 * no empty band at world scale in any aspect ratio): never zoomed out past the filling zoom, and moved up or
 * down just enough to keep both edges out of the frame (a tilted camera's, out of the rows it shows clearly: its
 * horizon's sky and haze hide what lies beyond). Where the frame shows some globe (`globe` > 0), the globe is drawn
 * whole over its backdrop instead, and this applies only as far as the flat map shows.
 */
export function keepWorldInFrame(track: CameraState[], v: Viewport): CameraState[] {
  return track.map((camera) => {
    const flat = 1 - Math.min(1, Math.max(0, camera.globe ?? 0));
    if (flat <= 0) return camera;
    const { top, bottom } = clearRows(camera, v);
    const z = softFloor(camera.z, Math.log2(bottom - top), FILL_EASE_OCTAVES);
    const scale = 2 ** z;
    const y = softClamp(camera.y, -0.5 - top / scale, 0.5 - bottom / scale, 0.02);
    if (flat >= 1) return { ...camera, z, y };
    return { ...camera, z: lerp(camera.z, z, flat), y: lerp(camera.y, y, flat) };
  });
}
