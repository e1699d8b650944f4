/**
 * The camera: for every frame, the world point at the centre of the safe area (x, y), the zoom
 * z = log2(pixels per world unit) and the tilt in degrees. Built as a sequence of "shots"
 * (the whole route, each leg, the whole route again) that hand over to one another with a
 * van Wijk–Nuij zoom-pan (it zooms out while travelling far, like a person would), then lightly
 * smoothed so that no frame-to-frame change of speed is abrupt. A pure function of the props.
 */
import type { CameraPreset, MapAnimationProps } from '../../src/modules/rendering/contract';
import { clamp, lerp, smootherstep } from './easing';
import { EARTH_CIRCUMFERENCE_KM } from './mercator';
import { type Box, headingAlong, pointAlong, progressAt, type RouteGeometry } from './route-geometry';
import { type Insets } from './safe-area';
import { type Timeline } from './timeline';

export interface CameraState {
  x: number;
  y: number;
  z: number;
  /** Degrees. */
  tilt: number;
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

function safeSize(v: Viewport): { w: number; h: number } {
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
  /** Tilt used when the request leaves it unset. */
  defaultTilt: number;
  /** Whether the tilt only applies while travelling (flat opening and closing shots). */
  tiltWhileTravelling: boolean;
  /** Zoom-in over a pause on a waypoint. */
  dwellPushIn: number;
  /** Length of a handover between shots, seconds. */
  handover: number;
}

const PRESETS: Record<CameraPreset, PresetStyle> = {
  auto: {
    legZoomIn: 0.45,
    follow: 0.85,
    lookAhead: 0.1,
    perLeg: true,
    defaultTilt: 0,
    tiltWhileTravelling: false,
    dwellPushIn: 0.35,
    handover: 1.0,
  },
  follow: {
    legZoomIn: 1.4,
    follow: 1,
    lookAhead: 0.08,
    perLeg: true,
    defaultTilt: 0,
    tiltWhileTravelling: false,
    dwellPushIn: 0.3,
    handover: 0.9,
  },
  overview: {
    legZoomIn: 0,
    follow: 0,
    lookAhead: 0,
    perLeg: false,
    defaultTilt: 0,
    tiltWhileTravelling: false,
    dwellPushIn: 0,
    handover: 1.2,
  },
  cinematic: {
    legZoomIn: 1.0,
    follow: 1,
    lookAhead: 0.14,
    perLeg: true,
    defaultTilt: 40,
    tiltWhileTravelling: true,
    dwellPushIn: 0.5,
    handover: 1.6,
  },
};

type Shot = { from: number; to: number; at: (frame: number) => CameraState };

export interface CameraInput {
  props: Pick<MapAnimationProps, 'camera' | 'legs' | 'fps' | 'durationInFrames'>;
  geometry: RouteGeometry;
  timeline: Timeline;
  viewport: Viewport;
}

/** The camera of every frame (index = frame). */
export function planCameraTrack({ props, geometry, timeline, viewport }: CameraInput): CameraState[] {
  const preset = PRESETS[props.camera.preset] ?? PRESETS.auto;
  const fps = props.fps;
  const tiltDeg = clamp(props.camera.tilt ?? preset.defaultTilt, 0, 60);
  const travelTilt = tiltDeg;
  const restTilt = preset.tiltWhileTravelling ? 0 : tiltDeg;
  const { w, h } = safeSize(viewport);
  const viewPx = Math.min(w, h);
  const zMin = minZoom(viewport);
  const zMax = maxZoom(viewport);

  const whole = fitBox(geometry.bbox, viewport, 0.1);
  const overviewDrift = (frame: number) => 0.12 * (frame / Math.max(1, timeline.durationInFrames));
  const wholeShot = (frame: number): CameraState => ({ ...whole, z: whole.z + (preset.perLeg ? 0 : overviewDrift(frame)), tilt: restTilt });

  const shots: Shot[] = [];
  const lastFrame = timeline.durationInFrames;
  const introEnd = timeline.intro.end;

  // Opening shot: the whole route, or the first waypoint at the requested start zoom.
  if (props.camera.start_zoom != null && geometry.waypoints.length) {
    const first = geometry.waypoints[0];
    const z = clamp(Math.log2(viewPx) + props.camera.start_zoom - 1, zMin, zMax);
    shots.push({ from: 0, to: introEnd, at: () => ({ x: first.x, y: first.y, z, tilt: restTilt }) });
  } else {
    shots.push({ from: 0, to: introEnd, at: wholeShot });
  }

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
      shots.push({ from: timeline.legs[i].start, to: dwell ? dwell.end : timeline.legs[i].end, at });
    });
  } else {
    shots.push({ from: introEnd, to: timeline.outro.start, at: (frame) => ({ ...wholeShot(frame), tilt: travelTilt }) });
  }
  shots.push({ from: timeline.outro.start, to: lastFrame, at: wholeShot });

  // Handover windows centred on each boundary, never longer than half of either shot.
  const handovers = shots.slice(1).map((next, k) => {
    const prev = shots[k];
    const boundary = next.from;
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
      const u = smootherstep((frame - handover.from) / (handover.to - handover.from));
      raw.push(zoomPan(shots[k].at(frame), shots[k + 1].at(frame), u, viewPx));
    } else {
      raw.push(shots[k].at(frame));
    }
  }
  return smoothTrack(raw, Math.max(1, fps * 0.12));
}

/** Gaussian smoothing of every component (edges extended), sigma in frames. */
export function smoothTrack(track: CameraState[], sigma: number): CameraState[] {
  const radius = Math.ceil(sigma * 3);
  const weights: number[] = [];
  for (let i = -radius; i <= radius; i++) weights.push(Math.exp(-(i * i) / (2 * sigma * sigma)));
  const total = weights.reduce((a, b) => a + b, 0);
  const n = track.length;
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
    return out;
  });
}
