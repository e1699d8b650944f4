/**
 * region_focus's camera: it waits on the opening view (under the title card, if any), flies in to
 * the region along a van Wijk–Nuij zoom-pan, then holds on it with a slow push-in. Pure.
 */
import type { CameraState } from '../../lib/camera/camera';
import { zoomPan } from '../../lib/camera/camera';
import { clamp, smootherstep } from '../../lib/time/easing';

export interface FlightInput {
  start: CameraState;
  hold: CameraState;
  /** Short side of the safe area, pixels (the zoom-pan's view width). */
  viewPx: number;
  fps: number;
  durationInFrames: number;
  /** Frame the flight leaves on (the end of the opening shot). */
  departAt: number;
  /** `intensityFactors(...).moveTime`: above 1 is slower and gentler. */
  moveTime: number;
  /** `intensityFactors(...).zoomIn`: scales the push-in while holding. */
  zoomIn: number;
  /** Closest zoom allowed. */
  maxZoom: number;
}

export interface Flight {
  /** The camera of every frame (index = frame). */
  track: CameraState[];
  departAt: number;
  /** Frame the camera reaches the region (the hold starts). */
  arriveAt: number;
}

const RHO = 1.3;

/** Length S of the van Wijk–Nuij path between two cameras (the same maths as zoomPan). */
export function zoomPanLength(a: CameraState, b: CameraState, viewPx: number, rho = RHO): number {
  const w0 = viewPx / 2 ** a.z;
  const w1 = viewPx / 2 ** b.z;
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  if (d < 1e-9 * (w0 + w1)) return Math.abs(Math.log(w1 / w0)) / rho;
  const rho2 = rho * rho;
  const b0 = (w1 * w1 - w0 * w0 + rho2 * rho2 * d * d) / (2 * w0 * rho2 * d);
  const b1 = (w1 * w1 - w0 * w0 - rho2 * rho2 * d * d) / (2 * w1 * rho2 * d);
  const r0 = Math.log(Math.sqrt(b0 * b0 + 1) - b0);
  const r1 = Math.log(Math.sqrt(b1 * b1 + 1) - b1);
  return (r1 - r0) / rho;
}

/** Zoom added over the whole hold (octaves, before the intensity's zoomIn factor). */
export const HOLD_PUSH_IN = 0.12;

/**
 * The flight lasts (1.2 + 0.75·S) seconds × moveTime, S being the zoom-pan's path length (about
 * 3.4 s from the whole world to a country, 2.4 s from its continent), but at most 60% of the time
 * left after departure (so the region is held long enough to be read) and at least one second.
 * The push-in while holding starts from rest, so the camera never jolts on arrival.
 */
export function planFlight(input: FlightInput): Flight {
  const { start, hold, viewPx, fps, durationInFrames, moveTime } = input;
  const departAt = clamp(Math.round(input.departAt), 0, Math.max(0, durationInFrames - 1));
  const left = durationInFrames - departAt;
  const seconds = (1.2 + 0.75 * zoomPanLength(start, hold, viewPx)) * moveTime;
  const flightFrames = Math.round(clamp(seconds * fps, Math.min(fps, left * 0.6), left * 0.6));
  const arriveAt = departAt + flightFrames;
  const holdFrames = Math.max(1, durationInFrames - arriveAt);
  const pushIn = Math.min(HOLD_PUSH_IN * input.zoomIn, Math.max(0, input.maxZoom - hold.z));

  const track: CameraState[] = [];
  for (let frame = 0; frame < durationInFrames; frame++) {
    if (frame <= departAt) track.push({ ...start });
    else if (frame < arriveAt) track.push(zoomPan(start, hold, smootherstep((frame - departAt) / flightFrames), viewPx, RHO));
    else {
      const u = (frame - arriveAt) / holdFrames;
      track.push({ ...hold, z: hold.z + pushIn * u * u });
    }
  }
  return { track, departAt, arriveAt };
}
