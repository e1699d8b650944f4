import type { CameraEase } from '../../../src/modules/contract';
/** Easing curves with continuous velocity (no jerks at the ends of a move). */

export const clamp = (v: number, lo: number, hi: number): number => (v < lo ? lo : v > hi ? hi : v);
export const clamp01 = (v: number): number => clamp(v, 0, 1);
export const lerp = (a: number, b: number, t: number): number => a + (b - a) * t;

/** 6t⁵−15t⁴+10t³: zero velocity and zero acceleration at both ends. */
export function smootherstep(t: number): number {
  const x = clamp01(t);
  return x * x * x * (x * (x * 6 - 15) + 10);
}

/** Where `t` lies between `from` and `to`, eased with smootherstep. */
export function window01(t: number, from: number, to: number): number {
  if (to <= from) return t >= to ? 1 : 0;
  return smootherstep((t - from) / (to - from));
}

/**
 * Travel profile of a vehicle: accelerates over the first `ramp` of the time, cruises at constant
 * speed, decelerates over the last `ramp`. Speed follows half-cosine ramps, so it is continuous
 * and so is acceleration at the start of each ramp.
 */
export function cruise(t: number, ramp = 0.18): number {
  const x = clamp01(t);
  const r = clamp(ramp, 1e-3, 0.5);
  const vmax = 1 / (1 - r);
  const rampDistance = (u: number) => vmax * (u / 2 - (r / (2 * Math.PI)) * Math.sin((Math.PI * u) / r));
  if (x < r) return rampDistance(x);
  if (x > 1 - r) return 1 - rampDistance(1 - x);
  return vmax * (r / 2 + (x - r));
}

/**
 * `camera.ease` (contract §19): the curve of a camera move, t in [0, 1] → [0, 1]. Every curve but
 * `linear` starts and ends at rest; the camera track is smoothed afterwards, so `linear` has no jerk either.
 */
export const EASES: Record<CameraEase, (t: number) => number> = {
  linear: (t) => clamp01(t),
  'sine-in-out': (t) => (1 - Math.cos(Math.PI * clamp01(t))) / 2,
  'quad-in-out': (t) => inOut(clamp01(t), 2),
  'cubic-in-out': (t) => inOut(clamp01(t), 3),
  'quart-in-out': (t) => inOut(clamp01(t), 4),
  'expo-in-out': (t) => {
    const x = clamp01(t);
    if (x === 0 || x === 1) return x;
    return x < 0.5 ? 2 ** (20 * x - 10) / 2 : (2 - 2 ** (-20 * x + 10)) / 2;
  },
};

/** The polynomial in-out curve of degree `n`: t^n scaled into the first half, mirrored into the second. */
function inOut(x: number, n: number): number {
  return x < 0.5 ? 2 ** (n - 1) * x ** n : 1 - (-2 * x + 2) ** n / 2;
}
