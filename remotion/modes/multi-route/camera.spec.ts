import type { AspectRatio } from '../../../src/modules/rendering/contract';
import { shanghaiPortsProps, type MultiRouteOverrides } from '../../fixtures/sample-routes';
import { planMultiRoute, pointsOnScreen } from './plan';

const plan = (overrides: MultiRouteOverrides = {}) => planMultiRoute(shanghaiPortsProps(overrides));

describe('multi_route camera', () => {
  it('keeps the origin and every destination inside the safe area on every frame, in every aspect ratio', () => {
    for (const aspect of ['16:9', '9:16', '1:1', '4:5'] as AspectRatio[]) {
      for (const intensity of ['soft', 'balanced', 'bold'] as const) {
        const p = plan({ aspect_ratio: aspect, camera: { preset: 'auto', intensity } });
        const { insets, width, height } = p.viewport;
        const outside: string[] = [];
        for (let frame = 0; frame < p.track.length; frame++) {
          pointsOnScreen(p, frame).forEach((point, k) => {
            const inX = point.x >= insets.left && point.x <= width - insets.right;
            const inY = point.y >= insets.top && point.y <= height - insets.bottom;
            if (!inX || !inY) outside.push(`${aspect} ${intensity} frame ${frame}: point ${k}`);
          });
        }
        expect(outside).toEqual([]);
      }
    }
  });

  it('moves gently: it settles in from a little wider, never jumping nor changing speed abruptly', () => {
    const p = plan();
    const zs = p.track.map((c) => c.z);
    expect(zs[zs.length - 1]).toBeGreaterThan(zs[0]);
    const steps = zs.slice(1).map((z, i) => z - zs[i]);
    for (const step of steps) expect(step).toBeGreaterThanOrEqual(-1e-12); // one way only
    const fastest = Math.max(...steps);
    expect(fastest).toBeLessThan(0.005); // octaves per frame
    for (let i = 1; i < steps.length; i++) expect(Math.abs(steps[i] - steps[i - 1])).toBeLessThan(fastest * 0.05);
  });

  it('moves more for a bold camera than for a soft one', () => {
    const travel = (intensity: 'soft' | 'bold') => {
      const track = plan({ camera: { preset: 'auto', intensity } }).track;
      return track[track.length - 1].z - track[0].z;
    };
    expect(travel('bold')).toBeGreaterThan(travel('soft') * 1.5);
  });

  it('starts and ends at the requested zooms (1 = the whole world), centred on the origin when closer than the fit', () => {
    const p = plan({ multi_route: { start_zoom: 4, end_zoom: 1.5 } });
    const { insets, width, height } = p.viewport;
    const shortSide = Math.min(width - insets.left - insets.right, height - insets.top - insets.bottom);
    expect(p.track[0].z).toBeCloseTo(Math.log2(shortSide) + 3, 6);
    expect(p.track[p.track.length - 1].z).toBeCloseTo(Math.log2(shortSide) + 0.5, 6);
    const origin = p.geometry.waypoints[0];
    expect(p.track[0].x).toBeCloseTo(origin.x, 9);
    expect(p.track[0].y).toBeCloseTo(origin.y, 9);
  });

  it('keeps the requested tilt, still framing every destination', () => {
    const p = plan({ camera: { preset: 'auto', tilt: 30 } });
    expect(p.track.every((c) => c.tilt === 30)).toBe(true);
    const { insets, width, height } = p.viewport;
    for (const point of pointsOnScreen(p, p.track.length - 1)) {
      expect(point.x).toBeGreaterThanOrEqual(insets.left);
      expect(point.x).toBeLessThanOrEqual(width - insets.right);
      expect(point.y).toBeGreaterThanOrEqual(insets.top);
      expect(point.y).toBeLessThanOrEqual(height - insets.bottom);
    }
  });
});
