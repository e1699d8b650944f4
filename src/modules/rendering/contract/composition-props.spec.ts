import { buildCompositionProps, MAX_POINTS_PER_LEG, simplifyPath } from './composition-props';
import { LngLat, NormalizedRenderRequest, RoutePlan } from './render-request';

const request = (overrides: Partial<NormalizedRenderRequest> = {}): NormalizedRenderRequest => ({
  waypoints: [
    { lat: 35.68, lng: 139.69, label: 'Tokyo', transport: 'plane', dwell: 1, emphasis: 'waypoint' },
    { lat: 21.3, lng: -157.85, label: '  Honolulu  ', transport: 'plane', dwell: 0, emphasis: 'standard' },
    { lat: 37.77, lng: -122.42, place: 'San Francisco', transport: 'plane', dwell: 9, emphasis: 'standard' },
  ],
  transport: 'plane',
  route: { avoid: [] },
  duration: 12,
  resolution: '1080p',
  aspect_ratio: '9:16',
  fps: 60,
  style: 'dark',
  route_style: { color: '#ff0000' },
  camera: { preset: 'follow', start_zoom: 4 },
  hud: { distance: true, progress_bar: false, position: 'top-right' },
  title: { text: 'Pacific hop' },
  units: 'mi',
  ...overrides,
});

// Leg 0 crosses the antimeridian (unwrapped to 202.15); leg 1 is given wrapped (-157.85 → -122.42).
const plan: RoutePlan = {
  distance_km: 10000,
  legs: [
    { leg: 0, from: 'Tokyo', to: 'Honolulu', transport: 'plane', mode: 'great-circle', distance_km: 6200, coordinates: [[139.69, 35.68], [170, 33], [202.15, 21.3]] },
    { leg: 1, from: 'Honolulu', to: 'San Francisco', transport: 'plane', mode: 'great-circle', distance_km: 3800, coordinates: [[-157.85, 21.3], [-140, 30], [-122.42, 37.77]] },
  ],
};

describe('buildCompositionProps', () => {
  it('sizes the frame from resolution and aspect ratio, and counts frames from duration and fps', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: false });
    expect([props.width, props.height]).toEqual([1080, 1920]);
    expect(props.fps).toBe(60);
    expect(props.durationInFrames).toBe(720);
    expect(props.sandbox).toBe(false);
  });

  it('caps sandbox jobs at 720p and marks them for the watermark', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: true });
    expect([props.width, props.height]).toEqual([720, 1280]);
    expect(props.sandbox).toBe(true);
  });

  it('keeps longitudes continuous from leg to leg across the antimeridian', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: false });
    const end0 = props.legs[0].coordinates.at(-1)![0];
    const start1 = props.legs[1].coordinates[0][0];
    expect(Math.abs(end0 - start1)).toBeLessThan(1e-9);
    for (const leg of props.legs) {
      for (let i = 1; i < leg.coordinates.length; i++) expect(Math.abs(leg.coordinates[i][0] - leg.coordinates[i - 1][0])).toBeLessThan(180);
    }
    // Waypoints sit on the same unwrapped longitudes as the legs.
    expect(props.waypoints[1].lng).toBeCloseTo(start1, 6);
    expect(props.waypoints[2].lng).toBeCloseTo(props.legs[1].coordinates.at(-1)![0], 6);
    // The route's middle is brought back within -180..180.
    const lngs = props.legs.flatMap((l) => l.coordinates.map((c) => c[0]));
    expect(Math.abs((Math.min(...lngs) + Math.max(...lngs)) / 2)).toBeLessThanOrEqual(180);
  });

  it('carries labels (falling back to place), emphasis, clamped dwell and the presentation options', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: false });
    expect(props.waypoints.map((w) => w.label)).toEqual(['Tokyo', 'Honolulu', 'San Francisco']);
    expect(props.waypoints.map((w) => w.dwell)).toEqual([1, 0, 5]);
    expect(props.waypoints[0].emphasis).toBe('waypoint');
    expect(props.route_style).toEqual({ color: '#ff0000', width: null, opacity: null, line: null });
    expect(props.camera).toEqual({ preset: 'follow', start_zoom: 4, tilt: null });
    expect(props.hud).toEqual({ distance: true, progress_bar: false, position: 'top-right' });
    expect(props.title).toEqual({ text: 'Pacific hop', subtitle: null });
    expect(props.units).toBe('mi');
    expect(props.style).toBe('dark');
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
  });

  it('simplifies very long paths but keeps their ends', () => {
    const long: LngLat[] = Array.from({ length: 20000 }, (_, i) => [i * 0.001 + Math.sin(i) * 0.0001, Math.sin(i / 500)]);
    const props = buildCompositionProps(request(), { distance_km: 1, legs: [{ ...plan.legs[0], coordinates: long }, plan.legs[1]] }, { sandbox: false });
    const coordinates = props.legs[0].coordinates;
    expect(coordinates.length).toBeLessThanOrEqual(MAX_POINTS_PER_LEG);
    expect(coordinates.length).toBeGreaterThan(50);
    expect(coordinates[0]).toEqual(long[0]);
    expect(coordinates.at(-1)).toEqual(long.at(-1));
  });

  it('leaves short paths untouched', () => {
    const path: LngLat[] = [[0, 0], [1, 1], [2, 0]];
    expect(simplifyPath(path, 10)).toEqual(path);
  });
});
