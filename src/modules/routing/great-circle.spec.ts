import type { LngLat } from './route-plan';
import { EARTH_RADIUS_KM, greatCircleArc, haversineKm, pathLengthKm, unwrapLongitudes, wrapLng } from './great-circle';

const LONDON: LngLat = [-0.1276, 51.5072];
const NEW_YORK: LngLat = [-74.006, 40.7128];
const TOKYO: LngLat = [139.6917, 35.6895];
const SAN_FRANCISCO: LngLat = [-122.4194, 37.7749];

function maxJump(points: LngLat[]): number {
  let max = 0;
  for (let i = 1; i < points.length; i++) max = Math.max(max, Math.abs(points[i][0] - points[i - 1][0]));
  return max;
}

describe('haversineKm', () => {
  it('measures well-known distances', () => {
    expect(haversineKm(LONDON, NEW_YORK)).toBeGreaterThan(5540);
    expect(haversineKm(LONDON, NEW_YORK)).toBeLessThan(5600);
    expect(haversineKm([0, 0], [0, 1])).toBeCloseTo(111.19, 1);
    expect(haversineKm(TOKYO, TOKYO)).toBe(0);
  });

  it('is indifferent to whole turns of longitude and measures across the antimeridian the short way', () => {
    expect(haversineKm([179.5, 0], [-179.5, 0])).toBeCloseTo(111.19, 1);
    expect(haversineKm([179.5, 0], [180.5, 0])).toBeCloseTo(111.19, 1);
  });

  it('gives half the circumference for antipodes', () => {
    expect(haversineKm([10, 20], [-170, -20])).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 3);
  });
});

describe('greatCircleArc', () => {
  it('starts and ends exactly at the end points, with evenly spaced steps about stepKm long', () => {
    const arc = greatCircleArc(LONDON, NEW_YORK, 50);
    expect(arc[0]).toEqual(LONDON);
    expect(arc[arc.length - 1]).toEqual(NEW_YORK);
    const steps = arc.slice(1).map((p, i) => haversineKm(arc[i], p));
    expect(Math.max(...steps)).toBeLessThanOrEqual(50);
    expect(Math.max(...steps) - Math.min(...steps)).toBeLessThan(0.01);
    // Points lie on the great circle, so the polyline is no longer than the direct distance (to rounding).
    expect(pathLengthKm(arc)).toBeCloseTo(haversineKm(LONDON, NEW_YORK), 0);
  });

  it('bows towards the pole like a real flight path (London → New York passes north of both)', () => {
    const arc = greatCircleArc(LONDON, NEW_YORK);
    expect(Math.max(...arc.map((p) => p[1]))).toBeGreaterThan(52);
  });

  it('crosses the Pacific with continuous longitudes (past 180, never jumping to -180)', () => {
    const arc = greatCircleArc(TOKYO, SAN_FRANCISCO);
    expect(maxJump(arc)).toBeLessThan(10);
    expect(arc[arc.length - 1][0]).toBeCloseTo(SAN_FRANCISCO[0] + 360, 9);
    expect(arc.some((p) => p[0] > 180)).toBe(true);
    expect(Math.max(...arc.map((p) => p[1]))).toBeGreaterThan(47); // the northern great-circle route
  });

  it('goes over the pole without NaN when the meridians are opposite', () => {
    const arc = greatCircleArc([0, 80], [180, 80], 10);
    expect(arc.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))).toBe(true);
    expect(Math.max(...arc.map((p) => p[1]))).toBeGreaterThan(89.9);
    expect(pathLengthKm(arc)).toBeCloseTo(haversineKm([0, 80], [180, 80]), 0);
  });

  it('starting at a pole keeps a usable longitude', () => {
    const arc = greatCircleArc([0, 90], [30, 60]);
    expect(arc.every((p) => Number.isFinite(p[0]))).toBe(true);
    expect(arc[arc.length - 1]).toEqual([30, 60]);
    expect(pathLengthKm(arc)).toBeCloseTo(haversineKm([0, 90], [30, 60]), 0);
  });

  it('draws a half circle between antipodes instead of failing', () => {
    const arc = greatCircleArc([0, 0], [180, 0], 100);
    expect(arc.every((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]))).toBe(true);
    expect(pathLengthKm(arc)).toBeCloseTo(Math.PI * EARTH_RADIUS_KM, 0);
  });

  it('returns the two points for a zero-length leg', () => {
    expect(greatCircleArc(TOKYO, TOKYO)).toEqual([TOKYO, TOKYO]);
  });
});

describe('longitude helpers', () => {
  it('unwrapLongitudes removes seams and keeps the first longitude', () => {
    expect(
      unwrapLongitudes([
        [170, 0],
        [179, 1],
        [-179, 2],
        [-170, 3],
      ]),
    ).toEqual([
      [170, 0],
      [179, 1],
      [181, 2],
      [190, 3],
    ]);
    expect(
      unwrapLongitudes([
        [-170, 0],
        [175, 0],
      ]),
    ).toEqual([
      [-170, 0],
      [-185, 0],
    ]);
  });

  it('wrapLng folds any longitude into [-180, 180)', () => {
    expect(wrapLng(181)).toBeCloseTo(-179, 9);
    expect(wrapLng(-540)).toBeCloseTo(-180, 9);
    expect(wrapLng(45)).toBe(45);
  });
});
