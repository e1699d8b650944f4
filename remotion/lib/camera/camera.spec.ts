import type { CameraPreset, CompositionWaypoint, MapAnimationProps, SharedNormalizedRequest } from '../../../src/modules/contract';
import { type CameraState, fillingZoom, focusPoint, keepWorldInFrame, requestZoom } from './camera';
import { farPlaneY, firstClearRow, perspectiveDistance, planeToScreen } from './perspective';
import { safeInsets } from '../layout/safe-area';
import { planRasters, visibleWorldBox } from '../map/raster-plan';
import { pointAlong, progressAt } from '../geo/route-geometry';
import { atlanticProps, type RequestOverrides } from '../../fixtures/sample-routes';
import { buildScene } from '../../modes';
import type { Scene } from '../scene/scene';

function onScreen(scene: Scene, frame: number, wx: number, wy: number) {
  const c = scene.track[frame];
  const f = focusPoint(scene.viewport);
  const s = 2 ** c.z;
  return { x: f.x + (wx - c.x) * s, y: f.y + (wy - c.y) * s };
}

/**
 * The atlantic sample with the camera fields of a request (the props resolve what it leaves unset, as
 * the server does), on the flat map: auto on this long route would open on the globe (globe.spec.ts).
 */
function withCamera(camera: Partial<SharedNormalizedRequest['camera']>, extra: RequestOverrides = {}): Scene {
  return buildScene(atlanticProps({ projection: 'flat', ...extra, camera: { preset: 'auto', ...camera } }));
}

const presets = (): CameraPreset[] => ['auto', 'follow', 'overview', 'cinematic'];

describe('camera track', () => {
  const presets: CameraPreset[] = ['auto', 'follow', 'overview', 'cinematic'];

  it('frames the whole route at the start and at the end', () => {
    for (const preset of presets) {
      const scene = withCamera({ preset, tilt: 0 });
      const { width, height } = scene.viewport;
      for (const frame of [0, scene.track.length - 1]) {
        for (const wp of scene.geometry.waypoints) {
          const p = onScreen(scene, frame, wp.x, wp.y);
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(width);
          expect(p.y).toBeGreaterThan(0);
          expect(p.y).toBeLessThan(height);
        }
      }
    }
  });

  it('keeps the vehicle in the frame while it travels, for every preset', () => {
    for (const preset of presets) {
      const scene = withCamera({ preset, tilt: 0 });
      for (const leg of scene.timeline.legs) {
        for (let frame = leg.start; frame < leg.end; frame++) {
          const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
          const at = pointAlong(scene.geometry.legs[progress.leg], progress.distance);
          const p = onScreen(scene, frame, at.x, at.y);
          expect(p.x).toBeGreaterThan(0);
          expect(p.x).toBeLessThan(scene.viewport.width);
          expect(p.y).toBeGreaterThan(0);
          expect(p.y).toBeLessThan(scene.viewport.height);
        }
      }
    }
  });

  it('makes the presets visibly different: follow is closest, overview stays on the whole route', () => {
    const mid = (scene: Scene) => {
      const leg = scene.timeline.legs[0];
      return scene.track[Math.round((leg.start + leg.end) / 2)].z;
    };
    const auto = withCamera({ preset: 'auto' });
    const follow = withCamera({ preset: 'follow' });
    const overview = withCamera({ preset: 'overview' });
    expect(mid(follow) - mid(auto)).toBeGreaterThan(0.7);
    expect(mid(auto)).toBeGreaterThan(mid(overview));
    const zs = overview.track.map((c) => c.z);
    expect(Math.max(...zs) - Math.min(...zs)).toBeLessThan(0.2);
  });

  it('tilts when asked, and cinematic tilts by default while travelling but opens flat', () => {
    expect(withCamera({ preset: 'auto', tilt: 30 }).track.every((c) => Math.abs(c.tilt - 30) < 1e-6)).toBe(true);
    expect(withCamera({ preset: 'auto' }).track.every((c) => c.tilt === 0)).toBe(true);
    const cinematic = withCamera({ preset: 'cinematic' });
    const leg = cinematic.timeline.legs[1];
    expect(cinematic.track[0].tilt).toBeLessThan(1);
    expect(cinematic.track[Math.round((leg.start + leg.end) / 2)].tilt).toBeGreaterThan(30);
  });

  it('opens at start_zoom on the first waypoint', () => {
    const near = withCamera({ preset: 'auto', start_zoom: 8 });
    const far = withCamera({ preset: 'auto', start_zoom: 3 });
    expect(near.track[0].z - far.track[0].z).toBeCloseTo(5, 1);
    const first = near.geometry.waypoints[0];
    const p = onScreen(near, 0, first.x, first.y);
    const f = focusPoint(near.viewport);
    expect(Math.hypot(p.x - f.x, p.y - f.y)).toBeLessThan(2);
  });

  it('moves without jerks: no sudden change of speed, whatever the frame rate', () => {
    // A step in camera speed shows up as an acceleration that grows with the frame rate;
    // a smooth move has the same peak acceleration at 24 and at 60 fps.
    const peakAcceleration = (preset: CameraPreset, fps: 24 | 30 | 60) => {
      const scene = buildScene(atlanticProps({ fps, title: { text: 'T' }, camera: { preset } }));
      const t = scene.track;
      let zoom = 0;
      let pan = 0;
      for (let f = 1; f < t.length - 1; f++) {
        zoom = Math.max(zoom, Math.abs(t[f + 1].z - 2 * t[f].z + t[f - 1].z) * fps * fps);
        const widthsPerUnit = 2 ** t[f].z / scene.viewport.width;
        pan = Math.max(
          pan,
          Math.hypot(t[f + 1].x - 2 * t[f].x + t[f - 1].x, t[f + 1].y - 2 * t[f].y + t[f - 1].y) * widthsPerUnit * fps * fps,
        );
      }
      return { zoom, pan };
    };
    for (const preset of presets) {
      const slow = peakAcceleration(preset, 24);
      const fast = peakAcceleration(preset, 60);
      expect(fast.zoom).toBeLessThan(slow.zoom * 1.15 + 0.5);
      expect(fast.pan).toBeLessThan(slow.pan * 1.15 + 0.5);
      // octaves/s² and screen widths/s²: brisk but never a snap.
      expect(fast.zoom).toBeLessThan(60);
      expect(fast.pan).toBeLessThan(40);
    }
  });

  it('is a pure function of the props', () => {
    expect(withCamera({ preset: 'cinematic' }).track).toEqual(withCamera({ preset: 'cinematic' }).track);
  });
});

/** The atlantic sample with some waypoints changed (index → fields). */
function withWaypoints(changes: Record<number, Partial<CompositionWaypoint>>, request: Parameters<typeof atlanticProps>[0] = {}): Scene {
  const props = atlanticProps({ projection: 'flat', ...request });
  return buildScene({ ...props, waypoints: props.waypoints.map((w, i) => ({ ...w, ...changes[i] })) });
}

/** Largest frame-to-frame speed and change of speed, in octaves and screen widths per second (and per second²). */
function motion(scene: Scene, from = 0, to = scene.track.length) {
  const t = scene.track;
  const fps = scene.props.fps;
  const widths = (f: number) => 2 ** t[f].z / scene.viewport.width;
  let zoomSpeed = 0;
  let panSpeed = 0;
  let zoomAcceleration = 0;
  let panAcceleration = 0;
  for (let f = Math.max(1, from); f < Math.min(to, t.length - 1); f++) {
    zoomSpeed = Math.max(zoomSpeed, Math.abs(t[f].z - t[f - 1].z) * fps);
    panSpeed = Math.max(panSpeed, Math.hypot(t[f].x - t[f - 1].x, t[f].y - t[f - 1].y) * widths(f) * fps);
    zoomAcceleration = Math.max(zoomAcceleration, Math.abs(t[f + 1].z - 2 * t[f].z + t[f - 1].z) * fps * fps);
    panAcceleration = Math.max(
      panAcceleration,
      Math.hypot(t[f + 1].x - 2 * t[f].x + t[f - 1].x, t[f + 1].y - 2 * t[f].y + t[f - 1].y) * widths(f) * fps * fps,
    );
  }
  return { zoomSpeed, panSpeed, zoomAcceleration, panAcceleration };
}

const midLegZoom = (scene: Scene, leg: number) => {
  const span = scene.timeline.legs[leg];
  return scene.track[Math.round((span.start + span.end) / 2)].z;
};

describe('camera intensity', () => {
  it('balanced is the camera of a request that names no intensity', () => {
    for (const preset of ['auto', 'follow', 'cinematic'] as const) {
      const unnamed = atlanticProps({ projection: 'flat', camera: { preset } });
      expect(unnamed.camera.intensity).toBe('balanced');
      const { intensity: _balanced, ...withoutIntensity } = unnamed.camera;
      const stored = buildScene({ ...unnamed, camera: withoutIntensity as MapAnimationProps['camera'] });
      expect(withCamera({ preset, intensity: 'balanced' }).track).toEqual(stored.track);
    }
  });

  it('soft frames the legs wider and moves slower than balanced, bold closer and faster', () => {
    for (const preset of ['auto', 'follow', 'cinematic'] as const) {
      const [soft, balanced, bold] = (['soft', 'balanced', 'bold'] as const).map((intensity) => withCamera({ preset, intensity }));
      for (let leg = 0; leg < 4; leg++) {
        expect(midLegZoom(soft, leg)).toBeLessThan(midLegZoom(balanced, leg) - 0.1);
        expect(midLegZoom(bold, leg)).toBeGreaterThan(midLegZoom(balanced, leg) + 0.1);
      }
      const [s, m, b] = [soft, balanced, bold].map((scene) => motion(scene));
      expect(s.zoomSpeed).toBeLessThan(m.zoomSpeed);
      expect(b.zoomSpeed).toBeGreaterThan(m.zoomSpeed);
      expect(s.panSpeed).toBeLessThan(m.panSpeed);
      expect(b.panSpeed).toBeGreaterThan(m.panSpeed);
    }
  });

  it('soft takes longer over a handover than bold', () => {
    // Cinematic tilts during the first handover (onto the first leg): time how long it takes.
    const tiltTime = (intensity: 'soft' | 'bold') => {
      const scene = withCamera({ preset: 'cinematic', intensity }, { duration: 30, title: { text: 'T' } });
      const tilts = scene.track.map((c) => c.tilt);
      const top = Math.max(...tilts);
      return tilts.findIndex((t) => t > top * 0.95) - tilts.findIndex((t) => t > top * 0.05);
    };
    expect(tiltTime('soft')).toBeGreaterThan(tiltTime('bold') * 1.3);
  });
});

describe('waypoint zoom_override', () => {
  it('reaches the override zoom at the waypoint, centred on it, through its pause', () => {
    const scene = withWaypoints({ 1: { zoom_override: 8 } });
    const target = requestZoom(8, scene.viewport);
    const arrival = scene.timeline.legs[0].end;
    const departure = scene.timeline.legs[1].start;
    const newYork = scene.geometry.waypoints[1];
    const focus = focusPoint(scene.viewport);
    for (let frame = arrival; frame <= departure; frame++) {
      expect(Math.abs(scene.track[frame].z - target)).toBeLessThan(0.1);
      const p = onScreen(scene, frame, newYork.x, newYork.y);
      expect(Math.hypot(p.x - focus.x, p.y - focus.y)).toBeLessThan(6);
    }
    // Without it, New York is seen from much farther away.
    expect(withCamera({}).track[arrival].z).toBeLessThan(target - 2);
  });

  it('eases in before the arrival and back to the own track after leaving', () => {
    const plain = withCamera({});
    const scene = withWaypoints({ 2: { zoom_override: 6 } });
    const arrival = scene.timeline.legs[1].end;
    const departure = scene.timeline.legs[2].start;
    // Well before and well after: the camera of the same video without the override.
    expect(scene.track.slice(0, scene.timeline.legs[1].start)).toEqual(plain.track.slice(0, scene.timeline.legs[1].start));
    expect(scene.track.slice(scene.timeline.legs[3].start + 10)).toEqual(plain.track.slice(scene.timeline.legs[3].start + 10));
    // In between it moves gradually: a few frames before arriving it is partway there.
    const target = requestZoom(6, scene.viewport);
    const early = scene.track[arrival - Math.round(scene.props.fps * 0.25)].z;
    expect(Math.abs(early - target)).toBeGreaterThan(0.05);
    expect(Math.abs(scene.track[departure].z - target)).toBeLessThan(0.1);
  });

  it('keeps the vehicle in the frame on the way in and out', () => {
    const scene = withWaypoints({ 1: { zoom_override: 10 }, 3: { zoom_override: 9 } });
    for (let frame = 0; frame < scene.track.length; frame++) {
      const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
      const at = pointAlong(scene.geometry.legs[progress.leg], progress.distance);
      const p = onScreen(scene, frame, at.x, at.y);
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(scene.viewport.width);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(scene.viewport.height);
    }
  });
});

describe('waypoint hold', () => {
  const holds = { 0: { hold: 1 }, 1: { hold: 1.5 }, 3: { hold: 0.8, zoom_override: 7 }, 4: { hold: 1 } };

  it('stands the camera still on the waypoint for the hold, in every preset', () => {
    for (const preset of presets()) {
      const scene = withWaypoints(holds, { camera: { preset }, duration: 14 });
      const spans = scene.timeline.holds.filter((h) => h.end > h.start);
      expect(spans).toHaveLength(4);
      for (const span of spans) {
        expect(span.end - span.start).toBeGreaterThan(scene.props.fps * 0.6);
        for (let frame = span.start + 1; frame < span.end; frame++) expect(scene.track[frame]).toEqual(scene.track[span.start]);
      }
      // The vehicle waits there: it is on the waypoint the whole time.
      const [, newYork] = spans;
      const first = progressAt(scene.props, scene.geometry, scene.timeline, newYork.start);
      const last = progressAt(scene.props, scene.geometry, scene.timeline, newYork.end - 1);
      expect([first.km, first.moving]).toEqual([last.km, false]);
    }
  });

  it('moves before and after the hold (the hold is not the whole shot)', () => {
    const scene = withWaypoints(holds, { duration: 14 });
    const newYork = scene.timeline.holds[1];
    expect(scene.track[newYork.end + scene.props.fps]).not.toEqual(scene.track[newYork.end - 1]);
  });
});

describe('camera motion with intensity, overrides and holds', () => {
  const variants: Array<[string, Record<number, Partial<CompositionWaypoint>>, Parameters<typeof atlanticProps>[0]]> = [
    ['holds', { 0: { hold: 1 }, 1: { hold: 1.5 }, 4: { hold: 1 } }, { duration: 16 }],
    ['overrides', { 1: { zoom_override: 7 }, 3: { zoom_override: 4 } }, { duration: 16 }],
    ['overrides and holds, bold', { 1: { zoom_override: 7, hold: 1 }, 4: { zoom_override: 8, hold: 1 } }, { duration: 16 }],
  ];

  it.each(variants)('%s: no sudden change of speed, whatever the frame rate', (name, changes, request) => {
    for (const preset of ['auto', 'cinematic'] as const) {
      const intensity = name.endsWith('bold') ? 'bold' : 'soft';
      const at = (fps: 24 | 60) => motion(withWaypoints(changes, { ...request, fps, camera: { preset, intensity } }));
      const slow = at(24);
      const fast = at(60);
      expect(fast.zoomAcceleration).toBeLessThan(slow.zoomAcceleration * 1.25 + 0.5);
      expect(fast.panAcceleration).toBeLessThan(slow.panAcceleration * 1.25 + 0.5);
      expect(fast.zoomAcceleration).toBeLessThan(90);
      expect(fast.panAcceleration).toBeLessThan(60);
    }
  });

  it('never jumps, even with extreme overrides and holds squeezed into a short video', () => {
    // Moves may get fast here, but a jump is a step between two frames whatever the frame rate:
    // measured per second, it would look 2.5 times faster at 60 fps than at 24. (Brief peaks of a
    // smooth move are sampled a little higher at 60 fps, hence the margin.)
    const at = (fps: 24 | 60) =>
      motion(
        withWaypoints(
          {
            0: { hold: 2, zoom_override: 12 },
            1: { zoom_override: 20, hold: 3 },
            2: { zoom_override: 1 },
            4: { zoom_override: 15, hold: 5 },
          },
          { duration: 6, fps, camera: { preset: 'follow', intensity: 'bold' } },
        ),
      );
    const slow = at(24);
    const fast = at(60);
    expect(fast.zoomSpeed).toBeLessThan(slow.zoomSpeed * 1.5);
    expect(fast.panSpeed).toBeLessThan(slow.panSpeed * 1.5);
  });
});

describe('raster plan', () => {
  it('covers every frame with one raster under the pixel budget, at most √2 above the camera zoom', () => {
    for (const aspect of ['16:9', '9:16'] as const) {
      for (const preset of ['auto', 'cinematic'] as const) {
        const scene = buildScene(atlanticProps({ aspect_ratio: aspect, camera: { preset } }));
        const plan = planRasters(scene.track, scene.viewport);
        scene.track.forEach((camera, frame) => {
          const raster = plan.rasters[plan.rasterOfFrame[frame]];
          const seen = visibleWorldBox(camera, scene.viewport);
          expect(raster.box.minX).toBeLessThanOrEqual(seen.minX + 1e-12);
          expect(raster.box.maxX).toBeGreaterThanOrEqual(seen.maxX - 1e-12);
          expect(raster.width * raster.height).toBeLessThanOrEqual(9_000_000);
          expect(raster.zoom - camera.z).toBeLessThanOrEqual(0.6 + 1e-9);
        });
        // Rasters are reused across many frames, not redrawn per frame.
        expect(plan.rasters.length).toBeLessThan(scene.track.length / 8);
      }
    }
  });
});

describe('the flat map fills the frame (contract §22)', () => {
  const viewportOf = (width: number, height: number) => ({ width, height, insets: safeInsets(width, height) });
  /** Screen rows of the world's top and bottom edges under a camera without tilt. */
  const edges = (c: CameraState, v: ReturnType<typeof viewportOf>) => {
    const focus = focusPoint(v);
    return { top: focus.y + (-0.5 - c.y) * 2 ** c.z, bottom: focus.y + (0.5 - c.y) * 2 ** c.z };
  };

  it.each([
    [1920, 1080],
    [1080, 1920],
    [1080, 1080],
    [1080, 1350],
  ])('never shows the world’s edge in a %i×%i frame, zooming out onto the filling zoom smoothly', (width, height) => {
    const v = viewportOf(width, height);
    // From close to Lisbon out to the whole world, off to the north and back south.
    const track: CameraState[] = Array.from({ length: 120 }, (_, f) => ({
      x: 0.02 * Math.sin(f / 20),
      y: -0.1 - 0.3 * Math.sin(f / 38),
      z: 14 - f * 0.06,
      tilt: 0,
    }));
    const kept = keepWorldInFrame(track, v);
    for (const c of kept) {
      const e = edges(c, v);
      expect(e.top).toBeLessThanOrEqual(1e-6);
      expect(e.bottom).toBeGreaterThanOrEqual(height - 1e-6);
      expect(c.z).toBeGreaterThanOrEqual(fillingZoom(c, v) - 1e-9);
    }
    // Close in, the camera is its own.
    expect(kept[0]).toEqual(track[0]);
    // No jump: the change of zoom from frame to frame never grows by more than the track's own step.
    const steps = kept.slice(1).map((c, i) => Math.abs(c.z - kept[i].z));
    for (let i = 1; i < steps.length; i++) expect(Math.abs(steps[i] - steps[i - 1])).toBeLessThan(0.02);
  });

  it('keeps a tilted camera’s world edge beyond what it shows clearly: up to its horizon’s haze, not the sky above', () => {
    const v = viewportOf(1080, 1920);
    for (const tilt of [20, 45, 85]) {
      const [kept] = keepWorldInFrame([{ x: 0, y: -0.3, z: 10, tilt }], v);
      const focus = focusPoint(v);
      const t = { angle: (tilt * Math.PI) / 180, distance: perspectiveDistance(v.width, v.height) };
      const north = (-0.5 - kept.y) * 2 ** kept.z;
      // The world's top edge lies beyond the plane's far edge, or above the first row seen clearly.
      if (north >= farPlaneY(t)) expect(planeToScreen(0, north, t).y).toBeLessThanOrEqual(firstClearRow(t, -focus.y, v.height) + 1e-6);
    }
  });

  it('leaves the globe alone, and a frame half globe half as far', () => {
    const v = viewportOf(1080, 1920);
    const globe = { x: 0, y: 0, z: 9, tilt: 0, globe: 1 };
    expect(keepWorldInFrame([globe], v)).toEqual([globe]);
    const [half] = keepWorldInFrame([{ ...globe, globe: 0.5 }], v);
    const [flat] = keepWorldInFrame([{ ...globe, globe: 0 }], v);
    expect(half.z).toBeCloseTo((globe.z + flat.z) / 2, 9);
  });
});
