/**
 * `npm run bench:yuv`: the in-page renderer's RGBA → I420 conversion (remotion/in-page/yuv.ts), JavaScript against
 * WebAssembly (yuv.wat), side by side in one run on the same frames: milliseconds a frame at 720p, 1080p and 4k, and
 * the ratio. Node's V8 is Chromium's engine, so the figures are the page's, give or take. Asserts nothing (the bytes
 * are checked in yuv.spec.ts). In bench/remotion/ because it runs the page's own module, typed with the DOM.
 */
import { i420Converter, rgbaToI420Bt709 } from '../../remotion/in-page/yuv';

const SIZES: Array<[string, number, number]> = [
  ['720p', 1280, 720],
  ['1080p', 1920, 1080],
  ['4k', 3840, 2160],
];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);

function msPerFrame(convert: () => void): number {
  for (let i = 0; i < 5; i++) convert(); // warm: the JIT and the memory's pages
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) convert();
  return (performance.now() - started) / ROUNDS;
}

async function main(): Promise<void> {
  console.log(`RGBA → I420 BT.709, ms a frame (${ROUNDS} frames each; JavaScript and WebAssembly alternate sizes in one run):`);
  for (const [name, width, height] of SIZES) {
    const converter = await i420Converter(width, height);
    for (let i = 0; i < converter.rgba.length; i++) converter.rgba[i] = (i * 2654435761) >>> 24;
    const out = new Uint8Array((width * height * 3) / 2);
    const js = msPerFrame(() => rgbaToI420Bt709(converter.rgba, width, height, out));
    const wasm = msPerFrame(() => converter.convert());
    console.log(
      `  ${name.padEnd(6)} JavaScript ${js.toFixed(2).padStart(6)}  WebAssembly ${wasm.toFixed(2).padStart(6)}  (${(js / wasm).toFixed(1)}× faster)`,
    );
  }
}

void main();
