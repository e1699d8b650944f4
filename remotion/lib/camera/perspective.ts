/**
 * The map plane's tilt: the same maths as the CSS `perspective(P) rotateX(a)` the composition
 * applies to the map canvas (origin = the camera's focus point), so overlays such as labels can
 * be placed on the tilted map exactly. Coordinates are relative to the origin, y down.
 */
export interface Tilt {
  /** Radians; positive leans the top of the map away from the viewer. */
  angle: number;
  /** Perspective distance in pixels. */
  distance: number;
}

export function perspectiveDistance(width: number, height: number): number {
  return 1.6 * Math.max(width, height);
}

export function planeToScreen(x: number, y: number, tilt: Tilt): { x: number; y: number } {
  if (tilt.angle === 0) return { x, y };
  const depth = y * Math.sin(tilt.angle);
  const k = tilt.distance / (tilt.distance - depth);
  return { x: x * k, y: y * Math.cos(tilt.angle) * k };
}

/**
 * How far ahead the map plane reaches, in multiples of the perspective distance: the plane ends there
 * (the horizon shows above it, with a sky, contract §19). Up to a tilt of about 65° the whole screen
 * lies nearer than that, so the far edge is off screen; at 85° it is a little above the focus point.
 */
export const FAR_PLANE_DISTANCES = 1.2;

/** The plane's far edge (origin-relative plane y, negative: ahead of the focus point). */
export function farPlaneY(tilt: Tilt): number {
  return -FAR_PLANE_DISTANCES * tilt.distance;
}

/** Screen y (origin-relative) of the plane's far edge: above it is sky; -Infinity when there is no tilt. */
export function horizonScreenY(tilt: Tilt): number {
  if (tilt.angle === 0) return -Infinity;
  return planeToScreen(0, farPlaneY(tilt), tilt).y;
}

/** Below the horizon, the haze (components/Horizon.tsx) veils the far map over this share of the frame's height, fading out downwards. */
export const HAZE_DEPTH_SHARE = 0.1;

/**
 * The first screen row (origin-relative y) from which the map is seen clearly: the frame's top (`frameTop`), or,
 * where the horizon shows, halfway down the haze below it (above, the sky and the thick haze hide the far map).
 */
export function firstClearRow(tilt: Tilt, frameTop: number, frameHeight: number): number {
  return Math.max(frameTop, horizonScreenY(tilt) + (HAZE_DEPTH_SHARE * frameHeight) / 2);
}

/** The plane point under a screen point; rows beyond the plane's far edge (sky) map to the far edge. */
export function screenToPlane(x: number, y: number, tilt: Tilt): { x: number; y: number } {
  if (tilt.angle === 0) return { x, y };
  const s = Math.sin(tilt.angle);
  const c = Math.cos(tilt.angle);
  const denominator = tilt.distance * c + y * s;
  const far = farPlaneY(tilt);
  const py = denominator <= 0 ? far : Math.max(far, (y * tilt.distance) / denominator);
  return { x: (x * (tilt.distance - py * s)) / tilt.distance, y: py };
}

/** Box of the map plane that covers the screen rectangle [left,right]×[top,bottom] (origin-relative). */
export function planeBoundsOfScreen(
  left: number,
  top: number,
  right: number,
  bottom: number,
  tilt: Tilt,
): { minX: number; minY: number; maxX: number; maxY: number } {
  const corners = [
    screenToPlane(left, top, tilt),
    screenToPlane(right, top, tilt),
    screenToPlane(left, bottom, tilt),
    screenToPlane(right, bottom, tilt),
  ];
  return {
    minX: Math.min(...corners.map((p) => p.x)),
    maxX: Math.max(...corners.map((p) => p.x)),
    minY: Math.min(...corners.map((p) => p.y)),
    maxY: Math.max(...corners.map((p) => p.y)),
  };
}
