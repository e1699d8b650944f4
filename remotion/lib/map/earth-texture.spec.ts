import {
  buildGlobeLookup,
  halfTexture,
  mercatorTexture,
  reliefOverlay,
  reliefShade,
  sampleGlobe,
  shadeImagery,
  type Texture,
} from './earth-texture';

/** A texture whose every pixel encodes its own column and row (so a sample says where it came from). */
function coordinateTexture(width: number, height: number): Texture {
  const pixels = new Uint32Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = ((255 << 24) | (y << 12) | x) >>> 0;
  return { width, height, pixels };
}
const columnOf = (word: number) => word & 0xfff;
const rowOf = (word: number) => (word >>> 12) & 0xfff;

/** An elevation map with one cone-shaped mountain in the middle. */
function mountain(width: number, height: number): Uint8Array {
  const elevation = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width / 2, y - height / 2);
      elevation[y * width + x] = Math.max(0, Math.round(200 - d * 12));
    }
  }
  return elevation;
}

describe('relief shading', () => {
  // The elevation map's own size (a pixel every ~20 km): the cone rises ~7 km over ~330 km, as the Himalaya do.
  const width = 2048;
  const height = 1024;
  const shade = reliefShade(mountain(width, height), width, height, 1);
  const at = (x: number, y: number) => shade[y * width + x];

  it('lights the slope facing the north-west sun and shades the one facing away', () => {
    // North-west of the peak the ground rises towards the south-east: it faces the light.
    expect(at(width / 2 - 6, height / 2 - 6)).toBeGreaterThan(0.1);
    expect(at(width / 2 + 6, height / 2 + 6)).toBeLessThan(-0.1);
  });

  it('leaves flat ground and the sea unshaded', () => {
    expect(at(5, 5)).toBe(0);
    expect(at(width - 5, height - 5)).toBe(0);
  });

  it('grows with the exaggeration, and is nothing at 0', () => {
    const strong = reliefShade(mountain(width, height), width, height, 3);
    expect(strong[(height / 2 + 6) * width + width / 2 + 6]).toBeLessThan(at(width / 2 + 6, height / 2 + 6));
    expect(reliefShade(mountain(width, height), width, height, 0).every((v) => v === 0)).toBe(true);
  });

  it('darkens imagery on shaded slopes and keeps it on flat ground', () => {
    const grey = { width, height, pixels: new Uint32Array(width * height).fill(0xff808080) };
    const shaded = shadeImagery(grey, shade, width, height);
    const red = (x: number, y: number) => shaded.pixels[y * width + x] & 255;
    expect(red(5, 5)).toBe(0x80);
    expect(red(width / 2 + 6, height / 2 + 6)).toBeLessThan(0x80);
    expect(red(width / 2 - 6, height / 2 - 6)).toBeGreaterThan(0x80);
  });

  it('as an overlay: transparent on flat ground, dark where shaded, light where lit', () => {
    const overlay = reliefOverlay(shade, width, height, { shadow: 1, light: 1 });
    expect(overlay.pixels[5 * width + 5] >>> 24).toBe(0);
    const shadow = overlay.pixels[(height / 2 + 6) * width + width / 2 + 6];
    expect(shadow & 0xffffff).toBe(0);
    expect(shadow >>> 24).toBeGreaterThan(20);
    expect(overlay.pixels[(height / 2 - 6) * width + width / 2 - 6] & 0xffffff).toBe(0xffffff);
  });
});

describe('the flat map and the globe sample the texture where the point lies', () => {
  const texture = coordinateTexture(360, 180); // one pixel per degree

  it('re-cuts rows for Web Mercator: the equator in the middle, 60° N a quarter of the way down', () => {
    const mercator = mercatorTexture(texture, 360);
    expect(mercator.height).toBe(360);
    expect(rowOf(mercator.pixels[180 * 360])).toBe(90); // the equator
    // 60° N lies at Mercator y = −0.2087 world units: row 360 × (0.5 − 0.2087) = 104.9.
    expect(rowOf(mercator.pixels[105 * 360])).toBeGreaterThanOrEqual(29);
    expect(rowOf(mercator.pixels[105 * 360])).toBeLessThanOrEqual(30);
    expect(columnOf(mercator.pixels[105 * 360 + 17])).toBe(17);
  });

  it('shows at the globe centre the texel of the centre longitude and latitude', () => {
    const radius = 100;
    const out = new Uint32Array(1);
    const centreOf = (lng0: number, lat0: number) => {
      sampleGlobe(
        texture,
        { originX: 0.5, originY: 0.5, radius, lng0, phi0: (lat0 * Math.PI) / 180, left: 0, top: 0, width: 1, height: 1, step: 1 },
        out,
      );
      return { column: columnOf(out[0]), row: rowOf(out[0]) };
    };
    expect(centreOf(0.5, 0.5)).toEqual({ column: 180, row: 89 });
    expect(centreOf(139.7, 35.7)).toEqual({ column: 319, row: 54 });
    expect(centreOf(-179.5, -40.5)).toEqual({ column: 0, row: 130 });
  });

  it('shows east of the centre on the right and north at the top, and repeats the rim beyond it', () => {
    const radius = 50;
    const size = 120;
    const out = new Uint32Array(size * size);
    sampleGlobe(texture, { originX: 60, originY: 60, radius, lng0: 0, phi0: 0, left: 0, top: 0, width: size, height: size, step: 1 }, out);
    const at = (x: number, y: number) => out[y * size + x];
    expect(columnOf(at(60 + 25, 60))).toBe(180 + 30); // sin(30°) = 0.5 of the radius east
    expect(rowOf(at(60, 60 - 25))).toBe(90 - 30);
    // Beyond the rim: the rim's own point (90° east of the centre).
    expect(columnOf(at(112, 60))).toBe(columnOf(at(111, 60)));
    expect(columnOf(at(112, 60))).toBeGreaterThanOrEqual(268);
  });

  it('halves a texture by averaging', () => {
    const flat = { width: 4, height: 2, pixels: new Uint32Array([0xff000000, 0xff000002, 0, 0, 0xff000004, 0xff000006, 0, 0]) };
    const half = halfTexture(flat);
    expect(half.width).toBe(2);
    expect(half.pixels[0] & 255).toBe(3);
  });
});

describe('the globe lookup interpolated every other sample', () => {
  it('picks the texel the exact projection picks, or its neighbour, across whole and frame-filling globes', () => {
    const texture = { width: 4096, height: 2048 };
    const cases = [
      { radius: 500, phi0: 0.3, width: 1100, height: 1100, originX: 550, originY: 550 },
      { radius: 1400, phi0: -0.9, width: 1920, height: 1080, originX: 960, originY: 540 },
      { radius: 700, phi0: 1.35, width: 1080, height: 1920, originX: 540, originY: 900 },
    ];
    for (const c of cases) {
      const sampling = { ...c, lng0: 0, left: 0, top: 0, step: 1 };
      const exact = buildGlobeLookup(texture, sampling, undefined, false);
      const fast = buildGlobeLookup(texture, sampling);
      let worstRow = 0;
      let worstColumn = 0;
      let sampledDifferently = 0;
      for (let i = 0; i < exact.rows.length; i++) {
        if ((fast.rows[i] === -1) !== (exact.rows[i] === -1)) sampledDifferently++;
        if (exact.rows[i] === -1) continue;
        worstRow = Math.max(worstRow, Math.abs(fast.rows[i] - exact.rows[i]) / texture.width);
        worstColumn = Math.max(worstColumn, Math.abs(fast.columns[i] - exact.columns[i]) / 256);
      }
      expect(sampledDifferently).toBe(0);
      expect(worstRow).toBeLessThanOrEqual(1);
      expect(worstColumn).toBeLessThanOrEqual(1);
    }
  });
});
