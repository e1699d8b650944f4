import { buildCompositionProps } from './composition-props';
import { NormalizedRenderRequest, RoutePlan } from './render-request';

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

// As routing plans it: leg 0 crosses the antimeridian (unwrapped to 202.15), leg 1 continues from there.
const plan: RoutePlan = {
  distance_km: 10000,
  legs: [
    {
      leg: 0,
      from: 'Tokyo',
      to: 'Honolulu',
      transport: 'plane',
      mode: 'great-circle',
      distance_km: 6200,
      coordinates: [
        [139.69, 35.68],
        [170, 33],
        [202.15, 21.3],
      ],
    },
    {
      leg: 1,
      from: 'Honolulu',
      to: 'San Francisco',
      transport: 'plane',
      mode: 'great-circle',
      distance_km: 3800,
      coordinates: [
        [202.15, 21.3],
        [220, 30],
        [237.58, 37.77],
      ],
    },
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

  it('draws the legs as routed and puts each waypoint on the unwrapped end of its leg', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: false });
    expect(props.legs.map((l) => l.coordinates)).toEqual(plan.legs.map((l) => l.coordinates));
    expect(props.legs.map((l) => [l.transport, l.distance_km])).toEqual([
      ['plane', 6200],
      ['plane', 3800],
    ]);
    expect(props.total_distance_km).toBe(10000);
    // Waypoints sit on the same unwrapped longitudes as the legs (Honolulu at 202.15, not -157.85).
    expect(props.waypoints.map((w) => [w.lng, w.lat])).toEqual([
      [139.69, 35.68],
      [202.15, 21.3],
      [237.58, 37.77],
    ]);
    // Copies: the plan stored on the job is not shared with the props.
    props.legs[0].coordinates[0][0] = 0;
    expect(plan.legs[0].coordinates[0][0]).toBe(139.69);
  });

  it('carries labels (falling back to place), emphasis, clamped dwell and the presentation options', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: false });
    expect(props.waypoints.map((w) => w.label)).toEqual(['Tokyo', 'Honolulu', 'San Francisco']);
    expect(props.waypoints.map((w) => w.dwell)).toEqual([1, 0, 5]);
    expect(props.waypoints[0].emphasis).toBe('waypoint');
    expect(props.route_style).toEqual({ color: '#ff0000', width: null, opacity: null, line: null });
    expect(props.camera).toEqual({ preset: 'follow', start_zoom: 4, tilt: null, intensity: 'balanced' });
    expect(props.hud).toEqual({ distance: true, progress_bar: false, position: 'top-right' });
    expect(props.title).toEqual({ text: 'Pacific hop', subtitle: null });
    expect(props.units).toBe('mi');
    expect(props.style).toBe('dark');
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
  });
});
