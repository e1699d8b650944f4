/**
 * route_animation's drawing, per frame (browser-only). On the map plane: the route so far, in the
 * look of `route_style`. In screen space: the waypoint markers as the vehicle reaches them, the
 * vehicle, and the labels placed clear of each other, the markers and the screen's obstacles.
 */
import type { Transport } from '../../../src/modules/rendering/contract';
import type { CameraState } from '../../lib/camera';
import { clamp01, smootherstep } from '../../lib/easing';
import { cameraAt, type PlaneSurface, worldToScreen } from '../../lib/frame-drawing';
import type { GlobeOpening } from '../../lib/globe-camera';
import { type LabelRequest, placeLabels, type Rect } from '../../lib/labels';
import { drawVehicle, SINGLE_ROUTE_WEIGHTS, strokeRoute, type VehiclePose } from '../../lib/route-drawing';
import { headingAlong, pointAlong, progressAt, type RouteProgress } from '../../lib/route-geometry';
import { sizeUnit } from '../../lib/safe-area';
import type { ModeLayer, Scene } from '../../lib/scene';
import { appendLegPath } from '../../lib/trace-leg';
import { VEHICLES } from '../../lib/vehicles';
import { drawAvoidedRoute, drawRerouteLabel, rerouteOf } from './reroute';

export function routeAnimationLayer(scene: Scene): ModeLayer {
  const reroute = rerouteOf(scene);
  return {
    drawPlane(ctx, frame, surface) {
      if (reroute) drawAvoidedRoute(ctx, scene, reroute, frame, surface);
      if (scene.globeOpening) drawCorridor(ctx, scene, scene.globeOpening, frame, surface);
      drawRoute(ctx, scene, progressAt(scene.props, scene.geometry, scene.timeline, frame), surface);
    },
    drawOverlay(ctx, frame, obstacles) {
      drawRouteOverlay(ctx, scene, frame, obstacles);
      if (reroute) drawRerouteLabel(ctx, scene, reroute, frame, obstacles);
    },
  };
}

function traceRoute(ctx: CanvasRenderingContext2D, scene: Scene, progress: RouteProgress, surface: PlaneSurface): boolean {
  const { legs } = scene.geometry;
  ctx.beginPath();
  const lastLeg = Math.min(progress.fraction > 0 ? progress.leg : progress.leg - 1, legs.length - 1);
  for (let i = 0; i <= lastLeg; i++) {
    appendLegPath(ctx, legs[i], i < progress.leg ? Infinity : progress.distance, surface, i === 0 ? 'moveTo' : 'lineTo');
  }
  return lastLeg >= 0;
}

function drawRoute(ctx: CanvasRenderingContext2D, scene: Scene, progress: RouteProgress, surface: PlaneSurface): void {
  if (!traceRoute(ctx, scene, progress, surface)) return;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  strokeRoute(ctx, scene.route, scene.route.color, scene.palette.routeCasing, SINGLE_ROUTE_WEIGHTS);
}

/**
 * global_corridor_reveal: the whole route's corridor, faint, on the turning globe, so the viewer sees
 * where the journey goes before the camera descends; it fades as the route itself starts to draw.
 */
function drawCorridor(ctx: CanvasRenderingContext2D, scene: Scene, opening: GlobeOpening, frame: number, surface: PlaneSurface): void {
  const fade = 1 - smootherstep((frame - opening.end) / (scene.props.fps * 0.8));
  if (fade <= 0) return;
  ctx.beginPath();
  scene.geometry.legs.forEach((leg, i) => appendLegPath(ctx, leg, Infinity, surface, i === 0 ? 'moveTo' : 'lineTo'));
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.globalAlpha = 0.28 * fade;
  ctx.strokeStyle = scene.route.color;
  ctx.lineWidth = scene.route.width * 2.6;
  ctx.stroke();
  ctx.globalAlpha = 0.75 * fade;
  ctx.setLineDash([scene.route.width * 1.6, scene.route.width * 1.8]);
  ctx.lineWidth = scene.route.width * 0.7;
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.globalAlpha = 1;
}

/**
 * The vehicle, in screen space above the markers (so it is never hidden under the waypoint it
 * pauses on). On a tilted map it follows the perspective: heading and size come from how a
 * short step along the route projects to the screen.
 */
function vehiclePose(scene: Scene, progress: RouteProgress, frame: number, camera: CameraState): VehiclePose | null {
  const leg = scene.geometry.legs[progress.leg];
  const transport: Transport = scene.props.legs[progress.leg]?.transport ?? 'none';
  if (!leg || transport === 'none') return null;
  // The vehicle appears as the opening shot ends and leaves after the closing shot starts.
  const { intro, outro } = scene.timeline;
  const fps = scene.props.fps;
  const appear = smootherstep((frame - (intro.end - fps * 0.5)) / (fps * 0.4));
  const leave = 1 - smootherstep((frame - (outro.start + fps * 0.4)) / (fps * 0.5));
  const visibility = Math.min(appear, leave);
  if (visibility <= 0.001) return null;
  const at = pointAlong(leg, progress.distance);
  const heading = headingAlong(leg, progress.distance);
  const step = 4 / 2 ** camera.z; // four screen pixels, in world units
  const a = worldToScreen(scene, camera, at.x, at.y);
  if (a.hidden) return null;
  const b = worldToScreen(scene, camera, at.x + Math.cos(heading) * step, at.y + Math.sin(heading) * step);
  const depth = Math.min(1.4, Math.max(0.5, Math.hypot(b.x - a.x, b.y - a.y) / 4));
  const unit = sizeUnit(scene.props.width, scene.props.height);
  const size = ((VEHICLES[transport].size * unit) / 24) * (0.6 + 0.4 * visibility) * depth;
  return { x: a.x, y: a.y, heading: Math.atan2(b.y - a.y, b.x - a.x), size, visibility, transport };
}

/** Waypoint markers, the vehicle and the labels, in screen space: upright and crisp even on a tilted map. */
function drawRouteOverlay(ctx: CanvasRenderingContext2D, scene: Scene, frame: number, rects: Rect[]): void {
  const { width, height, insets } = scene.viewport;
  const camera = cameraAt(scene, frame);
  const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
  const unit = sizeUnit(width, height);
  const fps = scene.props.fps;
  const palette = scene.palette;

  const visible = scene.props.waypoints
    .map((wp, i) => {
      const reachedAt = progress.reachedAtFrame[i] ?? Infinity;
      // The first waypoint appears with the opening shot; the others as the vehicle arrives.
      const appearAt = i === 0 ? Math.max(0, scene.timeline.intro.end - fps * 0.9) : reachedAt - fps * 0.1;
      const t = clamp01((frame - appearAt) / (fps * 0.45));
      const p = scene.geometry.waypoints[i];
      return { wp, i, t, screen: worldToScreen(scene, camera, p.x, p.y) };
    })
    // Behind the globe a waypoint shows neither its marker nor its label.
    .filter((v) => v.t > 0 && !v.screen.hidden);

  const markerRadius = (emphasis: string) => (emphasis === 'waypoint' ? 1.25 : emphasis === 'chokepoint' ? 1.2 : 0.85) * unit;
  const fontFor = (emphasis: string) => {
    const px = (emphasis === 'waypoint' ? 2.9 : emphasis === 'chokepoint' ? 2.3 : 2.5) * unit;
    const weight = emphasis === 'standard' ? 600 : 700;
    return { px, font: `${emphasis === 'chokepoint' ? 'italic ' : ''}${weight} ${px.toFixed(1)}px "DejaVu Sans", sans-serif` };
  };

  // A label moves outwards while the vehicle sits on its waypoint, so the two never overlap
  // (smoothly, with the distance, rather than jumping to another side).
  const vehicle = vehiclePose(scene, progress, frame, camera);
  const vehicleReach = vehicle ? vehicle.size * 12 * vehicle.visibility : 0;
  const gapNearVehicle = (anchor: { x: number; y: number }, gap: number) => {
    if (!vehicle) return gap;
    const closeness = 1 - smootherstep(Math.hypot(anchor.x - vehicle.x, anchor.y - vehicle.y) / (vehicleReach * 2 + 1e-9));
    return Math.max(gap, gap + closeness * (vehicleReach + unit * 0.4 - gap));
  };

  // Labels: measured, then placed without overlaps inside the safe area.
  const requests: LabelRequest[] = [];
  const texts = new Map<number, { text: string; font: string }>();
  for (const v of visible) {
    if (!v.wp.label) continue;
    const { font, px: fontPx } = fontFor(v.wp.emphasis);
    const text = v.wp.emphasis === 'chokepoint' ? v.wp.label.toUpperCase() : v.wp.label;
    ctx.font = font;
    const w = ctx.measureText(text).width;
    texts.set(v.i, { text, font });
    requests.push({
      id: v.i,
      anchor: v.screen,
      width: w + unit * 1.2,
      height: fontPx * 1.35,
      priority:
        (v.wp.emphasis === 'waypoint' ? 2 : v.wp.emphasis === 'chokepoint' ? 1 : 0) +
        (v.i === 0 || v.i === scene.props.waypoints.length - 1 ? 0.5 : 0),
      gap: gapNearVehicle(v.screen, markerRadius(v.wp.emphasis) + unit * 0.5),
    });
  }
  const bounds: Rect = {
    x: insets.left,
    y: insets.top,
    width: width - insets.left - insets.right,
    height: height - insets.top - insets.bottom,
  };
  const markerRects = visible.map((v) => {
    const r = markerRadius(v.wp.emphasis);
    return { x: v.screen.x - r, y: v.screen.y - r, width: 2 * r, height: 2 * r };
  });
  // Each label avoids the other markers (its own marker is kept clear by the gap).
  const placed = placeLabelsAvoidingMarkers(
    requests,
    bounds,
    rects,
    markerRects,
    visible.map((v) => v.i),
  );

  // Markers.
  for (const v of visible) {
    const r = markerRadius(v.wp.emphasis) * (0.4 + 0.6 * smootherstep(v.t * 1.4));
    ctx.globalAlpha = smootherstep(v.t);
    const { x, y } = v.screen;
    if (x < -50 || y < -50 || x > width + 50 || y > height + 50) continue;
    if (v.wp.emphasis === 'chokepoint') {
      ctx.beginPath();
      ctx.moveTo(x, y - r * 1.3);
      ctx.lineTo(x + r * 1.3, y);
      ctx.lineTo(x, y + r * 1.3);
      ctx.lineTo(x - r * 1.3, y);
      ctx.closePath();
      ctx.fillStyle = palette.accent;
      ctx.fill();
      ctx.lineWidth = unit * 0.3;
      ctx.strokeStyle = palette.marker;
      ctx.stroke();
    } else {
      if (v.wp.emphasis === 'waypoint') {
        ctx.beginPath();
        ctx.arc(x, y, r * 1.9, 0, Math.PI * 2);
        ctx.fillStyle = scene.route.color;
        ctx.globalAlpha *= 0.22;
        ctx.fill();
        ctx.globalAlpha = smootherstep(v.t);
      }
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = palette.marker;
      ctx.fill();
      ctx.lineWidth = unit * (v.wp.emphasis === 'waypoint' ? 0.45 : 0.32);
      ctx.strokeStyle = v.wp.emphasis === 'waypoint' ? scene.route.color : palette.markerStroke;
      ctx.stroke();
    }
  }

  ctx.globalAlpha = 1;
  if (vehicle) drawVehicle(ctx, vehicle, palette);

  // Labels with a halo, sliding in slightly as they fade in.
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const p of placed) {
    const v = visible.find((x) => x.i === p.id)!;
    const { text, font } = texts.get(p.id)!;
    const a = smootherstep(v.t);
    ctx.globalAlpha = a;
    ctx.font = font;
    const slide = (1 - a) * unit * 0.8;
    const tx = p.x + unit * 0.6 + (p.side.includes('left') ? slide : p.side.includes('right') ? -slide : 0);
    const ty = p.y + p.height / 2 + (p.side.startsWith('top') ? slide : p.side.startsWith('bottom') ? -slide : 0);
    ctx.strokeStyle = palette.labelHalo;
    ctx.lineWidth = unit * 0.55;
    ctx.strokeText(text, tx, ty);
    ctx.fillStyle = v.wp.emphasis === 'chokepoint' ? palette.accent : palette.labelText;
    ctx.fillText(text, tx, ty);
  }
  ctx.globalAlpha = 1;
}

function placeLabelsAvoidingMarkers(requests: LabelRequest[], bounds: Rect, rects: Rect[], markers: Rect[], markerIds: number[]) {
  // placeLabels takes shared obstacles; own markers are excluded by filtering per label.
  const results = [];
  const placed: Rect[] = [];
  const ordered = requests.map((r, i) => ({ r, i })).sort((a, b) => b.r.priority - a.r.priority || a.i - b.i);
  for (const { r } of ordered) {
    const others = markers.filter((_, k) => markerIds[k] !== r.id);
    const [spot] = placeLabels([r], bounds, [...rects, ...others, ...placed]);
    if (spot) {
      results.push(spot);
      placed.push(spot);
    }
  }
  return results;
}
