import { BUNDLED_IMAGERY_SHARP_PX, MAX_TILES_PER_VIDEO, planTiles, tilesForRaster } from './imagery-tiles';
import type { RasterSpec } from './raster-plan';

/** A raster of `width` pixels over a square world box centred on (x, y) `size` world units wide. */
function raster(x: number, y: number, size: number, width: number): RasterSpec {
  return {
    key: `${x},${y},${size}`,
    zoom: Math.log2(width / size),
    detail: '10m',
    box: { minX: x - size / 2, maxX: x + size / 2, minY: y - size / 2, maxY: y + size / 2 },
    width,
    height: width,
    firstFrame: 0,
    lastFrame: 10,
  };
}

describe('which imagery tiles a video needs', () => {
  it('needs none where the bundled imagery is sharp enough (a continent or more in the frame)', () => {
    expect(tilesForRaster(raster(0, 0, 0.5, BUNDLED_IMAGERY_SHARP_PX / 2), 0, 14)).toEqual([]);
  });

  it('picks the level whose 256-pixel tiles match the raster, covering its box, numbered from 180° W and the north', () => {
    // 1/64 of the world over 2048 pixels: 131,072 pixels around the world, level 9 (512 tiles of 256).
    const tiles = tilesForRaster(raster(0, 0, 1 / 64, 2048), 0, 14);
    expect(new Set(tiles.map((t) => t.z))).toEqual(new Set([9]));
    // Centred on the equator and the central meridian (0°): tile columns and rows around 256.
    const xs = tiles.map((t) => t.x);
    const ys = tiles.map((t) => t.y);
    expect(Math.min(...xs)).toBe(252);
    expect(Math.max(...xs)).toBe(260);
    expect(Math.min(...ys)).toBe(252);
    expect(Math.max(...ys)).toBe(260);
  });

  it('counts columns from 180° W whatever the job’s central meridian, wrapping across the antimeridian', () => {
    // Central meridian 180°: world x = 0 is the antimeridian, where column 0 begins.
    const tiles = tilesForRaster(raster(0, 0, 1 / 64, 2048), 180, 14);
    const xs = new Set(tiles.map((t) => t.x));
    expect(xs.has(0)).toBe(true);
    expect(xs.has(511)).toBe(true);
    expect([...xs].every((x) => x >= 0 && x < 512)).toBe(true);
  });

  it('never asks past the source’s deepest level, and lowers the level to stay under the per-video budget', () => {
    expect(new Set(tilesForRaster(raster(0, 0, 1 / 4096, 2048), 0, 12).map((t) => t.z))).toEqual(new Set([12]));
    const many = Array.from({ length: 40 }, (_, i) => raster(-0.4 + i * 0.02, 0, 1 / 64, 2048));
    const plan = planTiles(many, 0, 14);
    expect(plan.tiles.length).toBeLessThanOrEqual(MAX_TILES_PER_VIDEO);
    expect(plan.levelCap).toBeLessThan(9);
    expect(plan.tiles.every((t) => t.z <= plan.levelCap)).toBe(true);
  });
});
