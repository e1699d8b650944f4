/**
 * `npm run bench:render-web`: the service's two engines side by side, in one run, on the bench job (bench/job.ts, props
 * from the service) and on the bench's bundle (bench/bench-bundle.ts: the production compositions and in-page renderer,
 * plus Blank): the screenshot path (`RemotionRenderer`: one Chromium screenshot a frame, x264) and the in-page path
 * (`InPageRenderer` on the production page: `@remotion/web-renderer` draws each frame onto a canvas and Chromium's
 * WebCodecs encoder makes the H.264 stream, ADR 0015). For each it prints Blank fps, MapAnimation fps and their ratio
 * to the screenshot path's Blank (Remotion's floor); then checks the in-page MP4 the way the service checks its own
 * and compares its frames with the screenshot path's pixel by pixel, writing both into bench/out/ to be looked at.
 * The bench job is a long route, so auto would open it on the globe: the two paths are compared on the flat map
 * (`projection: flat`), and the globe is timed in the page beside them (contract §20): the corridor reveal that auto
 * plays (its globe opening, then the flat map) and the same job on the globe all along; their draw time per frame
 * against the flat map's is what the globe costs. Asserts nothing.
 *
 *   npm run build && BENCH_RESOLUTION=1080p BENCH_SECONDS=4 npm run bench:render-web   (BENCH_PART=in-page: that path only)
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { MAP_ANIMATION_COMPOSITION_ID, type MapAnimationProps } from '../src/modules/contract';
import { ffprobePath, InPageRenderer, isFastStart, probeVideo, RemotionRenderer, type Renderer } from '../src/modules/rendering/renderer';
import { BLANK_COMPOSITION_ID, ensureBenchBundle } from './bench-bundle';
import { BENCH_JOB_BODY, serviceProps } from './job';
import { outDir, type Timed, timeRender } from './timed-render';

const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ffmpeg = path.join(path.dirname(ffprobePath()), 'ffmpeg');

/** Frame `n` of an MP4 as a PNG (also written to `png`, to be looked at). */
function frameOf(file: string, n: number, png: string): PNG {
  execFileSync(ffmpeg, ['-v', 'error', '-i', file, '-vf', `trim=start_frame=${n}:end_frame=${n + 1}`, '-vframes', '1', '-y', png], {
    env: { ...process.env, LD_LIBRARY_PATH: path.dirname(ffmpeg) },
  });
  return PNG.sync.read(fs.readFileSync(png));
}

interface Row {
  path: string;
  blankFps: number;
  mapFps: number;
  mapMb: number;
  detail: string;
}

/** Blank, then the map, each with a renderer of its own made by `make` (started and warmed up by `warmUp` first). */
async function blankAndMap(
  label: string,
  file: string,
  props: MapAnimationProps,
  make: (compositionId: string, tempDir: string) => Renderer,
  warmUp: (renderer: Renderer, name: string) => Promise<unknown>,
): Promise<[Timed, Timed]> {
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-web-bench-'));
  const blank = make(BLANK_COMPOSITION_ID, path.join(tempRoot, 'blank'));
  const map = make(MAP_ANIMATION_COMPOSITION_ID, path.join(tempRoot, 'map'));
  try {
    await blank.start();
    await map.start();
    await warmUp(blank, `${file}-warmup-blank`);
    await warmUp(map, `${file}-warmup-map`);
    return [
      await timeRender(blank, `${label} Blank`, props, `${file}-blank`),
      await timeRender(map, `${label} MapAnimation`, props, `${file}-map`),
    ];
  } finally {
    await blank.stop();
    await map.stop();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  }
}

async function screenshotPath(bundleDir: string, props: MapAnimationProps): Promise<Row> {
  const [blank, map] = await blankAndMap(
    'screenshots',
    'web-bench-screenshots',
    props,
    (compositionId, tempDir) => new RemotionRenderer({ bundleDir, browserExecutable, tempDir, compositionId }),
    // A still warms the browser (bundle, fonts), as a running worker's would be.
    (renderer) => (renderer as RemotionRenderer).renderStill({ props, frame: 0 }),
  );
  return {
    path: 'screenshots + x264',
    blankFps: blank.frames / blank.framesSeconds,
    mapFps: map.frames / map.framesSeconds,
    mapMb: fs.statSync(path.join(outDir, 'web-bench-screenshots-map.mp4')).size / 1e6,
    detail: '',
  };
}

/** The map alone in the page (after the Blank/map pair above): for the globe rows. */
async function inPageMapOnly(bundleDir: string, label: string, props: MapAnimationProps, floor: number, flatDrawMs: number): Promise<Row> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-web-bench-'));
  const renderer = new InPageRenderer({
    bundleDir,
    browserExecutable,
    tempDir,
    compositionId: MAP_ANIMATION_COMPOSITION_ID,
    log: (line) => console.error(`  ${line}`),
  });
  try {
    await renderer.start();
    const file = `web-bench-in-page-${label.replace(/\W+/g, '-')}`;
    await renderer.render({ props: { ...props, durationInFrames: 3 }, videoPath: path.join(outDir, `${file}-warmup.mp4`) });
    const map = await timeRender(renderer, `in the page, ${label}`, props, file);
    const drawMs = Number(map.details.in_page_draw_ms) / map.frames;
    console.log(`  in the page, ${label}: per frame: draw ${drawMs.toFixed(1)} ms`);
    return {
      path: `in the page, ${label}`,
      blankFps: floor,
      mapFps: map.frames / map.framesSeconds,
      mapMb: fs.statSync(path.join(outDir, `${file}.mp4`)).size / 1e6,
      detail: `draw ${drawMs.toFixed(1)} ms/frame (${(drawMs - flatDrawMs >= 0 ? '+' : '') + (drawMs - flatDrawMs).toFixed(1)} ms against the flat map)`,
    };
  } finally {
    await renderer.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

async function inPagePath(bundleDir: string, props: MapAnimationProps): Promise<Row> {
  const [blank, map] = await blankAndMap(
    'in the page',
    'web-bench-in-page',
    props,
    (compositionId, tempDir) => new InPageRenderer({ bundleDir, browserExecutable, tempDir, compositionId }),
    // A short render warms the page (bundle parsed, map geometry loaded), as a running worker's would be.
    (renderer, name) => renderer.render({ props: { ...props, durationInFrames: 3 }, videoPath: path.join(outDir, `${name}.mp4`) }),
  );
  const perFrame = (timed: Timed, note: string) => (Number(timed.details[note]) / timed.frames).toFixed(1);
  for (const timed of [blank, map])
    console.log(
      `  ${timed.label}: per frame: draw ${perFrame(timed, 'in_page_draw_ms')} ms, encode hand-off ${perFrame(timed, 'in_page_encode_ms')} ms`,
    );
  return {
    path: 'in the page (InPageRenderer)',
    blankFps: blank.frames / blank.framesSeconds,
    mapFps: map.frames / map.framesSeconds,
    mapMb: fs.statSync(path.join(outDir, 'web-bench-in-page-map.mp4')).size / 1e6,
    detail: `draw ${perFrame(map, 'in_page_draw_ms')} ms/frame`,
  };
}

/** The in-page MP4 checked as the service checks its own, and its frames against the screenshot path's. */
async function compareOutputs(props: MapAnimationProps): Promise<void> {
  const web = path.join(outDir, 'web-bench-in-page-map.mp4');
  const shot = path.join(outDir, 'web-bench-screenshots-map.mp4');
  const probed = await probeVideo(web);
  console.log(
    `\n  in-page MP4: ${probed.codec}/${probed.pixelFormat} ${probed.width}x${probed.height}, ${probed.frames} frames ` +
      `(expected ${props.durationInFrames}), ${probed.durationSeconds.toFixed(3)} s (expected ` +
      `${(props.durationInFrames / props.fps).toFixed(3)}), faststart=${isFastStart(web)}`,
  );
  const last = props.durationInFrames - 1;
  for (const n of [0, Math.round(last / 2), last]) {
    const a = frameOf(web, n, path.join(outDir, `web-bench-frame-${n}-in-page.png`));
    const b = frameOf(shot, n, path.join(outDir, `web-bench-frame-${n}-screenshots.png`));
    const share = pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.12 }) / (a.width * a.height);
    console.log(`  frame ${n}: ${(share * 100).toFixed(2)} % of pixels differ from the screenshot path's (golden stills allow 0.40 %)`);
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const resolution = process.env.BENCH_RESOLUTION ?? '1080p';
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  const bundleDir = await ensureBenchBundle();
  const job = { ...BENCH_JOB_BODY, resolution, duration: seconds };
  const [props, reveal, globe, satellite, satelliteReveal, satelliteGlobe] = await serviceProps(
    [
      { ...job, projection: 'flat' },
      { ...job, projection: 'auto' },
      { ...job, projection: 'globe', camera: { preset: 'global_corridor_reveal' } },
      // Imagery with relief (contract §21): on the flat map, through the reveal, and on the globe all along.
      { ...job, projection: 'flat', style: 'satellite', terrain: { enabled: true } },
      { ...job, projection: 'auto', style: 'satellite', terrain: { enabled: true } },
      { ...job, projection: 'globe', style: 'satellite', terrain: { enabled: true }, camera: { preset: 'global_corridor_reveal' } },
    ],
    Number(process.env.BENCH_PORT ?? 3998) + 3,
  );
  console.log(
    `${resolution}, ${seconds} s at ${props.fps} fps (${props.durationInFrames} frames); load average ${os.loadavg()[0].toFixed(2)}`,
  );
  const inPageOnly = process.env.BENCH_PART === 'in-page';
  const rows: Row[] = inPageOnly ? [] : [await screenshotPath(bundleDir, props)];
  rows.push(await inPagePath(bundleDir, props));
  const floor = rows[0].blankFps;
  const flatDrawMs = Number(/draw ([\d.]+)/.exec(rows[rows.length - 1].detail)?.[1]);
  // At 4 s the reveal's globe opening (the whole globe turning, then descending) is about 40 % of the frames.
  rows.push(await inPageMapOnly(bundleDir, `auto: ${reveal.camera.preset}`, reveal, floor, flatDrawMs));
  rows.push(await inPageMapOnly(bundleDir, 'the globe all along', globe, floor, flatDrawMs));
  rows.push(await inPageMapOnly(bundleDir, 'satellite + terrain, flat', satellite, floor, flatDrawMs));
  rows.push(await inPageMapOnly(bundleDir, `satellite + terrain, ${satelliteReveal.camera.preset}`, satelliteReveal, floor, flatDrawMs));
  rows.push(await inPageMapOnly(bundleDir, 'satellite + terrain, globe all along', satelliteGlobe, floor, flatDrawMs));
  if (inPageOnly) return;
  await compareOutputs(props);
  console.log(`\n  ${resolution}: fps (ratio to the screenshot path's Blank, ${floor.toFixed(2)} fps)`);
  for (const r of rows)
    console.log(
      `    ${r.path.padEnd(30)}  Blank ${`${r.blankFps.toFixed(2)} (${(r.blankFps / floor).toFixed(2)})`.padStart(12)}  ` +
        `MapAnimation ${`${r.mapFps.toFixed(2)} (${(r.mapFps / floor).toFixed(2)})`.padStart(12)}  ${r.mapMb.toFixed(2)} MB  ${r.detail}`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
