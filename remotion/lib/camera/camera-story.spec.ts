import type { ChokepointPassage, SharedNormalizedRequest } from '../../../src/modules/contract';
import { buildCompositionProps, cameraNotes, CAMERA_EASES, rerouteLabel, routePassages } from '../../../src/modules/contract';
import { sampleRequest } from '../../fixtures/sample-routes';
import { ATLANTIC } from '../../fixtures/sample-plans';
import { buildScene } from '../../modes';
import { focusPoint } from './camera';
import { EASES } from '../time/easing';
import { pacedFraction, paceTable, timeShareAt } from '../time/pace';
import { pointAlong, progressAt } from '../geo/route-geometry';
import type { Scene } from '../scene/scene';

type Camera = Partial<SharedNormalizedRequest['camera']>;

/** The atlantic sample (Lisbon → New York → Rotterdam) with a chokepoint halfway along its first leg. */
function midLegPassage(): ChokepointPassage {
  const leg = ATLANTIC.plan.legs[0].coordinates;
  const [lng, lat] = leg[Math.floor(leg.length / 2)];
  return { chokepoint: 'gibraltar', name: 'the Strait of Gibraltar', leg: 0, fraction: 0.5, lng, lat };
}

/** On the flat map: `auto` compared with here is the flat camera (on this long route auto would open on the globe, globe.spec.ts). */
function scene(camera: Camera, passages: ChokepointPassage[] = []): Scene {
  const plan = { ...ATLANTIC.plan, passages };
  const request = sampleRequest(ATLANTIC, { projection: 'flat', camera: { preset: 'auto', ...camera } });
  return buildScene(buildCompositionProps(request, plan, { sandbox: false }));
}

function onScreen(s: Scene, frame: number, wx: number, wy: number) {
  const c = s.track[frame];
  const f = focusPoint(s.viewport);
  return { x: f.x + (wx - c.x) * 2 ** c.z, y: f.y + (wy - c.y) * 2 ** c.z };
}

const vehicleAt = (s: Scene, frame: number) => {
  const p = progressAt(s.props, s.geometry, s.timeline, frame);
  return pointAlong(s.geometry.legs[p.leg], p.distance);
};

describe('camera stories (contract §19)', () => {
  it('static: one frame holds the whole route, every waypoint on screen, no movement at all', () => {
    for (const camera of [{ mode: 'static' }, { preset: 'static_overview' }] as Camera[]) {
      const s = scene(camera);
      expect(new Set(s.track.map((c) => JSON.stringify(c))).size).toBe(1);
      for (const wp of s.geometry.waypoints) {
        const p = onScreen(s, 0, wp.x, wp.y);
        expect(p.x).toBeGreaterThan(0);
        expect(p.x).toBeLessThan(s.viewport.width);
        expect(p.y).toBeGreaterThan(0);
        expect(p.y).toBeLessThan(s.viewport.height);
      }
    }
  });

  it('chokepoint_tension slows the vehicle and punches in where the route passes a chokepoint, and keeps it in frame', () => {
    const story = scene({ preset: 'chokepoint_tension', chokepoint_punch_in: 2 }, [midLegPassage()]);
    const plain = scene({ preset: 'auto' }, [midLegPassage()]);
    const leg = story.timeline.legs[0];
    // The frame where the vehicle is halfway (the chokepoint) in the story, and the same frame in auto.
    let pass = leg.start;
    while (progressAt(story.props, story.geometry, story.timeline, pass).fraction < 0.5) pass++;
    expect(story.track[pass].z - plain.track[pass].z).toBeGreaterThan(0.6);
    const step = (s: Scene, f: number) => Math.hypot(vehicleAt(s, f + 1).x - vehicleAt(s, f).x, vehicleAt(s, f + 1).y - vehicleAt(s, f).y);
    const midPlain = Math.round((leg.start + leg.end) / 2);
    expect(step(story, pass)).toBeLessThan(step(plain, midPlain) * 0.6);
    // The leg still takes its planned time.
    expect(story.timeline.legs).toEqual(plain.timeline.legs);
    for (let frame = leg.start; frame < leg.end; frame++) {
      const at = vehicleAt(story, frame);
      const p = onScreen(story, frame, at.x, at.y);
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(story.viewport.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(story.viewport.height);
    }
  });

  it('a chokepoint story on a route that passes none plays auto and says so; canal_bottleneck needs a canal', () => {
    const request = sampleRequest(ATLANTIC, { camera: { preset: 'chokepoint_tension' } });
    const props = buildCompositionProps(request, ATLANTIC.plan, { sandbox: false });
    // It plays what auto plays, and auto opens on the globe on a route this long.
    expect(props.camera.preset).toBe('global_corridor_reveal');
    expect(cameraNotes('chokepoint_tension', routePassages(request, ATLANTIC.plan), ATLANTIC.plan)).toEqual([
      'camera.preset chokepoint_tension: the route passes no chokepoint, so the camera played like auto.',
    ]);
    expect(cameraNotes('canal_bottleneck', [midLegPassage()], ATLANTIC.plan)).toEqual([
      'camera.preset canal_bottleneck: the route passes no canal (Suez, Panama), so the camera played like auto.',
    ]);
    expect(cameraNotes('chokepoint_tension', [midLegPassage()], ATLANTIC.plan)).toEqual([]);
    // A waypoint marked as a chokepoint is one.
    const marked = sampleRequest(ATLANTIC, { camera: { preset: 'chokepoint_focus' } });
    marked.waypoints[1] = { ...marked.waypoints[1], emphasis: 'chokepoint' };
    expect(routePassages(marked, ATLANTIC.plan)).toMatchObject([{ chokepoint: null, leg: 1, fraction: 0 }]);
  });

  it('auto plays global_corridor_reveal on a route longer than 3,000 km, unless the projection is flat', () => {
    expect(ATLANTIC.plan.distance_km).toBeGreaterThan(3000);
    const long = buildCompositionProps(sampleRequest(ATLANTIC, {}), ATLANTIC.plan, { sandbox: false });
    expect(long.camera.preset).toBe('global_corridor_reveal');
    expect(long.projection).toBe('auto');
    const flat = buildCompositionProps({ ...sampleRequest(ATLANTIC, {}), projection: 'flat' }, ATLANTIC.plan, { sandbox: false });
    expect(flat.camera.preset).toBe('auto');
    const short = buildCompositionProps(sampleRequest(ATLANTIC, {}), { ...ATLANTIC.plan, distance_km: 2900 }, { sandbox: false });
    expect(short.camera.preset).toBe('auto');
    const chosen = buildCompositionProps(sampleRequest(ATLANTIC, { camera: { preset: 'follow' } }), ATLANTIC.plan, { sandbox: false });
    expect(chosen.camera.preset).toBe('follow');
  });

  it('long_reroute_burden labels the detour in the request’s units, and without an avoided route plays auto and says so', () => {
    const avoided = { legs: [ATLANTIC.plan.legs[0]], distance_km: 5000, via: 'the Cape', avoiding: ['the Suez Canal'] };
    expect(rerouteLabel(avoided, 11480, 'km')).toBe('+6,480 km via the Cape');
    expect(rerouteLabel({ ...avoided, via: null }, 11480, 'mi')).toBe('+4,026 mi avoiding the Suez Canal');
    const request = sampleRequest(ATLANTIC, { camera: { preset: 'long_reroute_burden' } });
    const told = buildCompositionProps(request, { ...ATLANTIC.plan, avoided }, { sandbox: false });
    expect(told.camera.preset).toBe('long_reroute_burden');
    expect(told.camera.reroute).toMatchObject({ label: expect.stringMatching(/^\+[\d,]+ km via the Cape$/), legs: [expect.any(Array)] });
    const untold = buildCompositionProps(request, ATLANTIC.plan, { sandbox: false });
    expect(untold.camera).toMatchObject({ preset: 'global_corridor_reveal', reroute: null });
    expect(cameraNotes('long_reroute_burden', [], ATLANTIC.plan)).toEqual([
      'camera.preset long_reroute_burden: route.avoid turned the route away from no passage it would otherwise take, so the camera played like auto.',
    ]);
  });

  it('the opening looks at start_focus_waypoint, closer by opening_zoom_boost, and holds still for focus_hold_seconds', () => {
    const base = scene({});
    const focused = scene({ start_focus_waypoint: 1 });
    const boosted = scene({ start_focus_waypoint: 1, opening_zoom_boost: 2 });
    const wp = focused.geometry.waypoints[1];
    expect(focused.track[0].x).toBeCloseTo(wp.x, 3);
    expect(focused.track[0].y).toBeCloseTo(wp.y, 3);
    expect(boosted.track[0].z - focused.track[0].z).toBeCloseTo(1, 2);
    const held = scene({ focus_hold_seconds: 2 });
    expect(held.timeline.intro.end - base.timeline.intro.end).toBe(60);
    const still = held.track.slice(0, held.timeline.intro.end - 15);
    expect(new Set(still.map((c) => JSON.stringify(c))).size).toBe(1);
  });

  it('waypoint_zoom brings the camera close on every waypoint the vehicle passes; a waypoint’s own override wins', () => {
    const plain = scene({});
    const close = scene({ waypoint_zoom: 8 });
    const arrive = plain.timeline.legs[0].end;
    expect(close.track[arrive].z - plain.track[arrive].z).toBeGreaterThan(1);
  });

  it('every ease runs from 0 to 1 without going back, and the ease changes the camera moves', () => {
    for (const ease of CAMERA_EASES) {
      const f = EASES[ease];
      expect(f(0)).toBeCloseTo(0, 9);
      expect(f(1)).toBeCloseTo(1, 9);
      for (let t = 0; t < 1; t += 0.01) expect(f(t + 0.01)).toBeGreaterThanOrEqual(f(t) - 1e-12);
    }
    const linear = scene({ ease: 'linear' });
    const expo = scene({ ease: 'expo-in-out' });
    expect(linear.track.some((c, i) => Math.abs(c.z - expo.track[i].z) > 0.05)).toBe(true);
  });
});

describe('pace (slow zones)', () => {
  it('covers the leg in its time, slower inside the zone, and inverts exactly', () => {
    const table = paceTable([{ at: 0.5, halfWidth: 0.1, speed: 0.25 }])!;
    expect(pacedFraction(table, 0)).toBe(0);
    expect(pacedFraction(table, 1)).toBeCloseTo(1, 9);
    const speedAt = (f: number) => 0.001 / (timeShareAt(table, f + 0.0005) - timeShareAt(table, f - 0.0005));
    expect(speedAt(0.5) / speedAt(0.2)).toBeCloseTo(0.25, 2);
    for (const u of [0.1, 0.37, 0.5, 0.81]) expect(timeShareAt(table, pacedFraction(table, u))).toBeCloseTo(u, 6);
    expect(paceTable([])).toBeNull();
  });
});
