/**
 * `npm run bench:render-variants`: the renderer's options that could beat Remotion's per-frame screenshot floor,
 * each measured on the bench job (bench/job.ts, props from the service) next to the Blank composition rendered with
 * the same options, in one run: frame format and JPEG quality, x264 preset, tabs in parallel, Chromium's GL backend.
 * Prints fps and the ratio to the default renderer's Blank per variant; asserts nothing.
 *
 *   npm run build && BENCH_RESOLUTION=720p npm run bench:render-variants   (720p or 1080p; BENCH_VARIANTS=a,b picks)
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAP_ANIMATION_COMPOSITION_ID } from '../src/modules/contract';
import { RemotionRenderer, type RemotionRendererOptions } from '../src/modules/rendering/renderer';
import { BLANK_COMPOSITION_ID, ensureBenchBundle } from './bench-bundle';
import { BENCH_JOB_BODY, serviceProps } from './job';
import { outDir, timeRender } from './timed-render';

type Variant = Omit<RemotionRendererOptions, 'bundleDir' | 'tempDir' | 'compositionId'>;

const VARIANTS: Record<string, Variant> = {
  default: {},
  'jpeg q60': { jpegQuality: 60 },
  png: { frameFormat: 'png' },
  'x264 ultrafast': { x264Preset: 'ultrafast' },
  'concurrency 2': { concurrency: 2 },
  'gl swangle': { gl: 'swangle' },
  'gl swiftshader': { gl: 'swiftshader' },
  'gl angle': { gl: 'angle' },
};

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const resolution = process.env.BENCH_RESOLUTION ?? '720p';
  // Short runs: every variant renders both compositions, and the whole run must stay a few minutes.
  const seconds = Number(process.env.BENCH_SECONDS ?? (resolution === '720p' ? 5 : 4));
  const picked = process.env.BENCH_VARIANTS?.split(',') ?? Object.keys(VARIANTS);
  const bundleDir = await ensureBenchBundle();
  const [props] = await serviceProps([{ ...BENCH_JOB_BODY, resolution, duration: seconds }], Number(process.env.BENCH_PORT ?? 3998) + 2);
  const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  console.log(`${resolution}, ${seconds} s at ${props.fps} fps; load average ${os.loadavg()[0].toFixed(2)}`);
  const rows: Array<{ variant: string; blank: number; map: number; mb: number }> = [];
  for (const name of picked) {
    const variant = VARIANTS[name];
    if (!variant) throw new Error(`no variant "${name}"`);
    const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-variants-'));
    const make = (compositionId: string) =>
      new RemotionRenderer({ bundleDir, browserExecutable, ...variant, tempDir: path.join(tempRoot, compositionId), compositionId });
    const blank = make(BLANK_COMPOSITION_ID);
    const map = make(MAP_ANIMATION_COMPOSITION_ID);
    try {
      await blank.start();
      await map.start();
      const file = name.replace(/\W+/g, '-');
      // A still first warms each browser (bundle, fonts), as a running worker's would be.
      await blank.renderStill({ props, frame: 0 });
      await map.renderStill({ props, frame: 0 });
      const b = await timeRender(blank, `${name} Blank`, props, `variant-${file}-blank`);
      const m = await timeRender(map, `${name} MapAnimation`, props, `variant-${file}-map`);
      rows.push({
        variant: name,
        blank: b.frames / b.framesSeconds,
        map: m.frames / m.framesSeconds,
        mb: fs.statSync(path.join(outDir, `variant-${file}-map.mp4`)).size / 1e6,
      });
    } finally {
      await blank.stop();
      await map.stop();
      fs.rmSync(tempRoot, { recursive: true, force: true });
    }
  }
  const floor = rows.find((r) => r.variant === 'default')?.blank ?? rows[0].blank;
  console.log(`\n  ${resolution}: fps (ratio to the default renderer's Blank, ${floor.toFixed(2)} fps)`);
  console.log(`    ${'variant'.padEnd(16)}  ${'Blank'.padStart(13)}  ${'MapAnimation'.padStart(13)}  map/own Blank  map MB`);
  for (const r of rows)
    console.log(
      `    ${r.variant.padEnd(16)}  ${`${r.blank.toFixed(2)} (${(r.blank / floor).toFixed(2)})`.padStart(13)}  ` +
        `${`${r.map.toFixed(2)} (${(r.map / floor).toFixed(2)})`.padStart(13)}  ${(r.map / r.blank).toFixed(3).padStart(13)}  ${r.mb.toFixed(2)}`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
