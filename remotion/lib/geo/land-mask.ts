/**
 * A coarse map of where land is (one bit per 2° cell), small enough to ship inside the bundle, so
 * that a camera can be planned around land before any map geometry has loaded. Used to centre a
 * continental view on a region and its surroundings. Pure.
 */
import { MAX_LATITUDE, project, type WorldPoint } from './mercator';
import type { GeoBounds } from './countries';

export const LAND_MASK_CELL = 2;
export const LAND_MASK_COLUMNS = 360 / LAND_MASK_CELL;
export const LAND_MASK_ROWS = 180 / LAND_MASK_CELL;

/** Bits row by row from the north (row 0: 90°N…88°N), column 0 at -180°; packed 4 to a hex digit. */
export function encodeLandMask(land: (row: number, column: number) => boolean): string {
  let hex = '';
  for (let i = 0; i < LAND_MASK_ROWS * LAND_MASK_COLUMNS; i += 4) {
    let nibble = 0;
    for (let b = 0; b < 4; b++) {
      const k = i + b;
      if (land(Math.floor(k / LAND_MASK_COLUMNS), k % LAND_MASK_COLUMNS)) nibble |= 8 >> b;
    }
    hex += nibble.toString(16);
  }
  return hex;
}

export function isLandCell(mask: string, row: number, column: number): boolean {
  const k = row * LAND_MASK_COLUMNS + (((column % LAND_MASK_COLUMNS) + LAND_MASK_COLUMNS) % LAND_MASK_COLUMNS);
  return ((parseInt(mask[k >> 2], 16) >> (3 - (k & 3))) & 1) === 1;
}

/**
 * The centre of the land inside `bounds` (longitudes may run past ±180), as it shows on the map:
 * each land cell weighted by its Mercator area, in world units for `centerLng`. Null: no land.
 */
export function landCentroid(mask: string, bounds: GeoBounds, centerLng: number): WorldPoint | null {
  let sx = 0;
  let sy = 0;
  let total = 0;
  const south = Math.max(bounds.south, -MAX_LATITUDE);
  const north = Math.min(bounds.north, MAX_LATITUDE);
  const firstRow = Math.max(0, Math.floor((90 - north) / LAND_MASK_CELL));
  const lastRow = Math.min(LAND_MASK_ROWS - 1, Math.floor((90 - south) / LAND_MASK_CELL));
  const firstColumn = Math.floor((bounds.west + 180) / LAND_MASK_CELL);
  const lastColumn = Math.floor((bounds.east + 180) / LAND_MASK_CELL);
  for (let row = firstRow; row <= lastRow; row++) {
    const top = Math.min(north, 90 - row * LAND_MASK_CELL);
    const bottom = Math.max(south, 90 - (row + 1) * LAND_MASK_CELL);
    if (bottom >= top) continue;
    const y0 = project(0, top, 0).y;
    const y1 = project(0, bottom, 0).y;
    for (let column = firstColumn; column <= lastColumn; column++) {
      if (!isLandCell(mask, row, column)) continue;
      const left = Math.max(bounds.west, column * LAND_MASK_CELL - 180);
      const right = Math.min(bounds.east, (column + 1) * LAND_MASK_CELL - 180);
      if (right <= left) continue;
      const weight = ((right - left) / 360) * (y1 - y0);
      sx += (((left + right) / 2 - centerLng) / 360) * weight;
      sy += ((y0 + y1) / 2) * weight;
      total += weight;
    }
  }
  return total > 0 ? { x: sx / total, y: sy / total } : null;
}
