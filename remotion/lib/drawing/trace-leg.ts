/** Adding a routed leg to a canvas path, shared by every mode that draws legs growing along their length. */
import type { PlaneSurface } from '../scene/frame-drawing';
import { type LegPath, pointAlong } from '../geo/route-geometry';

/**
 * Adds `leg` up to `distance` (world units; Infinity = whole) to the current path, in canvas
 * pixels through `surface`: starting with a moveTo (a new line) or a lineTo (continuing the
 * previous leg, whose end is this leg's start). On a globe the line breaks where it passes behind.
 */
export function appendLegPath(
  ctx: CanvasRenderingContext2D,
  leg: LegPath,
  distance: number,
  surface: PlaneSurface,
  start: 'moveTo' | 'lineTo',
): void {
  const n = leg.cumulative.length;
  let open = start === 'lineTo';
  for (let v = 0; v < n; v++) {
    const past = leg.cumulative[v] > distance;
    const at = past ? pointAlong(leg, distance) : null;
    const p = at ? surface.point(at.x, at.y) : surface.point(leg.xy[v * 2], leg.xy[v * 2 + 1]);
    if (!p) open = false;
    else if (open && !(v === 0 && start === 'moveTo')) ctx.lineTo(p.x, p.y);
    else {
      ctx.moveTo(p.x, p.y);
      open = true;
    }
    if (past) return;
  }
}
