import { rgbaToI420Bt709 } from './yuv';

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
