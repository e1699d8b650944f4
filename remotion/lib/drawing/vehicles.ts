/**
 * Top-down vehicle silhouettes, nose pointing east (+x), about 24 units long, centred on the
 * origin. Drawn rotated to the route's heading. `detail` parts are drawn in the outline colour.
 */
import type { Transport } from '../../../src/modules/contract';

export interface VehicleShape {
  body: string;
  detail?: string;
  /** Length in units of the frame's size unit (1% of the short side). */
  size: number;
}

export const VEHICLES: Record<Exclude<Transport, 'none'>, VehicleShape> = {
  plane: {
    body: 'M12 0C12-1.1 11-1.6 9.6-1.6L3.2-1.6-3-10-5.8-10-2.3-1.6-7.4-1.6-9.6-4.6-11.2-4.6-10.2 0-11.2 4.6-9.6 4.6-7.4 1.6-2.3 1.6-5.8 10-3 10 3.2 1.6 9.6 1.6C11 1.6 12 1.1 12 0Z',
    size: 5.2,
  },
  ship: {
    body: 'M12 0C9-3.6 5-4.2-9.5-4.2L-11-3-11 3-9.5 4.2C5 4.2 9 3.6 12 0Z',
    detail: 'M-8.5-2.6h3.4v5.2h-3.4Z M-3.8-2.6h3.4v5.2h-3.4Z M0.9-2.6h3.4v5.2h-3.4Z',
    size: 5.4,
  },
  car: {
    body: 'M-9-4.6H7Q11-4.6 11-1.2V1.2Q11 4.6 7 4.6H-9Q-11 4.6-11 2.6V-2.6Q-11-4.6-9-4.6Z',
    detail: 'M2.2-3.6 5.6-3 5.6 3 2.2 3.6Z M-7.4-3.2-5.2-3.6-5.2 3.6-7.4 3.2Z',
    size: 4.2,
  },
  truck: {
    body: 'M-12-4.8H3.4V4.8H-12Z M4.6-4.2H9.6Q12-4.2 12-1.8V1.8Q12 4.2 9.6 4.2H4.6Z',
    detail: 'M8.2-3.2 10.6-2.4 10.6 2.4 8.2 3.2Z',
    size: 4.8,
  },
  train: {
    body: 'M-12-3.6H6Q11.5-3.6 12 0 11.5 3.6 6 3.6H-12Z',
    detail: 'M-10-1.4H-6V1.4H-10Z M-4-1.4H0V1.4H-4Z M2-1.4H6V1.4H2Z',
    size: 5.6,
  },
  walk: {
    body: 'M4 0A4.4 4.4 0 1 1-4.8 0 4.4 4.4 0 1 1 4 0Z M6 0 12 0 8-3.4Z M6 0 12 0 8 3.4Z',
    size: 3.6,
  },
};

const compiled = new Map<string, Path2D>();
/** Path2D of an SVG path string, compiled once. */
export function path2d(d: string): Path2D {
  let p = compiled.get(d);
  if (!p) compiled.set(d, (p = new Path2D(d)));
  return p;
}
