/**
 * Everything multi_route decides once per video that is plain maths: the routes projected
 * around one central meridian, the timeline, the camera track, the look of lines and markers,
 * and where every label sits. Pure (text is measured through the function it is given), so it
 * runs in unit tests as it runs in the browser.
 */
import { applyProjection, fitsOneSide, globeAllAlong, routePoints } from '../../lib/globe/globe-camera';
import type { CompositionMultiRoute, PropsOf } from '../../../src/modules/contract';
import { type CameraState, keepWorldInFrame, type Viewport } from '../../lib/camera/camera';
import { EARTH_CIRCUMFERENCE_KM } from '../../lib/geo/mercator';
import { buildRouteGeometry, type RouteGeometry } from '../../lib/geo/route-geometry';
import type { Rect } from '../../lib/layout/labels';
import { sizeUnit } from '../../lib/layout/safe-area';
import { viewportOf } from '../../lib/scene/scene';
import type { Palette } from '../../lib/map/styles';
import { labelFont, labelFontPx, MIN_LABEL_UNITS } from '../../lib/layout/text-label';
import { planMultiRouteCamera, screenPoint } from './camera';
import { type LabelPlacement, type LabelSpec, layoutLabels, type MarkerSpec, type Point } from './label-layout';
import { type MultiRouteTimeline, planMultiRouteTimeline } from './timeline';

export interface MultiRoutePlan {
  props: PropsOf<'multi_route'>;
  settings: CompositionMultiRoute;
  viewport: Viewport;
  /** legs = the routes; waypoints = [origin, ...destinations]. */
  geometry: RouteGeometry;
  timeline: MultiRouteTimeline;
  track: CameraState[];
  /** 1% of the frame's short side. */
  unit: number;
  /** Marker radius of each point (0 = origin, i + 1 = destination i), pixels. */
  markerRadius: number[];
  /** Frame from which each point's label is shown (fading in from there). */
  labelFrom: number[];
}

/** Fewer pixels per label when the map is crowded: many destinations are smaller. */
function densityScale(routes: number): number {
  return routes > 16 ? 0.86 : routes > 10 ? 0.93 : 1;
}

export function planMultiRoute(props: PropsOf<'multi_route'>): MultiRoutePlan {
  const settings = props.multi_route;
  const viewport = viewportOf(props);
  const geometry = buildRouteGeometry({ legs: props.legs, waypoints: [settings.origin, ...settings.routes] });
  const timeline = planMultiRouteTimeline({
    fps: props.fps,
    durationInFrames: props.durationInFrames,
    hasTitle: props.title !== null,
    routeLengths: settings.routes.map((r, i) =>
      r.distance_km > 0 ? r.distance_km : (geometry.legs[i]?.length ?? 0) * EARTH_CIRCUMFERENCE_KM,
    ),
    routesStartAt: settings.routes_start_at,
    routesDuration: settings.routes_duration,
    stagger: settings.stagger,
  });
  const contentWidth = geometry.bbox.maxX - geometry.bbox.minX;
  const oneSide = fitsOneSide(routePoints(geometry), geometry.bbox);
  const onGlobe = globeAllAlong(props.projection, viewport, contentWidth, oneSide, props.camera.tilt > 0);
  const track = keepWorldInFrame(
    applyProjection(
      planMultiRouteCamera({ props, geometry, timeline, viewport, onGlobe }),
      props.projection,
      viewport,
      contentWidth,
      null,
      oneSide,
    ),
    viewport,
  );
  const unit = sizeUnit(props.width, props.height);
  const scale = densityScale(settings.routes.length);
  const markerRadius = [1.3 * unit, ...settings.routes.map(() => 0.95 * unit * scale)];

  const fps = props.fps;
  // The origin shows once the title card has gone (it would cover it), as the routes leave.
  const originFrom = timeline.title.end;
  const labelFrom = [
    originFrom,
    ...timeline.arrivals.map((arrival) => (settings.animate_labels ? Math.max(originFrom, arrival - Math.round(fps * 0.1)) : originFrom)),
  ];
  return { props, settings, viewport, geometry, timeline, track, unit, markerRadius, labelFrom };
}

/** A label's text: the place's name and, under it, the route's data label; either may be missing. */
export interface LabelText {
  lines: Array<{ text: string; font: string; px: number; kind: 'name' | 'data' }>;
  /** Inner padding around the lines (room for the halo). */
  pad: number;
}

/**
 * The text of each point's label (0 = origin, i + 1 = destination i); null = no label. A crowded map sets
 * its names a little smaller, but no line goes under the contract's 2.2 % (§22), and a name stays larger
 * than the data line under it.
 */
export function labelTexts(plan: MultiRoutePlan): Array<LabelText | null> {
  const { settings, unit } = plan;
  const scale = densityScale(settings.routes.length);
  const nameLine = (text: string, units: number) => {
    const px = labelFontPx(units, unit);
    return { text, font: labelFont(px, 700), px, kind: 'name' as const };
  };
  const dataLine = (text: string, units: number) => {
    const px = labelFontPx(units, unit);
    return { text, font: labelFont(px, 600), px, kind: 'data' as const };
  };
  const pad = unit * 0.45;
  const origin: LabelText | null = settings.origin.label ? { lines: [nameLine(settings.origin.label, 2.9)], pad } : null;
  return [
    origin,
    ...settings.routes.map((route): LabelText | null => {
      const lines = [
        ...(route.label ? [nameLine(route.label, Math.max(2.45 * scale, MIN_LABEL_UNITS + 0.2))] : []),
        ...(route.data_label ? [dataLine(route.data_label, MIN_LABEL_UNITS)] : []),
      ];
      return lines.length ? { lines, pad } : null;
    }),
  ];
}

/** Line height of a label line, as a multiple of its font size. */
export const LINE_HEIGHT = 1.18;

export function labelSize(text: LabelText, measure: (text: string, font: string) => number): { width: number; height: number } {
  const width = Math.max(...text.lines.map((l) => measure(l.text, l.font)));
  const height = text.lines.reduce((sum, l) => sum + l.px * LINE_HEIGHT, 0);
  return { width: Math.ceil(width + text.pad * 2), height: Math.ceil(height + text.pad * 2) };
}

/** Screen position of every point (0 = origin) on a frame. */
export function pointsOnScreen(plan: MultiRoutePlan, frame: number): Array<Point & { hidden?: boolean }> {
  const camera = plan.track[Math.max(0, Math.min(plan.track.length - 1, Math.round(frame)))];
  return plan.geometry.waypoints.map((p) => screenPoint(camera, p, plan.viewport));
}

/**
 * The frames the label layout is checked on: where labels appear, the last frame, and enough
 * between that no marker moves more than `tolerance` pixels from one checked frame to the next.
 */
export function sampleFrames(plan: MultiRoutePlan, tolerance: number): number[] {
  const last = plan.track.length - 1;
  const frames = new Set<number>([0, last, ...plan.labelFrom.map((f) => Math.min(last, f))]);
  let reference = pointsOnScreen(plan, 0);
  for (let f = 1; f <= last; f++) {
    const now = pointsOnScreen(plan, f);
    if (now.some((p, i) => Math.hypot(p.x - reference[i].x, p.y - reference[i].y) > tolerance)) {
      frames.add(f);
      reference = now;
    }
  }
  return [...frames].sort((a, b) => a - b);
}

export interface PlannedLabels {
  texts: Array<LabelText | null>;
  /** Placement of each point's label (index = point), null where the point has no label. */
  placements: Array<LabelPlacement | null>;
}

/** Where every label sits for the whole video (see label-layout.ts). */
export function planLabels(plan: MultiRoutePlan, measure: (text: string, font: string) => number, obstacles: Rect[] = []): PlannedLabels {
  const { viewport, unit, settings } = plan;
  const texts = labelTexts(plan);
  const frames = sampleFrames(plan, unit * 0.25);
  const positions = frames.map((f) => pointsOnScreen(plan, f));
  const frameScale = Math.min(plan.props.width, plan.props.height) / 1080; // label_offset is given in pixels at 1080p
  const inFrame = (p: Point & { hidden?: boolean }) => !p.hidden && p.x >= 0 && p.x <= viewport.width && p.y >= 0 && p.y <= viewport.height;
  const labels: LabelSpec[] = [];
  texts.forEach((text, k) => {
    if (!text) return;
    const offset = k > 0 ? settings.routes[k - 1].label_offset : null;
    labels.push({
      id: k,
      ...labelSize(text, measure),
      // Where the point is behind the globe or out of the frame, its label does not show (layer.ts): nothing to place.
      anchors: frames.map((f, s) => (f >= plan.labelFrom[k] && inFrame(positions[s][k]) ? positions[s][k] : null)),
      markerRadius: plan.markerRadius[k],
      priority: k === 0 ? 1 : 0,
      offset: offset ? { x: offset.x * frameScale, y: offset.y * frameScale } : null,
      away: k > 0 ? { x: positions.at(-1)![k].x - positions.at(-1)![0].x, y: positions.at(-1)![k].y - positions.at(-1)![0].y } : null,
    });
  });
  const markers: MarkerSpec[] = plan.geometry.waypoints.map((_, k) => ({
    id: k,
    radius: plan.markerRadius[k],
    positions: positions.map((p) => p[k]),
  }));
  const { insets, width, height } = viewport;
  const placed = layoutLabels({
    labels,
    markers,
    linePoints: routePointsOnScreen(plan, plan.track.length - 1, unit * 0.8),
    bounds: { x: insets.left, y: insets.top, width: width - insets.left - insets.right, height: height - insets.top - insets.bottom },
    obstacles,
    collision: settings.label_collision,
    unit,
  });
  const placements: Array<LabelPlacement | null> = texts.map(() => null);
  for (const p of placed) placements[p.id] = p;
  return { texts, placements };
}

/** Points along every route line on a frame, at most `spacing` pixels apart. */
export function routePointsOnScreen(plan: MultiRoutePlan, frame: number, spacing: number): Point[] {
  const camera = plan.track[Math.max(0, Math.min(plan.track.length - 1, Math.round(frame)))];
  const points: Point[] = [];
  for (const leg of plan.geometry.legs) {
    let previous: Point | null = null;
    for (let v = 0; v < leg.xy.length / 2; v++) {
      const p = screenPoint(camera, { x: leg.xy[v * 2], y: leg.xy[v * 2 + 1] }, plan.viewport);
      if (previous) {
        const steps = Math.ceil(Math.hypot(p.x - previous.x, p.y - previous.y) / spacing);
        for (let k = 1; k < steps; k++)
          points.push({ x: previous.x + ((p.x - previous.x) * k) / steps, y: previous.y + ((p.y - previous.y) * k) / steps });
      }
      points.push(p);
      previous = p;
    }
  }
  return points;
}

/** Colour of each route: its own, else the style's categorical palette in order. */
export function routeColors(settings: CompositionMultiRoute, palette: Palette): string[] {
  return settings.routes.map((r, i) => r.color ?? palette.categorical[i % palette.categorical.length]);
}
