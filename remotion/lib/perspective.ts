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

export function screenToPlane(x: number, y: number, tilt: Tilt): { x: number; y: number } {
  if (tilt.angle === 0) return { x, y };
  const s = Math.sin(tilt.angle);
  const c = Math.cos(tilt.angle);
  const py = (y * tilt.distance) / (tilt.distance * c + y * s);
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
