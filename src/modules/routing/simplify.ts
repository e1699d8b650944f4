import type { LngLat } from './route-plan';
import { nearestOnSegment } from './great-circle';

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
      const km = nearestOnSegment(points[i], points[first], points[last]).flatKm;
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
