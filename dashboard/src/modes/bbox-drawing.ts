/**
 * The box [west, south, east, north] a drag on the composer's small world map draws (`BboxMap.tsx`), on a plate
 * carrée `width` × `height`: x runs from −180° to 180°, y from 90° down to −90°. Pure, unit-tested.
 */

export type Bbox = [west: number, south: number, east: number, north: number];

/** A drag shorter than this, in degrees both ways, is a click: it draws no box. */
export const MIN_BOX_DEGREES = 0.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const tenth = (value: number) => Math.round(value * 10) / 10;

export function pointToLngLat(x: number, y: number, width: number, height: number): [number, number] {
  return [clamp((x / width) * 360 - 180, -180, 180), clamp(90 - (y / height) * 180, -90, 90)];
}

export function lngLatToPoint(lng: number, lat: number, width: number, height: number): [number, number] {
  return [((lng + 180) / 360) * width, ((90 - lat) / 180) * height];
}

/** The box between two corners of a drag, to a tenth of a degree; null for a click. */
export function bboxBetween(a: [number, number], b: [number, number], width: number, height: number): Bbox | null {
  const [lngA, latA] = pointToLngLat(a[0], a[1], width, height);
  const [lngB, latB] = pointToLngLat(b[0], b[1], width, height);
  const box: Bbox = [tenth(Math.min(lngA, lngB)), tenth(Math.min(latA, latB)), tenth(Math.max(lngA, lngB)), tenth(Math.max(latA, latB))];
  return box[2] - box[0] < MIN_BOX_DEGREES && box[3] - box[1] < MIN_BOX_DEGREES ? null : box;
}

/**
 * The rectangles that show a box on the map: one, or two when it crosses the antimeridian (west > east, as the API
 * takes it); none for a box that is not four numbers yet.
 */
export function boxRectangles(
  bbox: readonly string[],
  width: number,
  height: number,
): Array<{ x: number; y: number; width: number; height: number }> {
  const numbers = bbox.map((n) => (n.trim() === '' ? NaN : Number(n)));
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) return [];
  const [west, south, east, north] = numbers as Bbox;
  const rect = (from: number, to: number) => {
    const [x1, y1] = lngLatToPoint(from, clamp(north, -90, 90), width, height);
    const [x2, y2] = lngLatToPoint(to, clamp(south, -90, 90), width, height);
    return { x: x1, y: y1, width: Math.max(0, x2 - x1), height: Math.max(0, y2 - y1) };
  };
  return west <= east ? [rect(west, east)] : [rect(west, 180), rect(-180, east)];
}
