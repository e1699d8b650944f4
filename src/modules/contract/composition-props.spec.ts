import { buildCompositionProps } from './composition-props';
import { RoutePlan, SharedNormalizedRequest } from './render-request';
import { NormalizedRequestOf } from './stored-request';

const request = (overrides: Partial<SharedNormalizedRequest> = {}): NormalizedRequestOf<'route_animation'> => ({
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
    // A request stored before camera.intensity existed reads as the default.
    expect(props.camera).toEqual({
      preset: 'follow',
      start_zoom: 4,
      tilt: 0,
      intensity: 'balanced',
      mode: 'follow',
      waypoint_zoom: null,
      ease: 'cubic-in-out',
      start_focus_waypoint: null,
      focus_hold_seconds: 0,
      opening_zoom_boost: 1,
      chokepoint_punch_in: 1,
      chokepoints: [],
      reroute: null,
    });
    expect(props.hud).toEqual({ distance: true, progress_bar: false, position: 'top-right' });
    expect(props.title).toEqual({ text: 'Pacific hop', subtitle: null });
    expect(props.units).toBe('mi');
    expect(props.style).toBe('dark');
    expect(JSON.parse(JSON.stringify(props))).toEqual(props);
  });

  it('reads a request stored before the render modes as a route_animation without overlays or waypoint camera details', () => {
    const props = buildCompositionProps(request(), plan, { sandbox: false });
    expect(props.mode).toBe('route_animation');
    expect(props.text_overlays).toEqual([]);
    expect(props.waypoints.map((w) => [w.zoom_override, w.hold])).toEqual([
      [null, 0],
      [null, 0],
      [null, 0],
    ]);
    expect(Object.keys(props).filter((key) => ['multi_route', 'region_focus', 'country_data'].includes(key))).toEqual([]);
  });

  it('carries the terrain with its defaults filled in: no relief for a request stored without it (contract §21)', () => {
    expect(buildCompositionProps(request(), plan, { sandbox: false }).terrain).toEqual({ enabled: false, exaggeration: 1 });
    const relief = buildCompositionProps(request({ terrain: { enabled: true, exaggeration: 2.5 } }), plan, { sandbox: false });
    expect(relief.terrain).toEqual({ enabled: true, exaggeration: 2.5 });
    const flattened = buildCompositionProps(request({ terrain: { enabled: true, exaggeration: 0 } }), plan, { sandbox: false });
    expect(flattened.terrain).toEqual({ enabled: true, exaggeration: 0 });
  });

  it('resolves the camera tilt on the server: the preset’s own when the request sets none, within 0–85', () => {
    const tilt = (camera: SharedNormalizedRequest['camera']) =>
      buildCompositionProps(request({ camera }), plan, { sandbox: false }).camera.tilt;
    expect(tilt({ preset: 'follow' })).toBe(0);
    expect(tilt({ preset: 'cinematic' })).toBe(40);
    expect(tilt({ preset: 'cinematic', tilt: 0 })).toBe(0);
    expect(tilt({ preset: 'auto', tilt: 25 })).toBe(25);
    expect(tilt({ preset: 'auto', tilt: 75 })).toBe(75);
    expect(tilt({ preset: 'auto', tilt: 95 })).toBe(85);
  });
});
