import type { LngLat } from './route-plan';

/** Mean Earth radius (IUGG), the usual choice for haversine distances. */
export const EARTH_RADIUS_KM = 6371.0088;

const DEG = Math.PI / 180;

/** Great-circle distance in km between two [lng, lat] points (haversine; stable for tiny and antipodal distances). */
export function haversineKm(a: LngLat, b: LngLat): number {
  const dLat = (b[1] - a[1]) * DEG;
  const dLng = (b[0] - a[0]) * DEG;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * DEG) * Math.cos(b[1] * DEG) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Vec3 = [number, number, number];

function toVector([lng, lat]: LngLat): Vec3 {
  const cosLat = Math.cos(lat * DEG);
  return [cosLat * Math.cos(lng * DEG), cosLat * Math.sin(lng * DEG), Math.sin(lat * DEG)];
}

function toLngLat([x, y, z]: Vec3, lngAtPole: number): LngLat {
  const lat = Math.atan2(z, Math.hypot(x, y)) / DEG;
  // At a pole every longitude is the same point: keep the caller's so the line does not jump.
  const lng = Math.abs(lat) > 90 - 1e-9 ? lngAtPole : Math.atan2(y, x) / DEG;
  return [lng, lat];
}

/**
 * A unit vector perpendicular to `a`, used as the direction of travel when the end points are
 * antipodal (every great circle through them is equally short). Deterministic: heads north
 * from the start unless the start is a pole.
 */
function antipodalDirection(a: Vec3): Vec3 {
  const north: Vec3 = [0, 0, 1];
  const d = a[0] * north[0] + a[1] * north[1] + a[2] * north[2];
  let p: Vec3 = [north[0] - d * a[0], north[1] - d * a[1], north[2] - d * a[2]];
  let n = Math.hypot(...p);
  if (n < 1e-9) {
    p = [1, 0, 0]; // start at a pole: leave along the prime meridian
    n = 1;
  }
  return [p[0] / n, p[1] / n, p[2] / n];
}

/**
 * Points along the great circle from `from` to `to`, both included, about `stepKm` apart
 * (at least 1 and at most `maxSegments` segments). Longitudes are continuous: the first point
 * keeps `from`'s longitude and each next one is within 180° of the previous, so a Pacific
 * crossing runs 179 → 181 instead of jumping to -179.
 */
export function greatCircleArc(from: LngLat, to: LngLat, stepKm = 50, maxSegments = 1024): LngLat[] {
  const distance = haversineKm(from, to);
  const segments = Math.min(maxSegments, Math.max(1, Math.ceil(distance / stepKm)));
  const a = toVector(from);
  const b = toVector(to);
  const angle = distance / EARTH_RADIUS_KM;
  const points: LngLat[] = [[from[0], from[1]]];
  if (segments > 1 && angle > 1e-12) {
    // Walk along the plane of the arc: p(t) = a·cos(θt) + u·sin(θt), u ⟂ a in the direction of b.
    const dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let u: Vec3 = [b[0] - dot * a[0], b[1] - dot * a[1], b[2] - dot * a[2]];
    const norm = Math.hypot(...u);
    u = norm < 1e-9 ? antipodalDirection(a) : [u[0] / norm, u[1] / norm, u[2] / norm];
    for (let i = 1; i < segments; i++) {
      const theta = (angle * i) / segments;
      const c = Math.cos(theta);
      const s = Math.sin(theta);
      const previousLng = points[points.length - 1][0];
      points.push(toLngLat([a[0] * c + u[0] * s, a[1] * c + u[1] * s, a[2] * c + u[2] * s], previousLng));
    }
  }
  points.push([to[0], to[1]]);
  return unwrapLongitudes(points);
}

/** Longitude shifted by whole turns to lie within 180° of `reference`. */
export function nearestEquivalentLng(lng: number, reference: number): number {
  return lng + 360 * Math.round((reference - lng) / 360);
}

/** Copy of `points` with each longitude moved by whole turns to within 180° of the one before. */
export function unwrapLongitudes(points: readonly LngLat[]): LngLat[] {
  const out: LngLat[] = [];
  for (const [lng, lat] of points) {
    const previous = out[out.length - 1];
    out.push([previous ? nearestEquivalentLng(lng, previous[0]) : lng, lat]);
  }
  return out;
}

/** Longitude in [-180, 180). */
export function wrapLng(lng: number): number {
  if (lng >= -180 && lng < 180) return lng; // untouched, so in-range values keep every bit
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}

/** Length in km of a polyline (any longitudes: haversine does not care about whole turns). */
export function pathLengthKm(points: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += haversineKm(points[i - 1], points[i]);
  return total;
}

/** Kilometres per degree of latitude (and of longitude at the equator) on the mean sphere. */
export const KM_PER_DEGREE = (EARTH_RADIUS_KM * Math.PI) / 180;

/**
 * The point of segment a–b nearest to `p`, worked out in a flat frame centred on `p`: its
 * position `t` (0 at a, 1 at b) and its distance in km. Accurate for segments up to some tens
 * of km; `b` is taken as given, `a` is moved by whole turns of longitude next to `p`.
 */
export function nearestOnSegment(p: LngLat, a: LngLat, b: LngLat): { t: number; point: LngLat; flatKm: number } {
  const kx = KM_PER_DEGREE * Math.cos(p[1] * DEG);
  const aLng = nearestEquivalentLng(a[0], p[0]);
  const bLng = aLng + (b[0] - a[0]);
  const [ax, ay] = [(aLng - p[0]) * kx, (a[1] - p[1]) * KM_PER_DEGREE];
  const [dx, dy] = [(bLng - aLng) * kx, (b[1] - a[1]) * KM_PER_DEGREE];
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0 ? Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0;
  return { t, point: [aLng + t * (bLng - aLng), a[1] + t * (b[1] - a[1])], flatKm: Math.hypot(ax + t * dx, ay + t * dy) };
}

/** The points without consecutive repeats (a repeated point draws nothing and confuses tangents). */
export function withoutRepeatedPoints(points: readonly LngLat[]): LngLat[] {
  return points.filter((p, i) => i === 0 || p[0] !== points[i - 1][0] || p[1] !== points[i - 1][1]);
}
