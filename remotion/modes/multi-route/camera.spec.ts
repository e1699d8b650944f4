import type { AspectRatio } from '../../../src/modules/contract';
import { shanghaiPortsProps, type MultiRouteOverrides } from '../../fixtures/sample-routes';
import { planMultiRoute, pointsOnScreen } from './plan';

const plan = (overrides: MultiRouteOverrides = {}) => planMultiRoute(shanghaiPortsProps(overrides));

function inSafeArea(p: ReturnType<typeof plan>, point: { x: number; y: number }): boolean {
  const { insets, width, height } = p.viewport;
  return point.x >= insets.left && point.x <= width - insets.right && point.y >= insets.top && point.y <= height - insets.bottom;
}

describe('multi_route camera', () => {
  it('keeps the origin and every destination inside the safe area on every frame where the network fits the flat map', () => {
    for (const aspect of ['16:9', '1:1'] as AspectRatio[]) {
      for (const intensity of ['soft', 'balanced', 'bold'] as const) {
        const p = plan({ aspect_ratio: aspect, camera: { preset: 'auto', intensity } });
        const outside: string[] = [];
        for (let frame = 0; frame < p.track.length; frame++) {
          pointsOnScreen(p, frame).forEach((point, k) => {
            if (!inSafeArea(p, point)) outside.push(`${aspect} ${intensity} frame ${frame}: point ${k}`);
          });
        }
        expect(outside).toEqual([]);
      }
    }
  });

  it.each([
    ['9:16', 6],
    ['4:5', 7],
  ] as const)(
    'holds a network wider than the flat map shows at its filling zoom (Santos to Los Angeles in %s): the world fills the frame, the hub stays in the safe area, the camera pans to show %i of the 8 ports',
    (aspect, ports) => {
      const p = plan({ aspect_ratio: aspect });
      const last = p.track.length - 1;
      const focus = p.viewport.insets.top + (p.viewport.height - p.viewport.insets.top - p.viewport.insets.bottom) / 2;
      for (let frame = 0; frame <= last; frame++) {
        const camera = p.track[frame];
        // The world's top and bottom edges (y = ±0.5) stay out of the frame.
        expect(focus + (-0.5 - camera.y) * 2 ** camera.z).toBeLessThanOrEqual(0.5);
        expect(focus + (0.5 - camera.y) * 2 ** camera.z).toBeGreaterThanOrEqual(p.viewport.height - 0.5);
        expect(inSafeArea(p, pointsOnScreen(p, frame)[0])).toBe(true);
      }
      const shown = (frame: number) =>
        pointsOnScreen(p, frame)
          .slice(1)
          .filter((point) => inSafeArea(p, point)).length;
      expect(shown(last)).toBe(ports);
      // More than the network's middle shows, where the camera starts.
      expect(shown(0)).toBeLessThan(ports);
    },
  );

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
