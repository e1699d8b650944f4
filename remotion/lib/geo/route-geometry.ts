/**
 * The route in world coordinates (see mercator.ts): per-leg polylines with cumulative lengths,
 * so "how far along" can be turned into a point and a heading.
 */
import type { MapAnimationProps } from '../../../src/modules/contract';
import { project, type WorldPoint } from './mercator';
import { legAt, legFraction, type Timeline } from '../time/timeline';

export interface LegPath {
  /** Interleaved x,y world coordinates. */
  xy: Float64Array;
  /** Cumulative length at each vertex (world units); last entry = leg length. */
  cumulative: Float64Array;
  length: number;
  bbox: Box;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface RouteGeometry {
  centerLng: number;
  legs: LegPath[];
  waypoints: WorldPoint[];
  /** Box of the whole route and all waypoints. */
  bbox: Box;
}

/** What the geometry is built from: the legs and the points marked on them (waypoints, or a mode's markers). */
export type GeometrySource = Pick<MapAnimationProps, 'legs'> & { waypoints: ReadonlyArray<{ lng: number; lat: number }> };

/** Central meridian of the job: the middle of the route's (unwrapped) longitude span. */
export function routeCenterLng(props: GeometrySource): number {
  let lo = Infinity;
  let hi = -Infinity;
  const widen = (lng: number) => {
    lo = Math.min(lo, lng);
    hi = Math.max(hi, lng);
  };
  for (const leg of props.legs) for (const [lng] of leg.coordinates) widen(lng);
  for (const wp of props.waypoints) widen(wp.lng);
  return Number.isFinite(lo) ? (lo + hi) / 2 : 0;
}

/**
 * The route projected around its central meridian. Routes keep continuous, unwrapped longitudes
 * (a Pacific crossing may run 121 → 242); they are drawn whole turns over so that the map's
 * central meridian lies within -180..180.
 */
export function buildRouteGeometry(props: GeometrySource): RouteGeometry {
  const middle = routeCenterLng(props);
  const turn = -360 * Math.round(middle / 360);
  const centerLng = middle + turn;
  const legs = props.legs.map((leg) => legPath(leg.coordinates, turn, centerLng));
  const waypoints = props.waypoints.map((w) => project(w.lng + turn, w.lat, centerLng));
  const all: Box[] = legs.map((l) => l.bbox);
  for (const w of waypoints) all.push({ minX: w.x, maxX: w.x, minY: w.y, maxY: w.y });
  return { centerLng, legs, waypoints, bbox: unionBoxes(all) };
}

export function boxOf(xy: ArrayLike<number>): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (let i = 0; i + 1 < xy.length; i += 2) {
    box.minX = Math.min(box.minX, xy[i]);
    box.maxX = Math.max(box.maxX, xy[i]);
    box.minY = Math.min(box.minY, xy[i + 1]);
    box.maxY = Math.max(box.maxY, xy[i + 1]);
  }
  return box;
}

export function unionBoxes(boxes: Box[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const b of boxes) {
    if (!Number.isFinite(b.minX)) continue;
    box.minX = Math.min(box.minX, b.minX);
    box.maxX = Math.max(box.maxX, b.maxX);
    box.minY = Math.min(box.minY, b.minY);
    box.maxY = Math.max(box.maxY, b.maxY);
  }
  if (!Number.isFinite(box.minX)) return { minX: 0, minY: 0, maxX: 0, maxY: 0 };
  return box;
}

/** Point at a distance along a leg (clamped to its ends). */
export function pointAlong(leg: LegPath, distance: number): WorldPoint {
  const c = leg.cumulative;
  const n = c.length;
  if (distance <= 0 || leg.length === 0) return { x: leg.xy[0], y: leg.xy[1] };
  if (distance >= leg.length) return { x: leg.xy[(n - 1) * 2], y: leg.xy[(n - 1) * 2 + 1] };
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (c[mid] <= distance) lo = mid;
    else hi = mid;
  }
  const span = c[hi] - c[lo];
  const t = span > 0 ? (distance - c[lo]) / span : 0;
  return {
    x: leg.xy[lo * 2] + (leg.xy[hi * 2] - leg.xy[lo * 2]) * t,
    y: leg.xy[lo * 2 + 1] + (leg.xy[hi * 2 + 1] - leg.xy[lo * 2 + 1]) * t,
  };
}

/**
 * Heading (radians, 0 = east, clockwise positive since y points south) at a distance along the
 * leg, measured over a window of a few percent of the leg so that sharp vertices of a routed
 * path turn the vehicle smoothly instead of snapping.
 */
export function headingAlong(leg: LegPath, distance: number): number {
  const window = Math.max(leg.length * 0.025, 1e-9);
  const a = pointAlong(leg, Math.max(0, Math.min(leg.length - window * 2, distance - window)));
  const b = pointAlong(leg, Math.min(leg.length, Math.max(window * 2, distance + window)));
  if (a.x === b.x && a.y === b.y) return 0;
  return Math.atan2(b.y - a.y, b.x - a.x);
}

export interface RouteProgress {
  /** Leg the vehicle is on (during a pause: the leg just finished; before the start: leg 0). */
  leg: number;
  /** Distance travelled along that leg, world units. */
  distance: number;
  /** 0–1 along that leg. */
  fraction: number;
  /** Waypoints reached so far (the first counts from the start). */
  reached: number;
  /** Frame at which each waypoint was (or will be) reached. */
  reachedAtFrame: number[];
  /** Kilometres travelled over the whole route. */
  km: number;
  /** Whether the vehicle is moving (inside a leg's travel span). */
  moving: boolean;
}

export function progressAt(
  props: Pick<MapAnimationProps, 'legs'>,
  geometry: RouteGeometry,
  timeline: Timeline,
  frame: number,
): RouteProgress {
  const legCount = geometry.legs.length;
  const reachedAtFrame = [timeline.intro.start, ...timeline.legs.map((l) => l.end)];
  const reached = reachedAtFrame.filter((f) => frame >= f).length;
  const active = legAt(timeline, frame);
  let leg: number;
  let fraction: number;
  if (active) {
    leg = active.leg;
    fraction = legFraction(timeline, active.leg, active.t);
  } else {
    const finished = timeline.legs.filter((l) => frame >= l.end).length;
    leg = finished === 0 ? 0 : Math.min(legCount - 1, finished - 1);
    fraction = finished === 0 ? 0 : 1;
  }
  let km = 0;
  for (let i = 0; i < legCount; i++) {
    if (i < leg) km += props.legs[i].distance_km;
    else if (i === leg) km += props.legs[i].distance_km * fraction;
  }
  const length = geometry.legs[leg]?.length ?? 0;
  return { leg, distance: length * fraction, fraction, reached, reachedAtFrame, km, moving: active !== null };
}

/** Where along leg `leg` (0–1 of its drawn length) the line comes closest to a point given in degrees. */
export function legFractionNearest(geometry: RouteGeometry, leg: number, lng: number, lat: number): number {
  const path = geometry.legs[leg];
  if (!path || path.length <= 0) return 0;
  // Drawn longitudes lie within half a turn of the map's central meridian.
  const p = project(lng + 360 * Math.round((geometry.centerLng - lng) / 360), lat, geometry.centerLng);
  let best = Infinity;
  let bestAt = 0;
  for (let i = 1; i < path.cumulative.length; i++) {
    const ax = path.xy[i * 2 - 2];
    const ay = path.xy[i * 2 - 1];
    const dx = path.xy[i * 2] - ax;
    const dy = path.xy[i * 2 + 1] - ay;
    const span = dx * dx + dy * dy;
    const t = span > 0 ? Math.max(0, Math.min(1, ((p.x - ax) * dx + (p.y - ay) * dy) / span)) : 0;
    const d = Math.hypot(ax + dx * t - p.x, ay + dy * t - p.y);
    if (d < best) {
      best = d;
      bestAt = path.cumulative[i - 1] + (path.cumulative[i] - path.cumulative[i - 1]) * t;
    }
  }
  return bestAt / path.length;
}

/** Lines given in degrees (continuous longitudes) as leg paths on this geometry's map: each shifted whole turns to lie beside the route. */
export function projectLines(geometry: RouteGeometry, lines: ReadonlyArray<ReadonlyArray<readonly [number, number]>>): LegPath[] {
  return lines
    .filter((line) => line.length > 0)
    .map((line) => legPath(line, 360 * Math.round((geometry.centerLng - line[0][0]) / 360), geometry.centerLng));
}

/** A line in degrees, shifted by `turn` degrees, projected around `centerLng` with its cumulative lengths. */
function legPath(coords: ReadonlyArray<readonly [number, number]>, turn: number, centerLng: number): LegPath {
  const xy = new Float64Array(Math.max(2, coords.length) * 2);
  const cumulative = new Float64Array(Math.max(2, coords.length));
  coords.forEach(([lng, lat], i) => {
    const p = project(lng + turn, lat, centerLng);
    xy[i * 2] = p.x;
    xy[i * 2 + 1] = p.y;
    if (i > 0) cumulative[i] = cumulative[i - 1] + Math.hypot(p.x - xy[i * 2 - 2], p.y - xy[i * 2 - 1]);
  });
  if (coords.length === 1) {
    // A one-point line is drawn as a zero-length segment.
    xy[2] = xy[0];
    xy[3] = xy[1];
  }
  return { xy, cumulative, length: cumulative[cumulative.length - 1], bbox: boxOf(xy) };
}
