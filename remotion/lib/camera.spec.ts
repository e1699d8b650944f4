import type { CameraPreset, MapAnimationProps } from '../../src/modules/rendering/contract';
import { focusPoint } from './camera';
import { planRasters, visibleWorldBox } from './raster-plan';
import { pointAlong, progressAt } from './route-geometry';
import { atlanticProps } from '../fixtures/sample-routes';
import { buildScene } from '../modes';
import type { Scene } from './scene';

function onScreen(scene: Scene, frame: number, wx: number, wy: number) {
  const c = scene.track[frame];
  const f = focusPoint(scene.viewport);
  const s = 2 ** c.z;
  return { x: f.x + (wx - c.x) * s, y: f.y + (wy - c.y) * s };
}

function withCamera(camera: Partial<MapAnimationProps['camera']>, extra: Partial<MapAnimationProps> = {}): Scene {
  const props = atlanticProps();
  return buildScene({ ...props, ...extra, camera: { ...props.camera, ...camera } });
}

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
    expect(withCamera({ preset: 'auto', tilt: null }).track.every((c) => c.tilt === 0)).toBe(true);
    const cinematic = withCamera({ preset: 'cinematic', tilt: null });
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
      const props = atlanticProps({ fps, title: { text: 'T' } });
      const scene = buildScene({ ...props, camera: { ...props.camera, preset } });
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

describe('raster plan', () => {
  it('covers every frame with one raster under the pixel budget, at most √2 above the camera zoom', () => {
    for (const aspect of ['16:9', '9:16'] as const) {
      for (const preset of ['auto', 'cinematic'] as const) {
        const props = atlanticProps({ aspect_ratio: aspect });
        const scene = buildScene({ ...props, camera: { ...props.camera, preset } });
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
