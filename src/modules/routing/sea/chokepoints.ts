import type { Chokepoint, LngLat } from '../route-plan';

/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

export interface ChokepointArea {
  name: string;
  /**
   * Network segments that touch any of these boxes are removed when the chokepoint is avoided.
   * The boxes were drawn against the maritime network's own lines (see sea-routing.spec.ts):
   * each covers the passage and nothing on the open water beside it.
   */
  boxes: readonly Box[];
}

export const CHOKEPOINT_AREAS: Record<Chokepoint, ChokepointArea> = {
  // The canal from Port Said (31.26°N) to Suez (29.97°N); stops short of the Mediterranean lanes off Port Said.
  suez: { name: 'the Suez Canal', boxes: [[32.0, 29.6, 32.7, 31.2]] },
  // The canal from Colón to Panama City, below the Caribbean lanes that meet at 9.75°N.
  panama: { name: 'the Panama Canal', boxes: [[-80.0, 8.7, -79.4, 9.45]] },
  // Istanbul's strait between the Black Sea (41.24°N) and the Sea of Marmara (40.97°N).
  bosporus: { name: 'the Bosporus', boxes: [[28.95, 41.0, 29.2, 41.22]] },
  // The strait between Port Dickson and Sumatra; the Gulf of Thailand lanes east of the peninsula stay open.
  malacca: { name: 'the Strait of Malacca', boxes: [[98.5, 1.5, 102.5, 5.5]] },
  // The strait between Tarifa and Tangier.
  gibraltar: { name: 'the Strait of Gibraltar', boxes: [[-5.6, 35.7, -5.0, 36.3]] },
  // The strait between Oman's Musandam peninsula and Iran, the Persian Gulf's only way out.
  hormuz: { name: 'the Strait of Hormuz', boxes: [[56.0, 26.0, 56.9, 26.8]] },
  // The strait between Yemen and Djibouti, the Red Sea's southern way out.
  'bab-el-mandeb': { name: 'the Bab-el-Mandeb strait', boxes: [[43.1, 12.3, 43.7, 13.0]] },
  // Every passage round the Horn: a cut along Cape Horn's meridian (67.27°W) from the islands'
  // southern shore (55.5°S) to Antarctica. The Strait of Magellan (52–54°S) and the Beagle
  // Channel (54.9°S) lie north of it and stay open.
  'cape-horn': { name: 'Cape Horn', boxes: [[-68.0, -90, -66.5, -55.5]] },
};

/** True when the straight (lng/lat) segment from `a` to `b` touches `box` (Liang–Barsky clipping). */
export function segmentTouchesBox(a: LngLat, b: LngLat, [west, south, east, north]: Box): boolean {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let enter = 0;
  let leave = 1;
  const edges: [number, number][] = [
    [-dx, a[0] - west],
    [dx, east - a[0]],
    [-dy, a[1] - south],
    [dy, north - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false; // parallel to this edge and outside it
      continue;
    }
    const r = q / p;
    if (p < 0) enter = Math.max(enter, r);
    else leave = Math.min(leave, r);
    if (enter > leave) return false;
  }
  return true;
}
