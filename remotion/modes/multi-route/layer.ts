/**
 * multi_route's drawing, per frame (browser-only). On the map plane: faint previews of every
 * route, then each route drawing itself in its colour, one path per route. In screen space: the
 * vehicles riding the drawing tips, the origin and destination markers (a destination appears as
 * its route arrives, with a ring that spreads out once), leader lines and the labels at the spots
 * planned once for the whole video. Text is measured once, when the labels are planned.
 */
import { legOnScreen, type PlaneSurface } from '../../lib/scene/frame-drawing';
import { appendLegPath } from '../../lib/drawing/trace-leg';
import type { LayoutMarker, LayoutRoute, Transport } from '../../../src/modules/contract';
import type { CameraState } from '../../lib/camera/camera';
import { readableOn } from '../../lib/layout/contrast';
import { screenObstacles, textOverlayRects } from '../../lib/scene/covers';
import { clamp01, smootherstep } from '../../lib/time/easing';
import type { Rect } from '../../lib/layout/labels';
import { measureCssFont } from '../../lib/layout/measure-text';
import { headingAlong, type LegPath, pointAlong } from '../../lib/geo/route-geometry';
import type { LayerLayout, MapMarks, ModeLayer, Scene } from '../../lib/scene/scene';
import { drawTextLabels, type TextLabel } from '../../lib/layout/text-label';
import { drawVehicle, NETWORK_ROUTE_WEIGHTS, strokeRoute, type VehiclePose } from '../../lib/drawing/route-drawing';
import { VEHICLES } from '../../lib/drawing/vehicles';
import { screenPoint } from './camera';
import { type LabelPlacement, placedRect, leaderSegment } from './label-layout';
import { LINE_HEIGHT, type MultiRoutePlan, type PlannedLabels, planLabels, pointsOnScreen, routeColors } from './plan';
import { routeFraction } from './timeline';

/** multi_route's screen layout of a frame, and what it draws besides: leader lines and vehicles. */
interface NetworkOverlay extends LayerLayout {
  frame: number;
  /** Every point on screen (0 = origin), and how far its label has faded in. */
  points: Array<{ x: number; y: number; hidden?: boolean }>;
  shown: number[];
  vehicles: VehiclePose[];
}

/** Lines of a crowded map are thinner, so shared lanes and close destinations stay readable. */
function lineWidthScale(routes: number): number {
  return routes > 12 ? 0.62 : routes > 4 ? 0.78 : 1;
}

export function multiRouteLayer(scene: Scene, plan: MultiRoutePlan): ModeLayer {
  const { settings, timeline, geometry, unit } = plan;
  const { palette } = scene;
  const fps = plan.props.fps;
  const colors = routeColors(settings, palette);
  const width = scene.route.width * lineWidthScale(settings.routes.length);
  const look = { ...scene.route, width };
  const previewFrom = Math.max(0, timeline.title.end - Math.round(fps * 0.9));
  // Longest routes first, so where lanes are shared the line on top is that of the route ending
  // soonest: each stretch shows the colour of the nearest destination it leads to.
  const drawOrder = geometry.legs.map((_, i) => i).sort((a, b) => geometry.legs[b].length - geometry.legs[a].length || a - b);
  let labels: PlannedLabels | null = null;

  const fractionAt = (i: number, frame: number) => routeFraction(timeline.motions[i], frame / fps);

  return {
    drawPlane(ctx, frame, surface) {
      ctx.lineJoin = 'round';
      ctx.lineCap = 'round';
      if (settings.show_all_routes_at_start) {
        const shown = smootherstep((frame - previewFrom) / (fps * 0.5));
        if (shown > 0) {
          ctx.lineWidth = Math.max(1, width * 0.5);
          for (const i of drawOrder) {
            if (!traceLeg(ctx, geometry.legs[i], geometry.legs[i].length, surface)) continue;
            ctx.globalAlpha = shown * 0.38;
            ctx.strokeStyle = colors[i];
            ctx.stroke();
          }
        }
      }
      for (const i of drawOrder) {
        const leg = geometry.legs[i];
        const fraction = fractionAt(i, frame);
        if (fraction <= 0 || !traceLeg(ctx, leg, leg.length * fraction, surface)) continue;
        strokeRoute(ctx, look, colors[i], palette.routeCasing, NETWORK_ROUTE_WEIGHTS);
      }
      ctx.globalAlpha = 1;
    },

    marks: (frame) => marksAt(frame),
    layout: (frame) => overlayAt(frame),
    drawOverlay(ctx, frame) {
      drawNetworkOverlay(ctx, overlayAt(frame));
    },
  };

  /** The routes as far as they have drawn and the markers showing, on screen. */
  function marksAt(frame: number): MapMarks {
    const camera = plan.track[Math.max(0, Math.min(plan.track.length - 1, Math.round(frame)))];
    const points = pointsOnScreen(plan, frame);
    const routes: LayoutRoute[] = [];
    geometry.legs.forEach((leg, i) => {
      const fraction = fractionAt(i, frame);
      if (fraction <= 0) return;
      const lines = legOnScreen(scene, camera, leg, leg.length * fraction);
      routes.push(...lines.map((line, k) => ({ id: `route ${i}${lines.length > 1 ? ` part ${k}` : ''}`, points: line })));
    });
    const markers: LayoutMarker[] = [];
    const box = (id: string, p: { x: number; y: number }, r: number, opacity: number) =>
      markers.push({ id, x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r, opacity });
    const shown = labelsShown(frame, points);
    const origin = points[0];
    const originShown = origin.hidden ? 0 : smootherstep(shown[0] * 1.4);
    if (originShown > 0)
      box(`origin${settings.origin.label ? ` (${settings.origin.label})` : ''}`, origin, plan.markerRadius[0] * 1.9, originShown);
    settings.routes.forEach((route, i) => {
      const p = points[i + 1];
      if (p.hidden) return;
      const id = `destination ${i}${route.label ? ` (${route.label})` : ''}`;
      const arrived = clamp01((frame - timeline.arrivals[i] + fps * 0.08) / (fps * 0.35));
      if (arrived > 0) box(id, p, plan.markerRadius[i + 1], smootherstep(arrived));
      else if (!settings.animate_labels && shown[i + 1] > 0) box(id, p, plan.markerRadius[i + 1] * 0.8, smootherstep(shown[i + 1]) * 0.85);
    });
    return { routes, markers };
  }

  /**
   * How far each point's label has faded in (0 = origin). A point behind the globe shows neither its marker nor its
   * label, and one out of the frame (a network wider than the flat map shows) no label pointing out of it.
   */
  function labelsShown(frame: number, points: Array<{ x: number; y: number; hidden?: boolean }>): number[] {
    const { width, height } = plan.viewport;
    const out = (p: { x: number; y: number }) => p.x < 0 || p.x > width || p.y < 0 || p.y > height;
    return plan.labelFrom.map((from, k) => (points[k].hidden || out(points[k]) ? 0 : clamp01((frame - from) / (fps * 0.45))));
  }

  /** A frame's marks, labels (at the spots planned once for the whole video) and what is drawn besides: leaders and vehicles. */
  function overlayAt(frame: number): NetworkOverlay {
    // Decided once per video: clear of the screen's obstacles and every text overlay, not only those showing now.
    labels ??= planLabels(plan, measureCssFont, [...screenObstacles(scene), ...textOverlayRects(scene)]);
    const camera = plan.track[Math.max(0, Math.min(plan.track.length - 1, Math.round(frame)))];
    const points = pointsOnScreen(plan, frame);
    const shown = labelsShown(frame, points);
    const textLabels: TextLabel[] = [];
    const omitted: string[] = [];
    labels.placements.forEach((p, k) => {
      const text = labels!.texts[k];
      if (!text || shown[k] <= 0) return;
      const name = k === 0 ? 'origin' : `route ${k - 1}`;
      if (!p) {
        omitted.push(name);
        return;
      }
      const opacity = smootherstep(shown[k]);
      const rect = slid(placedRect(p, points[k]), p, (1 - opacity) * unit * 0.9);
      const x = p.align === 'left' ? rect.x + text.pad : p.align === 'right' ? rect.x + rect.width - text.pad : rect.x + rect.width / 2;
      let y = rect.y + text.pad;
      for (const l of text.lines) {
        const lineHeight = l.px * LINE_HEIGHT;
        const width = measureCssFont(l.text, l.font);
        const left = p.align === 'left' ? x : p.align === 'right' ? x - width : x - width / 2;
        textLabels.push({
          id: `${name} ${l.kind} (${l.text})`,
          text: l.text,
          font: l.font,
          fontPx: l.px,
          x: left,
          y,
          width,
          height: lineHeight,
          textX: x,
          textY: y + lineHeight / 2,
          align: p.align,
          color: l.kind === 'data' && k > 0 ? dataColor(colors[k - 1]) : palette.labelText,
          backing: { kind: 'halo', color: palette.labelHalo },
          haloWidth: unit * 0.5,
          plate: null,
          opacity,
        });
        y += lineHeight;
      }
    });
    const vehicles = settings.routes
      .map((route, i) => vehicleOn(geometry.legs[i], route.transport, i, frame, camera))
      .filter((pose): pose is VehiclePose => pose !== null);
    return { ...marksAt(frame), labels: textLabels, panels: [], omitted, frame, points, shown, vehicles };
  }

  function drawNetworkOverlay(ctx: CanvasRenderingContext2D, overlay: NetworkOverlay): void {
    const { points, shown, frame } = overlay;
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    drawLeaders(ctx, labels!, points, shown);

    // Destinations: appear (and ring once) as their route arrives; with labels shown from the
    // start, a hollow ring marks where each label points until then.
    settings.routes.forEach((_, i) => {
      const p = points[i + 1];
      if (p.hidden) return;
      const r = plan.markerRadius[i + 1];
      const arrived = clamp01((frame - timeline.arrivals[i] + fps * 0.08) / (fps * 0.35));
      if (arrived <= 0) {
        if (!settings.animate_labels && shown[i + 1] > 0) {
          ctx.globalAlpha = smootherstep(shown[i + 1]) * 0.85;
          ring(ctx, p.x, p.y, r * 0.8, colors[i], unit * 0.28);
        }
        return;
      }
      const pulse = clamp01((frame - timeline.arrivals[i]) / (fps * 0.8));
      if (pulse > 0 && pulse < 1) {
        ctx.globalAlpha = (1 - pulse) * 0.7;
        ring(ctx, p.x, p.y, r * (1.2 + 2.4 * smootherstep(pulse)), colors[i], unit * 0.3);
      }
      ctx.globalAlpha = smootherstep(arrived);
      dot(ctx, p.x, p.y, r * (0.5 + 0.5 * smootherstep(arrived * 1.3)), colors[i], palette.marker, unit * 0.3);
    });

    // The origin: a hub, larger and ringed, shown from the start.
    const origin = points[0];
    const originShown = origin.hidden ? 0 : smootherstep(shown[0] * 1.4);
    if (originShown > 0) {
      const r = plan.markerRadius[0];
      ctx.globalAlpha = originShown * 0.3;
      dot(ctx, origin.x, origin.y, r * 1.9, palette.markerStroke, null, 0);
      ctx.globalAlpha = originShown;
      dot(ctx, origin.x, origin.y, r, palette.marker, palette.markerStroke, unit * 0.42);
    }

    // Vehicles ride the drawing tips (above the markers, below the labels).
    ctx.globalAlpha = 1;
    for (const pose of overlay.vehicles) drawVehicle(ctx, pose, palette);
    drawTextLabels(ctx, overlay.labels);
  }

  function vehicleOn(leg: LegPath | undefined, transport: Transport, i: number, f: number, camera: CameraState): VehiclePose | null {
    if (!leg || transport === 'none' || leg.length === 0) return null;
    const motion = timeline.motions[i];
    const t = f / fps - motion.start;
    const fade = Math.min(0.3, motion.duration / 4);
    const visibility = Math.min(smootherstep(t / fade), smootherstep((motion.duration - t) / fade));
    if (visibility <= 0.001) return null;
    const distance = leg.length * fractionAt(i, f);
    const at = pointAlong(leg, distance);
    const heading = headingAlong(leg, distance);
    const step = 4 / 2 ** camera.z; // four screen pixels, in world units
    const a = screenPoint(camera, at, plan.viewport);
    if (a.hidden) return null;
    const b = screenPoint(camera, { x: at.x + Math.cos(heading) * step, y: at.y + Math.sin(heading) * step }, plan.viewport);
    const size = ((VEHICLES[transport].size * unit) / 24) * 0.78 * (0.6 + 0.4 * visibility);
    return { x: a.x, y: a.y, heading: Math.atan2(b.y - a.y, b.x - a.x), size, visibility, transport };
  }

  function drawLeaders(ctx: CanvasRenderingContext2D, planned: PlannedLabels, points: { x: number; y: number }[], shown: number[]) {
    ctx.strokeStyle = palette.labelText;
    ctx.lineWidth = Math.max(1, unit * 0.16);
    planned.placements.forEach((p, k) => {
      if (!p?.leader || shown[k] <= 0) return;
      const [a, b] = leaderSegment({ markerRadius: plan.markerRadius[k] }, points[k], p.leader);
      ctx.globalAlpha = smootherstep(shown[k]) * 0.6;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
    });
  }

  /** The data line takes its route's colour, moved towards the label colour as far as it takes to read on the halo at 4.5:1 (§22). */
  function dataColor(color: string): string {
    return readableOn(color, palette.labelHalo, palette.labelText);
  }
}

/** While fading in, a label slides out from its marker's side to its spot. */
function slid(rect: Rect, p: LabelPlacement, by: number): Rect {
  const toward = p.leader ?? { x: p.dx + p.width / 2, y: p.dy + p.height / 2 };
  const length = Math.hypot(toward.x, toward.y) || 1;
  return { ...rect, x: rect.x - (toward.x / length) * by, y: rect.y - (toward.y / length) * by };
}

/** Traces a leg up to `distance` (world units) as one path; false when there is nothing to draw. */
function traceLeg(ctx: CanvasRenderingContext2D, leg: LegPath, distance: number, surface: PlaneSurface): boolean {
  if (leg.cumulative.length < 2) return false;
  ctx.beginPath();
  appendLegPath(ctx, leg, distance, surface, 'moveTo');
  return true;
}

function dot(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string, stroke: string | null, lineWidth: number) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = lineWidth;
    ctx.stroke();
  }
}

function ring(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, color: string, lineWidth: number) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.strokeStyle = color;
  ctx.lineWidth = lineWidth;
  ctx.stroke();
}
