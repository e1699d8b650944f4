/**
 * RGBA → I420 (planar Y, then U, then V at half width and height), limited range (luma 16–235, chroma 16–240) with the
 * BT.709 matrix: what x264 writes as yuv420p for HD video, and what players expect of a BT.709-tagged H.264 stream.
 * Chroma is the average of each 2×2 block. Fixed point at 2^16, each row of the matrix rounded so that it still sums
 * to exactly 0 (chroma) or 219/255 (luma): greys stay grey. Width and height must be even (render-request.ts).
 */
import { YUV_WASM_BASE64 } from './yuv-wasm';

const Y_R = 11966;
const Y_G = 40254;
const Y_B = 4064;
const U_R = -6598;
const U_G = -22187;
const U_B = 28785;
const V_R = 28785;
const V_G = -26148;
const V_B = -2637;
/** 16 and a half, at 2^16: the luma offset and the rounding. */
const Y_OFFSET = (16 << 16) + (1 << 15);
/** 128 and a half, at 2^16, times the four pixels whose sums the chroma rows multiply. */
const C_OFFSET = ((128 << 16) + (1 << 15)) * 4;

export function rgbaToI420Bt709(rgba: Uint8Array, width: number, height: number, out: Uint8Array): void {
  const lumaSize = width * height;
  const uStart = lumaSize;
  const vStart = lumaSize + lumaSize / 4;
  for (let i = 0, p = 0; i < lumaSize; i++, p += 4) out[i] = (Y_R * rgba[p] + Y_G * rgba[p + 1] + Y_B * rgba[p + 2] + Y_OFFSET) >> 16;
  const halfWidth = width >> 1;
  for (let y = 0; y < height; y += 2) {
    const row = y * width * 4;
    const nextRow = row + width * 4;
    for (let x = 0; x < width; x += 2) {
      const a = row + x * 4;
      const b = nextRow + x * 4;
      const r = rgba[a] + rgba[a + 4] + rgba[b] + rgba[b + 4];
      const g = rgba[a + 1] + rgba[a + 5] + rgba[b + 1] + rgba[b + 5];
      const bl = rgba[a + 2] + rgba[a + 6] + rgba[b + 2] + rgba[b + 6];
      const c = (y >> 1) * halfWidth + (x >> 1);
      out[uStart + c] = (U_R * r + U_G * g + U_B * bl + C_OFFSET) >> 18;
      out[vStart + c] = (V_R * r + V_G * g + V_B * bl + C_OFFSET) >> 18;
    }
  }
}

/**
 * A frame size's buffers and the WebAssembly conversion (yuv.wat: the same bytes as `rgbaToI420Bt709`, about 4× faster):
 * copy a frame's RGBA into `rgba`, call `convert()`, read the I420 frame from `i420`. Both are views of the module's
 * memory, so nothing is copied in between.
 */
export interface I420Converter {
  readonly rgba: Uint8Array;
  readonly i420: Uint8Array;
  convert(): void;
}

let compiled: Promise<WebAssembly.Module> | undefined;

/** One converter for frames of `width` × `height` (even), with memory of its own. */
export async function i420Converter(width: number, height: number): Promise<I420Converter> {
  compiled ??= WebAssembly.compile(Uint8Array.from(atob(YUV_WASM_BASE64), (c) => c.charCodeAt(0)));
  const instance = await WebAssembly.instantiate(await compiled);
  const { memory, rgbaToI420 } = instance.exports as { memory: WebAssembly.Memory; rgbaToI420: (...args: number[]) => void };
  const rgbaBytes = width * height * 4;
  const i420Bytes = (width * height * 3) / 2;
  const pages = Math.ceil((rgbaBytes + i420Bytes) / 65536) - memory.buffer.byteLength / 65536;
  if (pages > 0) memory.grow(pages);
  // Views taken after growing: growing detaches the memory's earlier buffer.
  return {
    rgba: new Uint8Array(memory.buffer, 0, rgbaBytes),
    i420: new Uint8Array(memory.buffer, rgbaBytes, i420Bytes),
    convert: () => rgbaToI420(0, rgbaBytes, width, height),
  };
}
