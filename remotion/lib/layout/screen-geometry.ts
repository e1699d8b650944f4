/** Screen-space geometry of rectangles and polylines, in pixels (shared by placements and the layout checks). Pure. */
import type { LayoutRect } from '../../../src/modules/contract';

/** The area two rectangles share (0 when apart or only touching). */
export function overlapArea(a: LayoutRect, b: LayoutRect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/** A rectangle grown by `by` pixels on every side. */
export function grown(r: LayoutRect, by: number): LayoutRect {
  return { x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by };
}

/** The part of the segment a→b inside the rectangle, as a range of t (0 = a, 1 = b); null when it stays outside (Liang–Barsky clipping). */
function clipSegment(a: readonly [number, number], b: readonly [number, number], r: LayoutRect): [number, number] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, a[0] - r.x],
    [dx, r.x + r.width - a[0]],
    [-dy, a[1] - r.y],
    [dy, r.y + r.height - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return null;
  }
  return [t0, t1];
}

/** Whether the segment a→b passes through the rectangle. */
export function segmentCrossesRect(a: readonly [number, number], b: readonly [number, number], r: LayoutRect): boolean {
  return clipSegment(a, b, r) !== null;
}

/** How much of a polyline (pixels of its length) runs inside a rectangle. */
export function lengthInside(points: ReadonlyArray<readonly [number, number]>, r: LayoutRect): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const t = clipSegment(points[i - 1], points[i], r);
    if (t) length += (t[1] - t[0]) * Math.hypot(points[i][0] - points[i - 1][0], points[i][1] - points[i - 1][1]);
  }
  return length;
}
