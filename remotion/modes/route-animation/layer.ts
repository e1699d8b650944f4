/**
 * route_animation's drawing, per frame (browser-only). On the map plane: the route so far, in the
 * look of `route_style`. In screen space: the waypoint markers as the vehicle reaches them, the
 * vehicle, and the labels placed clear of each other, the markers and the screen's obstacles.
 */
import type { Transport } from '../../../src/modules/contract';
import type { CameraState } from '../../lib/camera/camera';
import { readableOn } from '../../lib/layout/contrast';
import { clamp01, smootherstep } from '../../lib/time/easing';
import { cameraAt, legOnScreen, type PlaneSurface, screenProjector, worldToScreen } from '../../lib/scene/frame-drawing';
import type { GlobeOpening } from '../../lib/globe/globe-camera';
import { type LabelRequest, placeLabels, pointInside, type Rect } from '../../lib/layout/labels';
import { measureCssFont } from '../../lib/layout/measure-text';
import { drawVehicle, SINGLE_ROUTE_WEIGHTS, strokeRoute, type VehiclePose } from '../../lib/drawing/route-drawing';
import { headingAlong, pointAlong, progressAt, type RouteProgress } from '../../lib/geo/route-geometry';
import { sizeUnit } from '../../lib/layout/safe-area';
import type { LayerLayout, MapMarks, ModeLayer, Scene } from '../../lib/scene/scene';
import { drawTextLabels, labelFont, labelFontPx, type TextLabel } from '../../lib/layout/text-label';
import { appendLegPath } from '../../lib/drawing/trace-leg';
import { VEHICLES } from '../../lib/drawing/vehicles';
import { drawAvoidedRoute, rerouteLabelAt, rerouteOf } from './reroute';

export function routeAnimationLayer(scene: Scene): ModeLayer {
  const reroute = rerouteOf(scene);
  const layout = (frame: number, obstacles: Rect[]): RouteOverlay => {
    const overlay = routeOverlayAt(scene, frame, obstacles);
    // The detour's label keeps clear of the waypoints' labels too.
    const detour = reroute ? rerouteLabelAt(scene, reroute, frame, [...obstacles, ...overlay.labels]) : null;
    return detour ? { ...overlay, labels: [...overlay.labels, detour] } : overlay;
  };
  return {
    drawPlane(ctx, frame, surface) {
      if (reroute) drawAvoidedRoute(ctx, scene, reroute, frame, surface);
      if (scene.globeOpening) drawCorridor(ctx, scene, scene.globeOpening, frame, surface);
      drawRoute(ctx, scene, progressAt(scene.props, scene.geometry, scene.timeline, frame), surface);
    },
    marks: (frame) => routeMarks(scene, frame),
    layout,
    drawOverlay(ctx, frame, obstacles) {
      drawRouteOverlay(ctx, scene, layout(frame, obstacles));
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

/** A waypoint showing on a frame: how far it has faded in (0–1), where it is on screen and the radius of its marker as drawn. */
interface WaypointSpot {
  i: number;
  wp: Scene['props']['waypoints'][number];
  t: number;
  x: number;
  y: number;
  radius: number;
}

/** route_animation's screen layout of a frame, and what it draws besides: the markers' spots and the vehicle. */
interface RouteOverlay extends LayerLayout {
  spots: WaypointSpot[];
  vehicle: VehiclePose | null;
}

const markerRadius = (emphasis: string, unit: number) => (emphasis === 'waypoint' ? 1.25 : emphasis === 'chokepoint' ? 1.2 : 0.85) * unit;

/** How far a marker reaches from its centre as drawn: a waypoint's soft ring, a chokepoint's diamond, a dot. */
const markerReach = (emphasis: string, r: number) => (emphasis === 'waypoint' ? r * 1.9 : emphasis === 'chokepoint' ? r * 1.3 : r);

/** The waypoints showing on a frame: the first with the opening shot, the others as the vehicle reaches them; none behind the globe. */
function waypointsShowing(scene: Scene, frame: number, camera: CameraState, progress: RouteProgress): WaypointSpot[] {
  const fps = scene.props.fps;
  const unit = sizeUnit(scene.props.width, scene.props.height);
  const toScreen = screenProjector(scene, camera);
  return scene.props.waypoints
    .map((wp, i) => {
      const reachedAt = progress.reachedAtFrame[i] ?? Infinity;
      // The first appears with the opening shot, once the title card has gone (it would cover it); the others as the vehicle arrives.
      const appearAt = i === 0 ? Math.max(scene.timeline.title.end, scene.timeline.intro.end - fps * 0.9) : reachedAt - fps * 0.1;
      const t = clamp01((frame - appearAt) / (fps * 0.45));
      const p = scene.geometry.waypoints[i];
      const at = toScreen(p.x, p.y);
      return {
        i,
        wp,
        t,
        x: at.x,
        y: at.y,
        hidden: at.hidden,
        radius: markerRadius(wp.emphasis, unit) * (0.4 + 0.6 * smootherstep(t * 1.4)),
      };
    })
    .filter((v) => v.t > 0 && !v.hidden)
    .map(({ hidden: _hidden, ...spot }) => spot);
}

/** The route as far as it is drawn, and the markers showing, on screen. */
function routeMarks(scene: Scene, frame: number): MapMarks {
  const camera = cameraAt(scene, frame);
  const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
  const { legs } = scene.geometry;
  const lastLeg = Math.min(progress.fraction > 0 ? progress.leg : progress.leg - 1, legs.length - 1);
  const routes = [];
  for (let i = 0; i <= lastLeg; i++) {
    const lines = legOnScreen(scene, camera, legs[i], i < progress.leg ? Infinity : progress.distance);
    routes.push(...lines.map((points, k) => ({ id: `leg ${i}${lines.length > 1 ? ` part ${k}` : ''}`, points })));
  }
  return { routes, markers: markersOf(waypointsShowing(scene, frame, camera, progress)) };
}

function markersOf(spots: WaypointSpot[]): MapMarks['markers'] {
  return spots.map((v) => {
    const reach = markerReach(v.wp.emphasis, v.radius);
    return {
      id: `waypoint ${v.i}${v.wp.label ? ` (${v.wp.label})` : ''}`,
      x: v.x - reach,
      y: v.y - reach,
      width: 2 * reach,
      height: 2 * reach,
      opacity: smootherstep(v.t),
    };
  });
}

/** Waypoint markers, the vehicle and the labels of a frame, placed clear of each other, the markers and `obstacles`, inside the safe area. */
function routeOverlayAt(scene: Scene, frame: number, obstacles: Rect[]): RouteOverlay {
  const { width, height, insets } = scene.viewport;
  const camera = cameraAt(scene, frame);
  const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
  const unit = sizeUnit(width, height);
  const palette = scene.palette;
  const marks = routeMarks(scene, frame);
  const visible = waypointsShowing(scene, frame, camera, progress);

  const fontFor = (emphasis: string) => {
    const px = labelFontPx(emphasis === 'waypoint' ? 2.9 : emphasis === 'chokepoint' ? 2.3 : 2.5, unit);
    return { px, font: labelFont(px, emphasis === 'standard' ? 600 : 700, emphasis === 'chokepoint') };
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
  const texts = new Map<number, { text: string; font: string; px: number }>();
  for (const v of visible) {
    if (!v.wp.label) continue;
    const { font, px } = fontFor(v.wp.emphasis);
    const text = v.wp.emphasis === 'chokepoint' ? v.wp.label.toUpperCase() : v.wp.label;
    texts.set(v.i, { text, font, px });
    requests.push({
      id: v.i,
      anchor: v,
      width: measureCssFont(text, font) + unit * 1.2,
      height: px * 1.35,
      priority:
        (v.wp.emphasis === 'waypoint' ? 2 : v.wp.emphasis === 'chokepoint' ? 1 : 0) +
        (v.i === 0 || v.i === scene.props.waypoints.length - 1 ? 0.5 : 0),
      gap: gapNearVehicle(v, markerRadius(v.wp.emphasis, unit) + unit * 0.5),
    });
  }
  const bounds: Rect = {
    x: insets.left,
    y: insets.top,
    width: width - insets.left - insets.right,
    height: height - insets.top - insets.bottom,
  };
  const markerRects = visible.map((v) => {
    const r = markerRadius(v.wp.emphasis, unit);
    return { x: v.x - r, y: v.y - r, width: 2 * r, height: 2 * r };
  });
  // Each label avoids the other markers (its own marker is kept clear by the gap).
  const placed = placeLabelsAvoidingMarkers(
    requests,
    bounds,
    obstacles,
    markerRects,
    visible.map((v) => v.i),
  );

  // Labels with a halo, sliding in slightly as they fade in.
  const labels: TextLabel[] = placed.map((p) => {
    const v = visible.find((x) => x.i === p.id)!;
    const { text, font, px } = texts.get(p.id)!;
    const opacity = smootherstep(v.t);
    const slide = (1 - opacity) * unit * 0.8;
    const dx = p.side.includes('left') ? slide : p.side.includes('right') ? -slide : 0;
    const dy = p.side.startsWith('top') ? slide : p.side.startsWith('bottom') ? -slide : 0;
    return {
      id: `waypoint ${v.i} (${v.wp.label})`,
      text,
      font,
      fontPx: px,
      x: p.x + dx,
      y: p.y + dy,
      width: p.width,
      height: p.height,
      textX: p.x + unit * 0.6 + dx,
      textY: p.y + p.height / 2 + dy,
      align: 'left',
      // A chokepoint's label takes the accent, as far as it reads on the halo (§22).
      color: v.wp.emphasis === 'chokepoint' ? readableOn(palette.accent, palette.labelHalo, palette.labelText) : palette.labelText,
      backing: { kind: 'halo', color: palette.labelHalo },
      haloWidth: unit * 0.55,
      plate: null,
      opacity,
    };
  });
  // Left out for what is over the map: labels of waypoints in the safe area that would have had room without it.
  const crowdedOut = requests.filter((r) => !placed.some((p) => p.id === r.id) && pointInside(r.anchor, bounds));
  const roomWithout = crowdedOut.length
    ? placeLabelsAvoidingMarkers(
        requests,
        bounds,
        [],
        markerRects,
        visible.map((v) => v.i),
      )
    : [];
  const omitted = crowdedOut
    .filter((r) => roomWithout.some((p) => p.id === r.id))
    .map((r) => `waypoint ${r.id} (${scene.props.waypoints[r.id].label})`);
  return { ...marks, labels, panels: [], omitted, spots: visible, vehicle };
}

/** Draws a frame's markers, then the vehicle above them, then the labels. */
function drawRouteOverlay(ctx: CanvasRenderingContext2D, scene: Scene, overlay: RouteOverlay): void {
  const { width, height } = scene.viewport;
  const unit = sizeUnit(width, height);
  const palette = scene.palette;
  for (const v of overlay.spots) {
    const r = v.radius;
    ctx.globalAlpha = smootherstep(v.t);
    const { x, y } = v;
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
  if (overlay.vehicle) drawVehicle(ctx, overlay.vehicle, palette);
  drawTextLabels(ctx, overlay.labels);
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
