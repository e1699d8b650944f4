/** Adding a routed leg to a canvas path, shared by every mode that draws legs growing along their length. */
import { type LegPath, pointAlong } from './route-geometry';

/**
 * Adds `leg` up to `distance` (world units; Infinity = whole) to the current path, in canvas
 * pixels through `toX`/`toY`: starting with a moveTo (a new line) or a lineTo (continuing the
 * previous leg, whose end is this leg's start).
 */
export function appendLegPath(
  ctx: CanvasRenderingContext2D,
  leg: LegPath,
  distance: number,
  toX: (x: number) => number,
  toY: (y: number) => number,
  start: 'moveTo' | 'lineTo',
): void {
  const n = leg.cumulative.length;
  for (let v = 0; v < n; v++) {
    if (leg.cumulative[v] > distance) {
      const end = pointAlong(leg, distance);
      ctx.lineTo(toX(end.x), toY(end.y));
      return;
    }
    const x = toX(leg.xy[v * 2]);
    const y = toY(leg.xy[v * 2 + 1]);
    if (v === 0 && start === 'moveTo') ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
}
