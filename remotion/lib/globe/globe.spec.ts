import { geoArea } from 'd3-geo';
import { buildScene } from '../../modes';
import { atlanticProps, pacificProps, shanghaiPortsProps } from '../../fixtures/sample-routes';
import { countryDataProps, LIFE_EXPECTANCY_DATA, PORTUGAL, regionFocusProps } from '../../fixtures/region-modes';
import { focusPoint } from '../camera/camera';
import { boxFeature } from '../geo/countries';
import { frameAtLegFraction } from '../time/timeline';
import { globeOffset, globeRadius } from './globe';
import { AUTO_GLOBE_CONTENT_DEGREES, fitsOneSide, routePoints, WHOLE_GLOBE_RADIUS_SHARE } from './globe-camera';
import { latitudeOf, project } from '../geo/mercator';
import type { Scene } from '../scene/scene';

/** Screen position of a world point on a frame, as the drawing puts it (lib/scene/frame-drawing.ts worldToScreen). */
function onScreen(scene: Scene, frame: number, wx: number, wy: number) {
  const focus = focusPoint(scene.viewport);
  const p = globeOffset(scene.track[frame], wx, wy);
  return { x: focus.x + p.x, y: focus.y + p.y, visible: p.visible };
}

describe('globe projection (contract §20)', () => {
  const camera = { x: 0.05, y: project(0, 40, 0).y, z: 11 };

  it('is the flat map exactly at weight 0, and the orthographic globe at weight 1', () => {
    const flat = globeOffset({ ...camera, globe: 0 }, 0.08, -0.2);
    expect(flat).toEqual({ x: (0.08 - 0.05) * 2 ** 11, y: (-0.2 - camera.y) * 2 ** 11, visible: true });
    // On the globe, a point 90° east of the focus on the focus's parallel-crossing great circle sits on the rim.
    const radius = globeRadius(camera.z, camera.y);
    const onEquatorBelow = globeOffset({ ...camera, y: 0, globe: 1 }, camera.x + 0.25, 0);
    expect(Math.hypot(onEquatorBelow.x, onEquatorBelow.y)).toBeCloseTo(globeRadius(camera.z, 0), 6);
    expect(onEquatorBelow.visible).toBe(true);
    expect(globeOffset({ ...camera, globe: 1 }, camera.x + 0.5, 0).visible).toBe(false);
    expect(radius).toBeGreaterThan(0);
  });

  it('keeps the flat map’s scale at the focus, so opening out into the flat map never jumps in scale', () => {
    const step = 1e-5; // world units, a few hundred metres
    for (const lat of [-60, 0, 25, 52]) {
      const c = { ...camera, y: project(0, lat, 0).y };
      const flatStep = Math.hypot(...(Object.values(globeOffset({ ...c, globe: 0 }, c.x + step, c.y)).slice(0, 2) as [number, number]));
      const globeStep = Math.hypot(...(Object.values(globeOffset({ ...c, globe: 1 }, c.x + step, c.y)).slice(0, 2) as [number, number]));
      expect(globeStep / flatStep).toBeCloseTo(1, 3);
    }
  });

  it('moves a point on screen by little for a small change of weight (a continuous morph)', () => {
    const point = { x: 0.1, y: project(0, 30, 0).y };
    for (let w = 0; w < 1; w += 0.05) {
      const a = globeOffset({ ...camera, globe: w }, point.x, point.y);
      const b = globeOffset({ ...camera, globe: w + 0.01 }, point.x, point.y);
      expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeLessThan(20);
    }
  });

  it('draws a [west, south, east, north] box as a small region of the sphere, not its complement', () => {
    expect(geoArea(boxFeature(-10, 35, 5, 44))).toBeLessThan(0.05);
    expect(geoArea(boxFeature(170, -50, 200, -30))).toBeLessThan(0.2);
  });
});

describe('where the globe shows', () => {
  it('projection flat keeps every frame flat, even for global_corridor_reveal', () => {
    const scene = buildScene(atlanticProps({ projection: 'flat', camera: { preset: 'global_corridor_reveal' } }));
    expect(scene.props.camera.preset).toBe('global_corridor_reveal');
    expect(scene.track.every((c) => !c.globe)).toBe(true);
  });

  it('projection globe shows the whole globe at least, untilted, in every frame and every mode', () => {
    const scenes = [
      buildScene(atlanticProps({ projection: 'globe', camera: { preset: 'follow', tilt: 40 } })),
      buildScene(shanghaiPortsProps({ projection: 'globe' })),
      buildScene(regionFocusProps(PORTUGAL, { projection: 'globe' })),
      buildScene(countryDataProps(LIFE_EXPECTANCY_DATA, { projection: 'globe' })),
    ];
    for (const scene of scenes) {
      const short = Math.min(scene.viewport.width, scene.viewport.height);
      for (const c of scene.track) {
        expect(c.globe).toBe(1);
        expect(c.tilt).toBe(0);
        expect(globeRadius(c.z, c.y)).toBeGreaterThan(short * WHOLE_GLOBE_RADIUS_SHARE * 0.8);
      }
    }
  });

  it(`auto shows the globe all video long for content wider than ${AUTO_GLOBE_CONTENT_DEGREES}° in 9:16 and 1:1 that one side of the globe holds, not in 16:9`, () => {
    // Shanghai to Los Angeles spans about 120° of longitude; the Shanghai ports about 150°.
    const pacific = buildScene(pacificProps({ aspect_ratio: '9:16', camera: { preset: 'follow' } }));
    expect((pacific.geometry.bbox.maxX - pacific.geometry.bbox.minX) * 360).toBeGreaterThan(AUTO_GLOBE_CONTENT_DEGREES);
    expect(pacific.track.every((c) => c.globe === 1)).toBe(true);
    // Shanghai's ports reach from Los Angeles to Santos and Rotterdam: no side of the globe holds them all, so auto keeps the flat map.
    const ports = buildScene(shanghaiPortsProps({ aspect_ratio: '1:1' }));
    expect(fitsOneSide(routePoints(ports.geometry), ports.geometry.bbox)).toBe(false);
    expect(ports.track.every((c) => !c.globe)).toBe(true);
    // Asked for, the globe shows them anyway, and the ports behind it are known to be hidden (their markers and labels are left out).
    const portsOnGlobe = buildScene(shanghaiPortsProps({ aspect_ratio: '1:1', projection: 'globe' }));
    const hidden = portsOnGlobe.geometry.waypoints.filter((p) => !globeOffset(portsOnGlobe.track[0], p.x, p.y).visible);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.length).toBeLessThan(portsOnGlobe.geometry.waypoints.length);
    const wide = buildScene(shanghaiPortsProps({ aspect_ratio: '16:9' }));
    expect(wide.track.every((c) => !c.globe)).toBe(true);
    // A region the size of a country stays on the flat map in portrait.
    const portugal = buildScene(regionFocusProps(PORTUGAL, { aspect_ratio: '9:16' }));
    expect(portugal.track.every((c) => !c.globe)).toBe(true);
  });
});

describe('a world choropleth on the globe', () => {
  it('turns, so the countries on both sides of the world come into view; a region held on the flat map does not move', () => {
    const world = buildScene(countryDataProps(LIFE_EXPECTANCY_DATA, { aspect_ratio: '9:16' }));
    const [first, last] = [world.track[0], world.track[world.track.length - 1]];
    expect(first.globe).toBe(1);
    expect((last.x - first.x) * 360).toBeCloseTo(200, 6);
    const wide = buildScene(countryDataProps(LIFE_EXPECTANCY_DATA, { aspect_ratio: '16:9' }));
    expect(new Set(wide.track.map((c) => JSON.stringify(c))).size).toBe(1);
  });
});

describe('global_corridor_reveal', () => {
  const reveal = (overrides: Parameters<typeof atlanticProps>[0] = {}) => buildScene(atlanticProps(overrides));

  it('is what auto plays on a long route: it opens on the whole globe with every waypoint of the route on its near side', () => {
    for (const aspect_ratio of ['16:9', '9:16', '1:1'] as const) {
      const scene = reveal({ aspect_ratio });
      expect(scene.props.camera.preset).toBe('global_corridor_reveal');
      const first = scene.track[0];
      expect(first.globe).toBe(1);
      const radius = globeRadius(first.z, first.y);
      expect(radius * 2).toBeLessThan(Math.min(scene.viewport.width, scene.viewport.height));
      for (const wp of scene.geometry.waypoints) {
        const p = onScreen(scene, 0, wp.x, wp.y);
        expect(p.visible).toBe(true);
        expect(p.x).toBeGreaterThan(0);
        expect(p.x).toBeLessThan(scene.viewport.width);
        expect(p.y).toBeGreaterThan(0);
        expect(p.y).toBeLessThan(scene.viewport.height);
      }
    }
  });

  it('descends onto the flat track without a cut: the weight falls smoothly to 0, the scale and the route never jump', () => {
    for (const fps of [24, 60] as const) {
      const scene = reveal({ fps });
      const opening = scene.globeOpening!;
      // From the end of the descent on, the flat map.
      expect(scene.track.slice(opening.end).every((c) => c.globe === 0)).toBe(true);
      const lisbon = scene.geometry.waypoints[0];
      for (let f = 1; f <= opening.end + fps; f++) {
        const [a, b] = [scene.track[f - 1], scene.track[f]];
        expect(b.globe!).toBeLessThanOrEqual(a.globe! + 1e-9);
        expect(a.globe! - b.globe!).toBeLessThan(6 / fps);
        // Scale at the focus: at most a 2^(3/fps) step per frame (three octaves a second).
        expect(Math.abs(b.z - a.z)).toBeLessThan(3 / fps);
        const [p, q] = [onScreen(scene, f - 1, lisbon.x, lisbon.y), onScreen(scene, f, lisbon.x, lisbon.y)];
        expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeLessThan((scene.viewport.width * 1.5) / fps);
      }
    }
  });

  it('opens the globe out into the map where it has outgrown the frame, and dissolves it into the map where it has not', () => {
    // 16:9: the first leg's framing is close enough for the globe to cover the frame.
    expect(reveal().globeOpening!.flattening).toBe('morph');
    // 9:16: the same leg seen whole leaves the globe smaller than the tall frame.
    const portrait = reveal({ aspect_ratio: '9:16' });
    const opening = portrait.globeOpening!;
    expect(opening.flattening).toBe('dissolve');
    const arrival = portrait.track[opening.end];
    expect(globeRadius(arrival.z, arrival.y)).toBeLessThan(Math.hypot(portrait.viewport.width, portrait.viewport.height) / 2);
    for (let f = 1; f <= opening.end; f++) {
      expect(portrait.track[f].globe!).toBeLessThanOrEqual(portrait.track[f - 1].globe! + 1e-9);
      expect(portrait.track[f - 1].globe! - portrait.track[f].globe!).toBeLessThan(6 / portrait.props.fps);
    }
  });

  it('turns the globe towards the route (eastwards) before it descends, and tilts only once on the flat map', () => {
    const scene = reveal({ camera: { preset: 'global_corridor_reveal', tilt: 30 } });
    const opening = scene.globeOpening!;
    expect(scene.track[opening.turnEnd].x).toBeGreaterThan(scene.track[0].x);
    expect(latitudeOf(scene.track[0].y)).toBeCloseTo(latitudeOf(opening.target.y), 6);
    for (const c of scene.track) if (c.globe === 1) expect(c.tilt).toBe(0);
    expect(scene.track[opening.end + 5].tilt).toBeCloseTo(30, 6);
  });

  it('ends its descent as the vehicle sets off, so the route draws on the flat map', () => {
    const scene = reveal();
    const setOff = frameAtLegFraction(scene.timeline, 0, 0);
    expect(scene.globeOpening!.end).toBeGreaterThanOrEqual(setOff);
    expect(scene.globeOpening!.end - setOff).toBeLessThanOrEqual(scene.props.fps * 0.5);
  });

  it('looks at start_focus_waypoint when the request names one for this preset', () => {
    const scene = reveal({ camera: { preset: 'global_corridor_reveal', start_focus_waypoint: 1 } });
    const newYork = scene.geometry.waypoints[1];
    expect(scene.globeOpening!.target).toEqual(newYork);
    expect(latitudeOf(scene.track[0].y)).toBeCloseTo(latitudeOf(newYork.y), 6);
    expect(Math.abs(scene.track[0].x - newYork.x) * 360).toBeLessThan(31);
  });

  it('fits a video of a few frames (the renderer warms up on one)', () => {
    const props = atlanticProps();
    for (const durationInFrames of [1, 3]) {
      const scene = buildScene({ ...props, durationInFrames });
      expect(scene.track).toHaveLength(durationInFrames);
      expect(scene.globeOpening!.end).toBeLessThan(durationInFrames);
    }
  });

  it('leaves auto alone on a request that sets its own opening or a still camera', () => {
    expect(reveal({ camera: { preset: 'auto', start_zoom: 4 } }).props.camera.preset).toBe('auto');
    expect(reveal({ camera: { preset: 'auto', mode: 'static' } }).props.camera.preset).toBe('auto');
    expect(reveal({ camera: { preset: 'auto', focus_hold_seconds: 1 } }).props.camera.preset).toBe('auto');
  });
});
