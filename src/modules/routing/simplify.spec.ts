import type { LngLat } from './route-plan';
import { MAX_POINTS_PER_LEG } from './plan-route';
import { simplifyToAtMost } from './simplify';

describe('simplifyToAtMost', () => {
  it('returns a line within budget untouched', () => {
    const line: LngLat[] = [
      [0, 0],
      [1, 1],
      [2, 0],
    ];
    expect(simplifyToAtMost(line, 3)).toEqual(line);
  });

  it('fits a dense winding road into the budget, keeping its ends and its shape', () => {
    // 20,000 points along a sine wave 0.1° high: the shape must survive the thinning.
    const line: LngLat[] = Array.from({ length: 20_000 }, (_, i) => [i * 0.0005, 0.1 * Math.sin(i / 500)]);
    const simple = simplifyToAtMost(line, 2000);
    expect(simple.length).toBeLessThanOrEqual(2000);
    expect(simple.length).toBeGreaterThan(20); // not collapsed to a straight line
    expect(simple[0]).toEqual(line[0]);
    expect(simple[simple.length - 1]).toEqual(line[line.length - 1]);
    expect(Math.max(...simple.map((p) => p[1]))).toBeCloseTo(0.1, 2);
    expect(Math.min(...simple.map((p) => p[1]))).toBeCloseTo(-0.1, 2);
  });

  it('drops points that add nothing to a straight line', () => {
    const straight: LngLat[] = Array.from({ length: 5000 }, (_, i) => [i * 0.001, 0]);
    expect(simplifyToAtMost(straight, 100)).toEqual([straight[0], straight[4999]]);
  });

  it('simplifies very long paths to the per-leg budget but keeps their ends', () => {
    const long: LngLat[] = Array.from({ length: 20000 }, (_, i) => [i * 0.001 + Math.sin(i) * 0.0001, Math.sin(i / 500)]);
    const coordinates = simplifyToAtMost(long, MAX_POINTS_PER_LEG);
    expect(coordinates.length).toBeLessThanOrEqual(MAX_POINTS_PER_LEG);
    expect(coordinates.length).toBeGreaterThan(50);
    expect(coordinates[0]).toEqual(long[0]);
    expect(coordinates.at(-1)).toEqual(long.at(-1));
  });

  it('leaves short paths untouched, as copies', () => {
    const path: LngLat[] = [
      [0, 0],
      [1, 1],
      [2, 0],
    ];
    const simple = simplifyToAtMost(path, 10);
    expect(simple).toEqual(path);
    expect(simple).not.toBe(path);
  });
});
