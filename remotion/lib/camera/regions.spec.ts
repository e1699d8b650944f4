import { type CameraState, focusPoint, type Viewport } from './camera';
import { boundsToBox } from '../geo/countries';
import { project } from '../geo/mercator';
import { continentCamera, frameCamera, regionTarget, safeRect, WORLD_BAND, worldCamera } from './regions';
import type { Box } from '../geo/route-geometry';
import { viewportOf } from '../scene/scene';

const LANDSCAPE = viewportOf({ width: 1280, height: 720 });
const PORTRAIT = viewportOf({ width: 720, height: 1280 });

function toScreen(v: Viewport, c: CameraState, x: number, y: number) {
  const f = focusPoint(v);
  const s = 2 ** c.z;
  return { x: f.x + (x - c.x) * s, y: f.y + (y - c.y) * s };
}

function onScreen(v: Viewport, c: CameraState, box: Box) {
  const a = toScreen(v, c, box.minX, box.minY);
  const b = toScreen(v, c, box.maxX, box.maxY);
  return { left: a.x, top: a.y, right: b.x, bottom: b.y, width: b.x - a.x, height: b.y - a.y };
}

describe('regionTarget', () => {
  it('frames a country by its main landmass, centred on it', () => {
    const pt = regionTarget({ kind: 'country', iso_numeric: '620', name: 'Portugal' })!;
    expect(pt.centerLng).toBeCloseTo(-7.85, 1);
    expect(pt.bounds.west).toBeGreaterThan(-10);
    expect(regionTarget({ kind: 'country', iso_numeric: '999', name: 'Nowhere' })).toBeNull();
  });

  it('reads a box whose east edge lies west of its west edge as crossing the antimeridian', () => {
    const pacific = regionTarget({ kind: 'bbox', bbox: [170, -25, -170, -10] })!;
    expect(pacific.bounds.east - pacific.bounds.west).toBe(20);
    expect(Math.abs(pacific.centerLng)).toBeCloseTo(180, 6);
  });
});

describe('worldCamera', () => {
  const band = { minX: -0.5, maxX: 0.5, minY: project(0, WORLD_BAND.north, 0).y, maxY: project(0, WORLD_BAND.south, 0).y };

  it('shows the whole world once across a landscape frame, and the band of latitudes fills it', () => {
    const s = onScreen(LANDSCAPE, worldCamera(LANDSCAPE), band);
    expect(s.left).toBeCloseTo(0, 6);
    expect(s.right).toBeCloseTo(1280, 6);
    expect(s.height).toBeLessThanOrEqual(720 + 1e-6);
    expect(s.top).toBeGreaterThanOrEqual(-1e-6);
  });

  it('in portrait: contain keeps every longitude, cover fills the frame with the band', () => {
    const contain = onScreen(PORTRAIT, worldCamera(PORTRAIT, 'contain'), band);
    expect(contain.width).toBeCloseTo(720, 6);
    const cover = onScreen(PORTRAIT, worldCamera(PORTRAIT, 'cover'), band);
    expect(cover.height).toBeCloseTo(1280, 6);
    expect(cover.top).toBeCloseTo(0, 6);
  });
});

describe('frameCamera', () => {
  it('fits a box inside the given screen area', () => {
    const box = boundsToBox({ west: -9.5, south: 37, east: -6.2, north: 42.2 }, -7.85);
    for (const v of [LANDSCAPE, PORTRAIT]) {
      const safe = safeRect(v);
      const area = { ...safe, y: safe.y + 70, height: safe.height - 70 };
      const s = onScreen(v, frameCamera(box, v, area, 0.1), box);
      expect(s.top).toBeGreaterThanOrEqual(area.y - 1e-6);
      expect(s.bottom).toBeLessThanOrEqual(area.y + area.height + 1e-6);
      expect(s.left).toBeGreaterThanOrEqual(area.x - 1e-6);
      expect(s.right).toBeLessThanOrEqual(area.x + area.width + 1e-6);
      // Tight: the box fills the area's width or height, less the padding.
      expect(Math.max(s.width / area.width, s.height / area.height)).toBeCloseTo(1 / 1.2, 3);
    }
  });
});

describe('continentCamera', () => {
  const portugal = regionTarget({ kind: 'country', iso_numeric: '620', name: 'Portugal' })!;
  const japan = regionTarget({ kind: 'country', iso_numeric: '392', name: 'Japan' })!;

  it('starts several times wider than the region, with the region inside, leaning towards the land around it', () => {
    for (const target of [portugal, japan]) {
      for (const v of [LANDSCAPE, PORTRAIT]) {
        const box = boundsToBox(target.bounds, target.centerLng);
        const hold = frameCamera(box, v, safeRect(v), 0.08);
        const start = continentCamera(target, v, hold);
        expect(hold.z - start.z).toBeGreaterThanOrEqual(Math.log2(3) - 1e-9);
        const s = onScreen(v, start, box);
        const safe = safeRect(v);
        expect(s.left).toBeGreaterThanOrEqual(safe.x);
        expect(s.right).toBeLessThanOrEqual(safe.x + safe.width);
        expect(s.top).toBeGreaterThanOrEqual(safe.y);
        expect(s.bottom).toBeLessThanOrEqual(safe.y + safe.height);
      }
    }
    // Portugal sits on Europe's Atlantic edge: the view's centre lies east of it.
    const box = boundsToBox(portugal.bounds, portugal.centerLng);
    const start = continentCamera(portugal, LANDSCAPE, frameCamera(box, LANDSCAPE, safeRect(LANDSCAPE)));
    expect(start.x).toBeGreaterThan((box.minX + box.maxX) / 2);
  });

  it('starts from at least a 4,500 km view for a small country (Luxembourg)', () => {
    const lux = regionTarget({ kind: 'country', iso_numeric: '442', name: 'Luxembourg' })!;
    const box = boundsToBox(lux.bounds, lux.centerLng);
    const start = continentCamera(lux, LANDSCAPE, frameCamera(box, LANDSCAPE, safeRect(LANDSCAPE)));
    const safe = safeRect(LANDSCAPE);
    const km = (Math.min(safe.width, safe.height) / 2 ** start.z) * 40075 * Math.cos((49.8 * Math.PI) / 180);
    expect(km).toBeGreaterThan(4400);
  });
});
