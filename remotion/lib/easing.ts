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
