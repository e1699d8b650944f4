/**
 * Slow zones on a leg (contract §19's chokepoint stories): the vehicle slows around a point of the
 * leg and makes the time up elsewhere, so the leg still takes its planned time. A leg's pace maps
 * the share of its travel time (after the cruise curve's ramps) to the share of its length covered.
 */
import { clamp01 } from './easing';

export interface SlowZone {
  /** Where along the leg (0–1 of its length) the vehicle is slowest. */
  at: number;
  /** Half the zone's length, as a share of the leg. */
  halfWidth: number;
  /** Speed at `at`, relative to the speed outside the zone (0–1). */
  speed: number;
}

/** Samples of the pace curve: samples[k] is the share of time spent when k/(n−1) of the leg is covered. */
export type PaceTable = number[];

const SAMPLES = 513;

/** The pace of a leg with these zones; null when it has none (the leg keeps an even pace). */
export function paceTable(zones: readonly SlowZone[]): PaceTable | null {
  if (zones.length === 0) return null;
  // Time spent per unit of length: 1 outside the zones, 1/speed at a zone's centre, a cosine bell between.
  const density = (f: number) =>
    zones.reduce((d, z) => {
      const x = (f - z.at) / Math.max(1e-6, z.halfWidth);
      if (Math.abs(x) >= 1) return d;
      const bell = (1 + Math.cos(Math.PI * x)) / 2;
      return d + bell * (1 / Math.max(0.02, z.speed) - 1);
    }, 1);
  const time: number[] = [0];
  for (let k = 1; k < SAMPLES; k++) {
    const f0 = (k - 1) / (SAMPLES - 1);
    const f1 = k / (SAMPLES - 1);
    time.push(time[k - 1] + ((density(f0) + density(f1)) / 2) * (f1 - f0));
  }
  const total = time[SAMPLES - 1];
  return time.map((t) => t / total);
}

/** The share of the leg covered once `timeShare` of its travel time has passed. */
export function pacedFraction(table: PaceTable | null | undefined, timeShare: number): number {
  const u = clamp01(timeShare);
  if (!table) return u;
  let lo = 0;
  let hi = table.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (table[mid] <= u) lo = mid;
    else hi = mid;
  }
  const span = table[hi] - table[lo];
  const t = span > 0 ? (u - table[lo]) / span : 0;
  return (lo + t) / (table.length - 1);
}

/** The share of the leg's travel time at which `fraction` of its length is covered (pacedFraction's inverse). */
export function timeShareAt(table: PaceTable | null | undefined, fraction: number): number {
  const f = clamp01(fraction);
  if (!table) return f;
  const x = f * (table.length - 1);
  const k = Math.min(table.length - 2, Math.floor(x));
  return table[k] + (table[k + 1] - table[k]) * (x - k);
}
