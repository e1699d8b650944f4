/**
 * `npm run bench:render-web`: `@remotion/web-renderer` (the composition drawn onto a canvas inside the page and
 * encoded there with WebCodecs) against the renderer the service uses (one Chromium screenshot a frame, x264), on the
 * bench job (bench/job.ts, props from the service), in one run. For each path it prints Blank fps, MapAnimation fps
 * and their ratio to the screenshot path's Blank (the floor the issue names); then checks the in-browser MP4 the way
 * the service checks its own (codec, pixel format, frame count, duration, faststart) and compares frames of the two
 * videos pixel by pixel, writing both side by side into bench/out/ to be looked at. Asserts nothing.
 *
 *   npm run build && BENCH_RESOLUTION=1080p BENCH_SECONDS=4 npm run bench:render-web
 */
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { BLANK_COMPOSITION_ID, MAP_ANIMATION_COMPOSITION_ID, type MapAnimationProps } from '../src/modules/rendering/contract';
import { ensureRemotionBundle, ffprobePath, isFastStart, probeVideo, RemotionRenderer } from '../src/modules/rendering/renderer';
import { BENCH_JOB_BODY, serviceProps } from './job';
import { outDir, timeRender } from './timed-render';
import type { EncoderProbeRequest, EncoderProbeResult, WebRenderRequest, WebRenderResult } from './web-renderer/protocol';
import type { BenchPage } from './web-renderer/protocol';

const pageDir = path.join(outDir, 'web-renderer');
const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Chromium's flags for the in-browser paths (BENCH_CHROMIUM_ARGS, space-separated; default none). */
const chromiumArgs = (process.env.BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean);
const ffmpeg = path.join(path.dirname(ffprobePath()), 'ffmpeg');

/**
 * Where frames handed off by the page go (POST /frames/<sink>/<n>, in order): an x264 encoder's stdin, or nowhere
 * ("discard"), to time the page's side alone.
 */
const frameSinks = new Map<string, NodeJS.WritableStream>();

/** Serves the built page and takes the MP4s it posts back (POST /result/<name>.mp4 → bench/out/<name>.mp4). */
function startPageServer(): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname.startsWith('/frames/')) {
      const sink = frameSinks.get(url.pathname.split('/')[2]);
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (!sink) return void response.end('ok');
        // Answered once the encoder took the frame: its back-pressure reaches the page.
        if (sink.write(Buffer.concat(chunks))) response.end('ok');
        else sink.once('drain', () => response.end('ok'));
      });
      return;
    }
    if (request.method === 'POST' && url.pathname.startsWith('/result/')) {
      const file = path.join(outDir, path.basename(url.pathname));
      request.pipe(fs.createWriteStream(file)).on('finish', () => response.end('ok'));
      return;
    }
    const file = path.join(pageDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
    if (!file.startsWith(pageDir) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.html') ? 'text/html' : file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream';
    response.writeHead(200, { 'content-type': type });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      // localhost, not 127.0.0.1: WebCodecs needs a secure context, and only "localhost" counts as one over HTTP.
      resolve({ url: `http://localhost:${port}`, close: () => server.close() });
    }),
  );
}

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

async function screenshotPath(props: MapAnimationProps): Promise<Row> {
  const bundleDir = await ensureRemotionBundle();
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-web-bench-'));
  const make = (compositionId: string) =>
    new RemotionRenderer({ bundleDir, browserExecutable, tempDir: path.join(tempRoot, compositionId), compositionId });
  const blank = make(BLANK_COMPOSITION_ID);
  const map = make(MAP_ANIMATION_COMPOSITION_ID);
  try {
    await blank.start();
    await map.start();
    await blank.renderStill({ props, frame: 0 });
    await map.renderStill({ props, frame: 0 });
    const b = await timeRender(blank, 'screenshots Blank', props, 'web-bench-screenshots-blank');
    const m = await timeRender(map, 'screenshots MapAnimation', props, 'web-bench-screenshots-map');
    return {
      path: 'screenshots + x264 (today)',
      blankFps: b.frames / b.framesSeconds,
      mapFps: m.frames / m.framesSeconds,
      mapMb: fs.statSync(path.join(outDir, 'web-bench-screenshots-map.mp4')).size / 1e6,
      detail: '',
    };
  } finally {
    await blank.stop();
    await map.stop();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  }
}

/** Headless Debian Chromium on the built page, with nothing allowed off the machine. */
async function openPage<T>(use: (page: Page, url: string) => Promise<T>): Promise<T> {
  const server = await startPageServer();
  const browser = await chromium.launch({
    executablePath: browserExecutable,
    args: chromiumArgs,
  });
  try {
    const page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().includes('ERR_FAILED')) console.log(`    [page] ${message.text().slice(0, 300)}`);
    });
    page.on('pageerror', (error) => {
      if (error.message !== 'Failed to fetch') console.log(`    [page error] ${error.message}`);
    });
    // Nothing leaves the machine: the renderer's usage report (to remotion.pro, refused here) included.
    await page.route('**/*', (route) => (new URL(route.request().url()).hostname === 'localhost' ? route.continue() : route.abort()));
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => typeof (globalThis as unknown as BenchPage).maprWebRender === 'function');
    return await use(page, server.url);
  } finally {
    await browser.close();
    server.close();
  }
}

/** x264 as the service's renderer runs it (veryfast, CRF 20), reading JPEG frames from its stdin. */
function x264FromJpegs(props: MapAnimationProps, output: string): { stdin: NodeJS.WritableStream; done: Promise<void> } {
  const encoder = spawn(
    ffmpeg,
    [
      '-v',
      'error',
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-framerate',
      String(props.fps),
      '-i',
      '-',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '20',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      output,
    ],
    { env: { ...process.env, LD_LIBRARY_PATH: path.dirname(ffmpeg) }, stdio: ['pipe', 'inherit', 'inherit'] },
  );
  return { stdin: encoder.stdin, done: new Promise((resolve) => encoder.on('exit', () => resolve())) };
}

const probeEncoder = (page: Page, request: EncoderProbeRequest): Promise<EncoderProbeResult> =>
  page.evaluate((r: EncoderProbeRequest) => (globalThis as unknown as BenchPage).maprEncoderProbe(r), request);

/** Chromium's H.264 encoder alone, under the settings WebCodecs offers, on the map's own frames. */
async function encoderProbe(props: MapAnimationProps, bitrate: number): Promise<void> {
  const probes: Array<Omit<EncoderProbeRequest, 'props' | 'bitrate'> & { label: string }> = [
    { label: 'draw only (no encoder)', codec: '', latencyMode: 'quality', encodeOnly: false },
    { label: 'high, quality', codec: 'avc1.640028', latencyMode: 'quality', encodeOnly: false },
    { label: 'high, quality, one frame', codec: 'avc1.640028', latencyMode: 'quality', encodeOnly: true },
    { label: 'high, realtime', codec: 'avc1.640028', latencyMode: 'realtime', encodeOnly: false },
    { label: 'baseline, quality', codec: 'avc1.42E028', latencyMode: 'quality', encodeOnly: false },
    { label: 'baseline, realtime', codec: 'avc1.42E028', latencyMode: 'realtime', encodeOnly: false },
  ];
  await openPage(async (page, url) => {
    console.log(`\n  Chromium's H.264 encoder on the map's frames (${props.width}x${props.height}, ${props.durationInFrames} frames):`);
    for (const { label, ...probe } of probes) {
      const r: EncoderProbeResult = await probeEncoder(page, {
        ...probe,
        props,
        bitrate,
      });
      console.log(
        `    ${label.padEnd(28)} ${r.fps.toFixed(2).padStart(6)} fps  draw ${r.drawMsPerFrame.toFixed(1)} ms/frame  ${(r.bytes / 1e6).toFixed(2)} MB`,
      );
    }
    for (const as of ['rgba', 'jpeg'] as const) {
      const r: EncoderProbeResult = await probeEncoder(page, {
        props,
        bitrate,
        codec: '',
        latencyMode: 'quality',
        encodeOnly: false,
        handOff: { as, url: `${url}/frames/discard` },
      });
      console.log(`    ${`hand-off ${as}, not encoded`.padEnd(28)} ${r.fps.toFixed(2).padStart(6)} fps  ${(r.bytes / 1e6).toFixed(2)} MB`);
    }
    const output = path.join(outDir, 'web-bench-handoff-x264.mp4');
    const x264 = x264FromJpegs(props, output);
    frameSinks.set('x264', x264.stdin);
    const started = performance.now();
    await probeEncoder(page, {
      props,
      bitrate,
      codec: '',
      latencyMode: 'quality',
      encodeOnly: false,
      handOff: { as: 'jpeg', url: `${url}/frames/x264` },
    });
    x264.stdin.end();
    await x264.done;
    const seconds = (performance.now() - started) / 1000;
    frameSinks.delete('x264');
    const probed = await probeVideo(output);
    console.log(
      `    ${'hand-off jpeg → x264'.padEnd(28)} ${(props.durationInFrames / seconds).toFixed(2).padStart(6)} fps  ` +
        `${(probed.sizeBytes / 1e6).toFixed(2)} MB, ${probed.frames} frames, ${probed.codec}/${probed.pixelFormat}`,
    );
  });
}

async function inBrowserPath(
  props: MapAnimationProps,
  hardwareAcceleration: WebRenderRequest['hardwareAcceleration'],
  videoBitrate: number,
  yuv: WebRenderRequest['yuv'],
): Promise<Row> {
  return openPage(async (page, url) => {
    const codecs = await page.evaluate(() => (globalThis as unknown as BenchPage).maprEncodableCodecs());
    console.log(`  in-browser (${hardwareAcceleration}): encodable video codecs in MP4: ${codecs.join(', ') || 'none'}`);
    const render = (composition: WebRenderRequest['composition'], name: string, frames = props.durationInFrames) =>
      page.evaluate((request: WebRenderRequest) => (globalThis as unknown as BenchPage).maprWebRender(request), {
        props: { ...props, durationInFrames: frames },
        composition,
        hardwareAcceleration,
        videoBitrate,
        resultUrl: `${url}/result/${name}-${yuv}.mp4`,
        yuv,
      } satisfies WebRenderRequest);
    // Warm-up, as a running worker's browser would be (bundle parsed, map geometry loaded): a short render.
    await render('MapAnimation', 'web-bench-warmup', 3);
    const blank: WebRenderResult = await render('Blank', 'web-bench-inbrowser-blank');
    const map: WebRenderResult = await render('MapAnimation', 'web-bench-inbrowser-map');
    const frames = props.durationInFrames;
    const perFrame = (ms: number) => (ms / frames).toFixed(1);
    for (const [label, r] of [
      ['Blank', blank],
      ['MapAnimation', map],
    ] as const)
      console.log(
        `  in-browser ${label}: ${(r.totalMs / 1000).toFixed(1)} s, ${(r.bytes / 1e6).toFixed(2)} MB; per frame: ` +
          `wait ${perFrame(r.waitForReadyMs)} ms, draw ${perFrame(r.createFrameMs)} ms, encode hand-off ${perFrame(r.addSampleMs)} ms`,
      );
    return {
      path: `in-browser, ${yuv === 'browser' ? 'YUV by Chromium' : 'YUV by the page'}`,
      blankFps: frames / (blank.framesMs / 1000),
      mapFps: frames / (map.framesMs / 1000),
      mapMb: map.bytes / 1e6,
      detail: `draw ${perFrame(map.createFrameMs)} ms/frame`,
    };
  });
}

/** The in-browser MP4 checked as the service checks its own, and its frames against the screenshot path's. */
async function compareOutputs(props: MapAnimationProps, yuv: WebRenderRequest['yuv']): Promise<void> {
  const web = path.join(outDir, `web-bench-inbrowser-map-${yuv}.mp4`);
  const shot = path.join(outDir, 'web-bench-screenshots-map.mp4');
  const probed = await probeVideo(web);
  console.log(
    `\n  in-browser MP4, YUV by ${yuv}: ${probed.codec}/${probed.pixelFormat} ${probed.width}x${probed.height}, ${probed.frames} frames ` +
      `(expected ${props.durationInFrames}), ${probed.durationSeconds.toFixed(3)} s (expected ` +
      `${(props.durationInFrames / props.fps).toFixed(3)}), faststart=${isFastStart(web)}`,
  );
  const last = props.durationInFrames - 1;
  for (const n of [0, Math.round(last / 2), last]) {
    const a = frameOf(web, n, path.join(outDir, `web-bench-frame-${n}-inbrowser-${yuv}.png`));
    const b = frameOf(shot, n, path.join(outDir, `web-bench-frame-${n}-screenshots.png`));
    const share = pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.12 }) / (a.width * a.height);
    console.log(`  frame ${n}: ${(share * 100).toFixed(2)} % of pixels differ from the screenshot path's (golden stills allow 0.40 %)`);
  }
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const resolution = process.env.BENCH_RESOLUTION ?? '1080p';
  const seconds = Number(process.env.BENCH_SECONDS ?? 4);
  execFileSync('npx', ['vite', 'build', '--config', 'bench/web-renderer/vite.config.mts'], {
    stdio: 'inherit',
    cwd: path.join(__dirname, '..'),
  });
  // BENCH_CAMERA=cinematic: the same job with the tilted camera (a CSS 3D transform in the composition).
  const camera = process.env.BENCH_CAMERA ? { camera: { preset: process.env.BENCH_CAMERA } } : {};
  const [props] = await serviceProps(
    [{ ...BENCH_JOB_BODY, ...camera, resolution, duration: seconds }],
    Number(process.env.BENCH_PORT ?? 3998) + 3,
  );
  console.log(
    `${resolution}, ${seconds} s at ${props.fps} fps (${props.durationInFrames} frames); load average ${os.loadavg()[0].toFixed(2)}`,
  );
  if (process.env.BENCH_PART === 'encoder') return encoderProbe(props, Number(process.env.BENCH_BITRATE ?? 3_000_000));
  const rows: Row[] = process.env.BENCH_PART === 'in-browser' ? [] : [await screenshotPath(props)];
  // The screenshot path's MP4 at this size is the bitrate yardstick: the in-browser one gets the same budget.
  const bitrate = rows[0] ? Math.round((rows[0].mapMb * 8e6) / seconds) : 3_240_000;
  for (const yuv of ['browser', 'bt709-limited'] as const) rows.push(await inBrowserPath(props, 'prefer-software', bitrate, yuv));
  if (process.env.BENCH_PART === 'in-browser') return;
  for (const yuv of ['browser', 'bt709-limited'] as const) await compareOutputs(props, yuv);
  const floor = rows[0].blankFps;
  console.log(`\n  ${resolution}: fps (ratio to the screenshot path's Blank, ${floor.toFixed(2)} fps)`);
  for (const r of rows)
    console.log(
      `    ${r.path.padEnd(36)}  Blank ${`${r.blankFps.toFixed(2)} (${(r.blankFps / floor).toFixed(2)})`.padStart(12)}  ` +
        `MapAnimation ${`${r.mapFps.toFixed(2)} (${(r.mapFps / floor).toFixed(2)})`.padStart(12)}  ${r.mapMb.toFixed(2)} MB  ${r.detail}`,
    );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
