import { i420Converter, rgbaToI420Bt709 } from './yuv';

/** A 2×2 image of one colour, converted: its one Y value (all four are equal), U and V. */
function convert(r: number, g: number, b: number): [number, number, number] {
  const rgba = new Uint8Array(16);
  for (let p = 0; p < 16; p += 4) rgba.set([r, g, b, 255], p);
  const out = new Uint8Array(6);
  rgbaToI420Bt709(rgba, 2, 2, out);
  expect([out[1], out[2], out[3]]).toEqual([out[0], out[0], out[0]]);
  return [out[0], out[4], out[5]];
}

describe('rgbaToI420Bt709', () => {
  it('maps black and white to the ends of the limited range, and every grey to neutral chroma', () => {
    expect(convert(0, 0, 0)).toEqual([16, 128, 128]);
    expect(convert(255, 255, 255)).toEqual([235, 128, 128]);
    for (let v = 0; v <= 255; v++) expect(convert(v, v, v).slice(1)).toEqual([128, 128]);
  });

  it('uses the BT.709 matrix (not BT.601): the primaries land where the standard puts them', () => {
    // BT.709 limited range: red (63, 102, 240), green (173, 42, 26), blue (32, 240, 118); BT.601 would give red Y 81.
    expect(convert(255, 0, 0)).toEqual([63, 102, 240]);
    expect(convert(0, 255, 0)).toEqual([173, 42, 26]);
    expect(convert(0, 0, 255)).toEqual([32, 240, 118]);
  });

  it('averages each 2×2 block for chroma and keeps every pixel for luma', () => {
    const rgba = new Uint8Array([255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255, 255]);
    const out = new Uint8Array(6);
    rgbaToI420Bt709(rgba, 2, 2, out);
    expect(Array.from(out)).toEqual([235, 16, 16, 235, 128, 128]);
  });
});

describe('i420Converter (WebAssembly, yuv.wat)', () => {
  /** Random bytes from a fixed seed, so that a failure repeats. */
  function noise(length: number, seed: number): Uint8Array {
    const bytes = new Uint8Array(length);
    let state = seed;
    for (let i = 0; i < length; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      bytes[i] = state >>> 24;
    }
    return bytes;
  }

  // 1080p and its portrait, sizes whose pixel count or half width is not a multiple of its steps (16 pixels, 4 blocks),
  // and the smallest frame.
  it.each([
    [1920, 1080],
    [1080, 1920],
    [1278, 720],
    [22, 6],
    [6, 4],
    [2, 2],
  ])('converts a %i×%i frame to the same bytes as the JavaScript', async (width, height) => {
    const converter = await i420Converter(width, height);
    const rgba = noise(width * height * 4, width * 31 + height);
    converter.rgba.set(rgba);
    converter.convert();
    const expected = new Uint8Array((width * height * 3) / 2);
    rgbaToI420Bt709(rgba, width, height, expected);
    // Compared as one Buffer: a mismatch reports its first differing byte, not millions of lines.
    const firstDifference = converter.i420.findIndex((byte, i) => byte !== expected[i]);
    expect(firstDifference).toBe(-1);
    expect(converter.i420).toHaveLength(expected.length);
  });

  it('gives the primaries, black, white and greys the values of the standard, as the JavaScript does', async () => {
    const converter = await i420Converter(2, 2);
    const one = (r: number, g: number, b: number) => {
      for (let p = 0; p < 16; p += 4) converter.rgba.set([r, g, b, 255], p);
      converter.convert();
      return [converter.i420[0], converter.i420[4], converter.i420[5]];
    };
    expect(one(0, 0, 0)).toEqual([16, 128, 128]);
    expect(one(255, 255, 255)).toEqual([235, 128, 128]);
    expect(one(255, 0, 0)).toEqual([63, 102, 240]);
    expect(one(0, 255, 0)).toEqual([173, 42, 26]);
    expect(one(0, 0, 255)).toEqual([32, 240, 118]);
  });
});
