import { focusPoint } from '../../lib/camera/camera';
import { countryDataProps, LIFE_EXPECTANCY_DATA } from '../../fixtures/region-modes';
import { buildScene } from '..';

describe('country_data’s camera on a whole-world flat map', () => {
  it('in 9:16 holds the world filling the frame and pans from its west end to its east end, so every country shows', () => {
    const scene = buildScene(countryDataProps(LIFE_EXPECTANCY_DATA, { aspect_ratio: '9:16', resolution: '1080p', projection: 'flat' }));
    const focus = focusPoint(scene.viewport);
    const { width, height } = scene.viewport;
    for (const c of scene.track) {
      const scale = 2 ** c.z;
      expect(focus.y + (-0.5 - c.y) * scale).toBeLessThanOrEqual(1e-6);
      expect(focus.y + (0.5 - c.y) * scale).toBeGreaterThanOrEqual(height - 1e-6);
    }
    const first = scene.track[0];
    const last = scene.track[scene.track.length - 1];
    // The frame's left edge on the world's west end at the start, its right edge on the east end at the last frame.
    expect(first.x - focus.x / 2 ** first.z).toBeCloseTo(-0.5, 6);
    expect(last.x + (width - focus.x) / 2 ** last.z).toBeCloseTo(0.5, 6);
  });

  it('stays still where the world fits across the frame (16:9)', () => {
    const scene = buildScene(countryDataProps(LIFE_EXPECTANCY_DATA, { projection: 'flat' }));
    expect(new Set(scene.track.map((c) => c.x)).size).toBe(1);
  });
});
