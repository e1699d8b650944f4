/**
 * long_reroute_burden (contract §19): the shorter route that `route.avoid` turned away from is shown
 * faintly first, drawing itself over the opening; then the route taken draws as usual, and as the
 * vehicle reaches the far point of its detour a label says what the detour costs ("+6,480 km via the
 * Cape"). Browser-only drawing; the geometry is worked out once per scene.
 */
import { EASES, smootherstep } from '../../lib/time/easing';
import { cameraAt, type PlaneSurface, worldToScreen } from '../../lib/scene/frame-drawing';
import { type LegPath, projectLines } from '../../lib/geo/route-geometry';
import type { Rect } from '../../lib/layout/labels';
import { measureCssFont } from '../../lib/layout/measure-text';
import { sizeUnit } from '../../lib/layout/safe-area';
import type { Scene } from '../../lib/scene/scene';
import { labelFont, labelFontPx, type TextLabel } from '../../lib/layout/text-label';
import { appendLegPath } from '../../lib/drawing/trace-leg';
import { frameAtLegFraction } from '../../lib/time/timeline';

/** Seconds the opening lengthens by, for the avoided route to draw before the vehicle sets off. */
export const REROUTE_REVEAL_SECONDS = 1.6;

export interface Reroute {
  avoided: LegPath[];
  label: string;
  /** The taken route's point farthest from the avoided one (the far side of the detour), and when the vehicle gets there. */
  anchor: { x: number; y: number; frame: number };
  /** Unit vector (world) from the avoided route towards the anchor: the label sits on that side, off the route. */
  away: { x: number; y: number };
}

/** The reroute of a scene, or null when the camera tells no reroute story. */
export function rerouteOf(scene: Scene): Reroute | null {
  const reroute = scene.props.camera.reroute;
  if (!reroute) return null;
  const avoided = projectLines(scene.geometry, reroute.legs);
  // Sample both lines (a few hundred points each) and find the taken route's point farthest from the avoided one.
  const sample = (leg: LegPath, every: number) =>
    Array.from({ length: Math.ceil(leg.cumulative.length / every) }, (_, k) => k * every).map((v) => ({
      x: leg.xy[v * 2],
      y: leg.xy[v * 2 + 1],
      along: leg.length > 0 ? leg.cumulative[v] / leg.length : 0,
    }));
  const avoidedPoints = avoided.flatMap((leg) => sample(leg, Math.max(1, Math.floor(leg.cumulative.length / 300))));
  let best = { x: 0, y: 0, leg: 0, along: 0, distance: -1, from: { x: 0, y: 0 } };
  scene.geometry.legs.forEach((leg, i) => {
    for (const p of sample(leg, Math.max(1, Math.floor(leg.cumulative.length / 300)))) {
      const nearest = avoidedPoints.reduce((a, q) => (Math.hypot(p.x - q.x, p.y - q.y) < Math.hypot(p.x - a.x, p.y - a.y) ? q : a));
      const distance = Math.hypot(p.x - nearest.x, p.y - nearest.y);
      if (distance > best.distance) best = { x: p.x, y: p.y, leg: i, along: p.along, distance, from: nearest };
    }
  });
  const length = Math.max(1e-12, best.distance);
  return {
    avoided,
    label: reroute.label,
    anchor: { x: best.x, y: best.y, frame: frameAtLegFraction(scene.timeline, best.leg, best.along) },
    away: { x: (best.x - best.from.x) / length, y: (best.y - best.from.y) / length },
  };
}

/** The avoided route on the map plane: faint, dashed, drawing itself over the opening, then staying. */
export function drawAvoidedRoute(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  reroute: Reroute,
  frame: number,
  surface: PlaneSurface,
): void {
  const fps = scene.props.fps;
  const from = fps * 0.2;
  const to = Math.max(from + 1, scene.timeline.intro.end - fps * 0.3);
  const shown = EASES['cubic-in-out']((frame - from) / (to - from));
  if (shown <= 0) return;
  ctx.beginPath();
  for (const leg of reroute.avoided) appendLegPath(ctx, leg, leg.length * shown, surface, 'moveTo');
  const width = scene.route.width * 0.75;
  ctx.setLineDash([width * 2.2, width * 1.8]);
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = scene.route.color;
  ctx.globalAlpha = 0.42 * scene.route.opacity;
  ctx.lineWidth = width;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

/**
 * The label of what the detour costs, once the vehicle nears the detour's far side: on the outer side
 * of the detour (away from the avoided route, so off the route and the vehicle's path), clear of the
 * screen's obstacles (HUD, text overlays, other labels) and inside the safe area, on a plate. Null
 * before it shows.
 */
export function rerouteLabelAt(scene: Scene, reroute: Reroute, frame: number, obstacles: Rect[]): TextLabel | null {
  const fps = scene.props.fps;
  const t = smootherstep((frame - (reroute.anchor.frame - fps * 0.6)) / (fps * 0.5));
  if (t <= 0) return null;
  const { width, height, insets } = scene.viewport;
  const unit = sizeUnit(width, height);
  const camera = cameraAt(scene, frame);
  const anchor = worldToScreen(scene, camera, reroute.anchor.x, reroute.anchor.y);
  const ahead = worldToScreen(
    scene,
    camera,
    reroute.anchor.x + reroute.away.x / 2 ** camera.z,
    reroute.anchor.y + reroute.away.y / 2 ** camera.z,
  );
  const dx = ahead.x - anchor.x;
  const dy = ahead.y - anchor.y;
  const norm = Math.hypot(dx, dy) || 1;
  const px = labelFontPx(3.1, unit);
  const font = labelFont(px, 700);
  const padX = unit * 1.1;
  const w = measureCssFont(reroute.label, font) + padX * 2;
  const h = px * 1.9;
  // From the anchor along `away` (turned a little either way, or further out, when the route, the screen's
  // obstacles or its edges are there) until the box clears the anchor by a gap, whichever side of the box leads.
  const bounds = { x: insets.left, y: insets.top, width: width - insets.left - insets.right, height: height - insets.top - insets.bottom };
  const boxAt = ([angle, further]: readonly [number, number]): Rect => {
    const ux = (dx / norm) * Math.cos(angle) - (dy / norm) * Math.sin(angle);
    const uy = (dx / norm) * Math.sin(angle) + (dy / norm) * Math.cos(angle);
    const reach = Math.abs(ux) * (w / 2) + Math.abs(uy) * (h / 2) + unit * 2.2 * further;
    return { x: anchor.x + ux * reach - w / 2, y: anchor.y + uy * reach - h / 2, width: w, height: h };
  };
  // The route taken, on screen (a few hundred of its points): the label keeps off it.
  const routePoints = scene.geometry.legs.flatMap((leg) => {
    const every = Math.max(1, Math.floor(leg.cumulative.length / 200));
    return Array.from({ length: Math.ceil(leg.cumulative.length / every) }, (_, k) =>
      worldToScreen(scene, camera, leg.xy[k * every * 2], leg.xy[k * every * 2 + 1]),
    );
  });
  const margin = unit * 0.8;
  const offRoute = (r: Rect) =>
    !routePoints.some((p) => p.x > r.x - margin && p.x < r.x + r.width + margin && p.y > r.y - margin && p.y < r.y + r.height + margin);
  const fits = (r: Rect) =>
    r.x >= bounds.x && r.y >= bounds.y && r.x + r.width <= bounds.x + bounds.width && r.y + r.height <= bounds.y + bounds.height;
  const clear = (r: Rect) =>
    !obstacles.some((o) => r.x < o.x + o.width && o.x < r.x + r.width && r.y < o.y + o.height && o.y < r.y + r.height);
  // Sixteen directions, the nearest to `away` first, at growing distances: the first clear of everything wins.
  const turns = [0, ...Array.from({ length: 7 }, (_, k) => ((k + 1) * Math.PI) / 8).flatMap((a) => [a, -a]), Math.PI];
  const candidates = [1, 2.5, 4, 6].flatMap((further) => turns.map((angle) => [angle, further] as const));
  const box =
    candidates.map(boxAt).find((r) => fits(r) && clear(r) && offRoute(r)) ??
    candidates.map(boxAt).find((r) => fits(r) && clear(r)) ??
    boxAt([0, 1]);
  const x = Math.min(Math.max(bounds.x, box.x), bounds.x + bounds.width - w);
  const y = Math.min(Math.max(bounds.y, box.y), bounds.y + bounds.height - h);
  const palette = scene.palette;
  return {
    id: `detour (${reroute.label})`,
    text: reroute.label,
    font,
    fontPx: px,
    x,
    y,
    width: w,
    height: h,
    textX: x + padX,
    textY: y + h / 2 + px * 0.04,
    align: 'left',
    color: palette.labelText,
    backing: { kind: 'plate', color: palette.labelHalo },
    haloWidth: 0,
    plate: { x, y, width: w, height: h, radius: h / 2, edge: { color: scene.route.color, width: unit * 0.3 } },
    opacity: t,
  };
}
