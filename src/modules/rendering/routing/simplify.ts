import type { LngLat } from '../contract';

const KM_PER_DEGREE = 111.195;

/**
 * The line with at most `maxPoints` points (Douglas–Peucker, loosening the tolerance from 1 m
 * until it fits). First and last points always stay; a line already within budget is returned
 * as it is. Longitudes may be unwrapped (beyond ±180): the maths is local and does not care.
 */
export function simplifyToAtMost(points: readonly LngLat[], maxPoints: number): LngLat[] {
  if (points.length <= maxPoints) return [...points];
  let toleranceKm = 0.001;
  for (;;) {
    const kept = douglasPeucker(points, toleranceKm);
    if (kept.length <= maxPoints) return kept;
    toleranceKm *= 2;
  }
}

function douglasPeucker(points: readonly LngLat[], toleranceKm: number): LngLat[] {
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestKm = toleranceKm;
    for (let i = first + 1; i < last; i++) {
      const km = offsetKm(points[i], points[first], points[last]);
      if (km > farthestKm) {
        farthestKm = km;
        farthest = i;
      }
    }
    if (farthest >= 0) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Distance in km from `p` to the segment a–b, in a flat frame around `p`. */
function offsetKm(p: LngLat, a: LngLat, b: LngLat): number {
  const kx = KM_PER_DEGREE * Math.cos((p[1] * Math.PI) / 180);
  const [ax, ay] = [(a[0] - p[0]) * kx, (a[1] - p[1]) * KM_PER_DEGREE];
  const [dx, dy] = [(b[0] - a[0]) * kx, (b[1] - a[1]) * KM_PER_DEGREE];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0 ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared)) : 0;
  return Math.hypot(ax + t * dx, ay + t * dy);
}
