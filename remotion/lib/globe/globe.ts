/**
 * The globe (contract §20): an orthographic view of the Earth, and the continuous morph between it
 * and the flat Web-Mercator map. Pure maths, shared by the camera (which decides how much globe each
 * frame shows) and the drawing (lib/globe/globe-drawing.ts).
 *
 * A camera state keeps its meaning on the globe: (x, y) is the world point at the focus, and z the
 * zoom. The globe's radius is chosen so that, at the focus, a kilometre measures the same on the
 * globe as on the flat map at that zoom: R = 2^z / (2π cos φ0). Every frame is a blend
 * p = w · globe(p) + (1 − w) · flat(p) of the two pictures with the same focus and the same scale
 * there, so a change of `w` from frame to frame never jumps, and no cut is needed (w = 1: globe,
 * w = 0: the flat map).
 */
import { latitudeOf, MAX_LATITUDE } from '../geo/mercator';

const RADIANS = Math.PI / 180;

/** How much of the globe a frame shows: 0 (the flat map; also when unset) to 1 (the whole orthographic globe). */
export function globeWeight(camera: { globe?: number }): number {
  return camera.globe ?? 0;
}

/** Radius in pixels of the globe whose scale at the focus matches zoom `z` at world y `y`. */
export function globeRadius(z: number, y: number): number {
  return 2 ** z / (2 * Math.PI * Math.cos(latitudeOf(y) * RADIANS));
}

/** The zoom at which the globe centred on world y `y` has radius `radius` pixels. */
export function zoomForGlobeRadius(radius: number, y: number): number {
  return Math.log2(radius * 2 * Math.PI * Math.cos(latitudeOf(y) * RADIANS));
}

function mercatorY(phi: number): number {
  const limited = Math.max(-MAX_LATITUDE * RADIANS, Math.min(MAX_LATITUDE * RADIANS, phi));
  return Math.log(Math.tan(Math.PI / 4 + limited / 2));
}

/**
 * The blended projection's raw function in units of the globe's radius (y up, as d3-geo's raw
 * projections are), for a point at longitude `dLambda` (radians, relative to the focus) and
 * latitude `phi`, with the focus at latitude `phi0`. The flat part is the Mercator map scaled to
 * the globe's radius at the focus.
 */
export function blendedRaw(dLambda: number, phi: number, phi0: number, weight: number): [number, number] {
  const cosPhi = Math.cos(phi);
  const sinPhi = Math.sin(phi);
  const cosPhi0 = Math.cos(phi0);
  const sinPhi0 = Math.sin(phi0);
  const gx = cosPhi * Math.sin(dLambda);
  const gy = cosPhi0 * sinPhi - sinPhi0 * cosPhi * Math.cos(dLambda);
  if (weight >= 1) return [gx, gy];
  const fx = dLambda * cosPhi0;
  const fy = (mercatorY(phi) - mercatorY(phi0)) * cosPhi0;
  if (weight <= 0) return [fx, fy];
  return [weight * gx + (1 - weight) * fx, weight * gy + (1 - weight) * fy];
}

/**
 * Nothing beyond the horizon (90° from the focus) is drawn, on the globe or on its way to the flat
 * map: a wider clip would fold the far side's orthographic image back over the near side. The
 * blend's outline is the horizon projected through the blend, so the picture stays one closed
 * shape; the globe opens out into the flat map only where the frame shows less than a hemisphere.
 */
export const HORIZON_DEGREES = 90;

/** Angular distance (degrees) of a point from the focus. */
export function angleFromFocus(dLambda: number, phi: number, phi0: number): number {
  const cosC = Math.sin(phi0) * Math.sin(phi) + Math.cos(phi0) * Math.cos(phi) * Math.cos(dLambda);
  return Math.acos(Math.max(-1, Math.min(1, cosC))) / RADIANS;
}

export interface GlobeOffset {
  /** Pixels from the focus point, y down. */
  x: number;
  y: number;
  /** False for a point beyond the clip angle (on the far side of the globe). */
  visible: boolean;
}

/**
 * Screen offset from the focus of world point (wx, wy) under camera (x, y, z, globe weight). With
 * weight 0 this is exactly the flat map's ((wx − x)·2^z, (wy − y)·2^z).
 */
export function globeOffset(camera: { x: number; y: number; z: number; globe?: number }, wx: number, wy: number): GlobeOffset {
  return globeOffsets(camera)(wx, wy);
}

/** globeOffset for many points of one camera: what depends on the camera alone is worked out once. */
export function globeOffsets(camera: { x: number; y: number; z: number; globe?: number }): (wx: number, wy: number) => GlobeOffset {
  const weight = globeWeight(camera);
  const scale = 2 ** camera.z;
  if (weight <= 0) return (wx, wy) => ({ x: (wx - camera.x) * scale, y: (wy - camera.y) * scale, visible: true });
  const phi0 = latitudeOf(camera.y) * RADIANS;
  const radius = globeRadius(camera.z, camera.y);
  return (wx, wy) => {
    const phi = latitudeOf(wy) * RADIANS;
    // World x is longitude / 360, unwrapped: the nearest copy of the point faces the focus.
    let dx = wx - camera.x;
    dx -= Math.round(dx);
    const dLambda = dx * 2 * Math.PI;
    const [rx, ry] = blendedRaw(dLambda, phi, phi0, weight);
    return { x: rx * radius, y: -ry * radius, visible: angleFromFocus(dLambda, phi, phi0) <= HORIZON_DEGREES };
  };
}
