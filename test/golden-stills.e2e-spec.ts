/**
 * Golden stills: fixed props rendered with renderStill and compared with committed PNGs in
 * test/golden/ (pixelmatch, small tolerance for anti-aliasing). `UPDATE_GOLDEN=1` rewrites them.
 * Also checks the Remotion renderer adapter end to end on a short video.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { openBrowser, renderFrames, renderStill, selectComposition, type HeadlessBrowser } from '@remotion/renderer';
import { buildCompositionProps, MAP_ANIMATION_COMPOSITION_ID, MapAnimationProps, routeInputOf } from '../src/modules/contract';
import { planRoute } from '../src/modules/routing';
import { ATLANTIC } from '../remotion/fixtures/sample-plans';
import { JobFailure } from '../src/modules/rendering';
import {
  compositionConfig,
  ensureRemotionBundle,
  ffprobePath,
  probeVideo,
  RemotionRenderer,
  RenderCancelledError,
} from '../src/modules/rendering/renderer';
import { atlanticProps, pacificProps, type RequestOverrides, sampleRequest, shanghaiPortsProps } from '../remotion/fixtures/sample-routes';
import { cancelMidway, expectPublishableVideo } from './support/renderer-checks';
import {
  countryDataProps,
  JAPAN_FROM_CONTINENT,
  LIFE_EXPECTANCY_DATA,
  POPULATION_CHANGE_DATA,
  PORTUGAL,
  regionFocusProps,
} from '../remotion/fixtures/region-modes';

const GOLDEN_DIR = path.join(__dirname, 'golden');
/** Relief a little steeper than as it is, so that it reads in a still. */
const RELIEF = { enabled: true, exaggeration: 1.5 };

/** A JPEG decoded to RGBA with the ffmpeg of Remotion's compositor package (beside its ffprobe). */
function jpegAsPng(file: string): PNG {
  const dir = path.dirname(ffprobePath());
  const png = execFileSync(path.join(dir, 'ffmpeg'), ['-v', 'error', '-i', file, '-f', 'image2pipe', '-vcodec', 'png', '-'], {
    env: { ...process.env, LD_LIBRARY_PATH: dir },
    maxBuffer: 64 * 1024 * 1024,
  });
  return PNG.sync.read(png);
}
const UPDATE = process.env.UPDATE_GOLDEN === '1';
const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Share of pixels allowed to differ (after pixelmatch's per-pixel colour threshold). */
const MAX_DIFFERENT_PIXELS = 0.004;
/**
 * The frame-sequence checks draw every fifth frame up to the one compared: the tab still draws many frames before it
 * (what a cache across frames must survive), at a fifth of the cost of drawing them all.
 */
const SEQUENCE_STEP = 5;

interface GoldenCase {
  name: string;
  /** The props, or how to make them (the camera stories plan real routes first). */
  props: MapAnimationProps | (() => Promise<MapAnimationProps>);
  /** Frame to render; negative counts from the end. */
  frame: number;
}

/** A route_animation over a route planned as the worker plans it (offline sea network), with `overrides`. */
async function plannedProps(waypoints: RequestOverrides['waypoints'], overrides: RequestOverrides): Promise<MapAnimationProps> {
  const request = { ...sampleRequest(ATLANTIC, overrides), waypoints: waypoints! };
  const plan = await planRoute(routeInputOf(request), {
    roadRouter: { route: () => Promise.reject(new Error('no roads in these stills')) } as never,
  });
  return buildCompositionProps(request, plan, { sandbox: false });
}

const port = (lat: number, lng: number, label: string): NonNullable<RequestOverrides['waypoints']>[number] => ({
  lat,
  lng,
  label,
  transport: 'ship',
  dwell: 0,
  emphasis: 'standard',
  camera_hold_seconds: 0,
});
const ROTTERDAM = port(51.9225, 4.47917, 'Rotterdam');
const SINGAPORE = port(1.28967, 103.85007, 'Singapore');

const titled = { title: { text: 'Lisbon to Copenhagen', subtitle: 'By air, sea, rail and road' } };
const CASES: GoldenCase[] = [
  { name: 'atlantic-standard-title-f0', props: atlanticProps(titled), frame: 20 },
  { name: 'atlantic-standard-mid', props: atlanticProps(), frame: 150 },
  { name: 'atlantic-standard-last', props: atlanticProps(), frame: -1 },
  // Close enough for the 10m coastline (Natural Earth's finest level).
  { name: 'atlantic-standard-10m-detail', props: atlanticProps(), frame: 262 },
  { name: 'atlantic-dark-cinematic-sandbox', props: atlanticProps({ style: 'dark', camera: { preset: 'cinematic' } }, true), frame: 120 },
  {
    name: 'pacific-maritime-dark-9x16',
    props: pacificProps({
      style: 'maritime-dark',
      aspect_ratio: '9:16',
      hud: { distance: true, progress_bar: true, position: 'top-left' },
      route_style: { line: 'dashed' },
    }),
    frame: 200,
  },
  { name: 'pacific-minimal-1x1-last', props: pacificProps({ style: 'minimal', aspect_ratio: '1:1', units: 'mi' }), frame: -1 },
  // Text overlays: a headline, a caption and a lower-third set beside the HUD in its corner.
  {
    name: 'atlantic-standard-overlays',
    props: atlanticProps({
      text_overlays: [
        { text: 'Lisbon to Copenhagen in five stops', start: 0.5, end: 9, position: 'top', style: 'headline' },
        { text: 'Day 1 · Atlantic crossing', start: 0.5, end: 9, position: 'bottom-left', style: 'lower-third' },
        { text: 'The crossing to New York takes a little over seven hours by air', start: 1, end: 8, position: 'bottom', style: 'caption' },
      ],
    }),
    frame: 150,
  },
  // Portrait: the overlays stay inside the large insets of a 9:16 feed and stack around the HUD.
  {
    name: 'pacific-maritime-dark-9x16-overlays',
    props: pacificProps({
      style: 'maritime-dark',
      aspect_ratio: '9:16',
      hud: { distance: true, progress_bar: true, position: 'top-left' },
      text_overlays: [
        { text: 'Shanghai → Los Angeles', start: 0, end: 10, position: 'top', style: 'headline' },
        { text: 'Through the Tsugaru Strait, then 8,000 km of open Pacific', start: 1, end: 9, position: 'bottom', style: 'caption' },
        { text: 'Container ship · 14 days', start: 2, end: 9, position: 'bottom-left', style: 'lower-third' },
      ],
    }),
    frame: 200,
  },
  { name: 'atlantic-standard-bold-camera', props: atlanticProps({ camera: { preset: 'auto', intensity: 'bold' } }), frame: 100 },
  // multi_route: routes mid-way (previews, ships on the tips, the nearer ports reached), then the finished network in portrait.
  { name: 'multi-route-shanghai-standard-16x9', props: shanghaiPortsProps(), frame: 200 },
  {
    name: 'multi-route-shanghai-maritime-dark-9x16',
    props: shanghaiPortsProps({ style: 'maritime-dark', aspect_ratio: '9:16' }),
    frame: -1,
  },
  // Render modes (contract §13): held on the region with its markers, and the settled choropleth with its legend.
  { name: 'region-focus-portugal-16x9', props: regionFocusProps(PORTUGAL), frame: -1 },
  {
    name: 'region-focus-japan-dark-9x16',
    props: regionFocusProps(JAPAN_FROM_CONTINENT, { style: 'dark', aspect_ratio: '9:16' }),
    frame: -1,
  },
  { name: 'country-data-life-expectancy-16x9', props: countryDataProps(LIFE_EXPECTANCY_DATA), frame: -1 },
  {
    name: 'country-data-population-change-dark-9x16',
    props: countryDataProps(POPULATION_CHANGE_DATA, { style: 'dark', aspect_ratio: '9:16' }),
    frame: -1,
  },
  // Camera stories (contract §19), on Rotterdam → Singapore by sea: the punch-in at Suez; the close, slow canal
  // passage in portrait; the reroute round the Cape with its label, and its last frame; the static overview.
  {
    name: 'story-chokepoint-tension-16x9',
    props: () => plannedProps([ROTTERDAM, SINGAPORE], { duration: 12, camera: { preset: 'chokepoint_tension' } }),
    // The vehicle passes the Suez Canal (Gibraltar at 96, Bab-el-Mandeb at 197, Malacca at 280).
    frame: 157,
  },
  {
    name: 'story-canal-bottleneck-suez-9x16',
    props: () =>
      plannedProps([ROTTERDAM, SINGAPORE], {
        duration: 12,
        aspect_ratio: '9:16',
        style: 'maritime-dark',
        camera: { preset: 'canal_bottleneck' },
      }),
    // The vehicle in the Suez Canal, the only canal of the route.
    frame: 162,
  },
  {
    name: 'story-long-reroute-label-16x9',
    props: () =>
      plannedProps([ROTTERDAM, SINGAPORE], { duration: 12, route: { avoid: ['suez'] }, camera: { preset: 'long_reroute_burden' } }),
    frame: 230,
  },
  {
    name: 'story-long-reroute-last-9x16',
    props: () =>
      plannedProps([ROTTERDAM, SINGAPORE], {
        duration: 12,
        aspect_ratio: '9:16',
        style: 'dark',
        route: { avoid: ['suez'] },
        camera: { preset: 'long_reroute_burden' },
      }),
    frame: -1,
  },
  // Tilt 85: the horizon, with the style's sky and haze over the far map.
  { name: 'tilt-85-horizon-16x9', props: atlanticProps({ camera: { preset: 'follow', tilt: 85 } }), frame: 120 },
  {
    name: 'tilt-85-horizon-dark-9x16',
    props: pacificProps({ style: 'maritime-dark', aspect_ratio: '9:16', camera: { preset: 'cinematic', tilt: 85 } }),
    frame: 70,
  },
  // The globe (contract §20): auto's global_corridor_reveal on a long route, and auto's globe for world-spanning content in portrait and square frames.
  { name: 'globe-opening-16x9', props: atlanticProps(), frame: 20 },
  { name: 'globe-opening-maritime-dark-9x16', props: pacificProps({ style: 'maritime-dark', aspect_ratio: '9:16' }), frame: 20 },
  // Halfway through opening out into the flat map (16:9), and through dissolving into it (9:16).
  { name: 'globe-to-flat-midpoint-16x9', props: atlanticProps(), frame: 79 },
  { name: 'globe-to-flat-midpoint-dark-9x16', props: atlanticProps({ style: 'dark', aspect_ratio: '9:16' }), frame: 81 },
  // Asked for explicitly: the ports behind the globe (Santos, Rotterdam, Hamburg) leave out their markers and labels.
  {
    name: 'globe-multi-route-minimal-1x1',
    props: shanghaiPortsProps({ style: 'minimal', aspect_ratio: '1:1', projection: 'globe' }),
    frame: 200,
  },
  { name: 'globe-country-data-dark-1x1', props: countryDataProps(LIFE_EXPECTANCY_DATA, { style: 'dark', aspect_ratio: '1:1' }), frame: -1 },
  {
    name: 'story-static-overview-1x1',
    props: () => Promise.resolve(atlanticProps({ aspect_ratio: '1:1', camera: { preset: 'static_overview' } })),
    frame: 150,
  },
  // Imagery, relief and the new looks (contract §21). Terrain off is atlantic-standard-mid, the same frame.
  { name: 'satellite-route-16x9', props: atlanticProps({ style: 'satellite' }), frame: 150 },
  { name: 'satellite-globe-opening-16x9', props: atlanticProps({ style: 'satellite' }), frame: 20 },
  { name: 'terrain-standard-16x9', props: atlanticProps({ terrain: RELIEF }), frame: 150 },
  // A night route across the antimeridian, on the globe in portrait (auto).
  { name: 'night-pacific-antimeridian-9x16', props: pacificProps({ style: 'night', aspect_ratio: '9:16' }), frame: 200 },
  { name: 'atlas-multi-route-16x9', props: shanghaiPortsProps({ style: 'atlas' }), frame: 200 },
  { name: 'blueprint-route-9x16', props: atlanticProps({ style: 'blueprint', aspect_ratio: '9:16' }), frame: 150 },
  // region_focus's highlight in minimal: the style's own colour, not a grey wash on white land.
  { name: 'region-focus-portugal-minimal-16x9', props: regionFocusProps(PORTUGAL, { style: 'minimal' }), frame: -1 },
];

describe('golden stills', () => {
  let browser: HeadlessBrowser;
  let serveUrl: string;
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-golden-'));

  beforeAll(async () => {
    serveUrl = await ensureRemotionBundle();
    browser = await openBrowser('chrome', { browserExecutable, logLevel: 'error' });
  }, 180_000);

  afterAll(async () => {
    await browser?.close({ silent: true });
    fs.rmSync(outDir, { recursive: true, force: true });
  });

  // The stills below (and every job) skip selectComposition's round trip through the bundle: what it would answer
  // must be what compositionConfig builds from the props.
  it.each([
    ['route_animation 9:16', pacificProps({ aspect_ratio: '9:16', fps: 24 })],
    ['country_data 1:1', countryDataProps(LIFE_EXPECTANCY_DATA, { aspect_ratio: '1:1' })],
  ] as const)('%s: the bundle describes the composition as compositionConfig does', async (_name, props) => {
    const fromBundle = await selectComposition({
      serveUrl,
      id: MAP_ANIMATION_COMPOSITION_ID,
      inputProps: props,
      puppeteerInstance: browser,
      logLevel: 'error',
    });
    const built = compositionConfig(MAP_ANIMATION_COMPOSITION_ID, props);
    expect(fromBundle).toMatchObject({
      id: built.id,
      width: built.width,
      height: built.height,
      fps: built.fps,
      durationInFrames: built.durationInFrames,
    });
    expect(fromBundle.props).toEqual(built.props);
  });

  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s matches its golden image',
    async (_name, c) => {
      const props = typeof c.props === 'function' ? await c.props() : c.props;
      const composition = compositionConfig(MAP_ANIMATION_COMPOSITION_ID, props);
      const frame = c.frame < 0 ? composition.durationInFrames + c.frame : c.frame;
      const output = path.join(outDir, `${c.name}.png`);
      await renderStill({
        serveUrl,
        composition,
        inputProps: props,
        frame,
        output,
        imageFormat: 'png',
        puppeteerInstance: browser,
        logLevel: 'error',
      });
      const golden = path.join(GOLDEN_DIR, `${c.name}.png`);
      if (UPDATE || !fs.existsSync(golden)) {
        if (!UPDATE) throw new Error(`missing golden ${golden}; run with UPDATE_GOLDEN=1`);
        fs.copyFileSync(output, golden);
        return;
      }
      const actual = PNG.sync.read(fs.readFileSync(output));
      const expected = PNG.sync.read(fs.readFileSync(golden));
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      expect([actual.width, actual.height]).toEqual([props.width, props.height]);
      const diff = new PNG({ width: actual.width, height: actual.height });
      const different = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold: 0.12 });
      if (different / (actual.width * actual.height) > MAX_DIFFERENT_PIXELS) {
        fs.writeFileSync(path.join(outDir, `${c.name}.diff.png`), PNG.sync.write(diff));
      }
      expect(different / (actual.width * actual.height)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
    },
    120_000,
  );

  // Modes that cache across frames (country_data's settled countries, multi_route's label layout and
  // country_data's legend placed on the first frame drawn) must draw a frame the same whether the tab
  // rendered the frames before it or not: a render split over workers starts mid-video.
  it.each([
    ['country_data (ranked, cached settled layer)', () => countryDataProps(LIFE_EXPECTANCY_DATA, { aspect_ratio: '1:1' }), 150],
    ['multi_route (labels decided once)', () => shanghaiPortsProps({ aspect_ratio: '1:1' }), 150],
  ] as const)(
    '%s: a frame rendered after the ones before it equals the same frame rendered alone',
    async (_name, makeProps, frame) => {
      const props = makeProps();
      const composition = compositionConfig(MAP_ANIMATION_COMPOSITION_ID, props);
      const framesDir = fs.mkdtempSync(path.join(outDir, 'sequence-'));
      let lastFrameDrawn = -1;
      await renderFrames({
        serveUrl,
        composition,
        inputProps: props,
        outputDir: framesDir,
        imageFormat: 'png',
        frameRange: [0, frame],
        puppeteerInstance: browser,
        concurrency: 1,
        everyNthFrame: SEQUENCE_STEP,
        onStart: () => undefined,
        onFrameUpdate: (_drawn, frameIndex) => {
          lastFrameDrawn = Math.max(lastFrameDrawn, frameIndex);
        },
        logLevel: 'error',
      });
      // The tab drew the frames before it, then the one compared, last.
      expect(fs.readdirSync(framesDir)).toHaveLength(frame / SEQUENCE_STEP + 1);
      expect(lastFrameDrawn).toBe(frame);
      const lastInSequence = fs.readdirSync(framesDir).sort().at(-1)!;
      const alone = path.join(outDir, `alone-${frame}.png`);
      await renderStill({
        serveUrl,
        composition,
        inputProps: props,
        frame,
        output: alone,
        imageFormat: 'png',
        puppeteerInstance: browser,
        logLevel: 'error',
      });
      const a = PNG.sync.read(fs.readFileSync(path.join(framesDir, lastInSequence)));
      const b = PNG.sync.read(fs.readFileSync(alone));
      const different = pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.12 });
      expect(different / (a.width * a.height)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
    },
    120_000,
  );

  it('renders the same frame identically twice (deterministic)', async () => {
    const props = atlanticProps();
    const composition = compositionConfig(MAP_ANIMATION_COMPOSITION_ID, props);
    const render = async (name: string) => {
      const output = path.join(outDir, name);
      await renderStill({
        serveUrl,
        composition,
        inputProps: props,
        frame: 210,
        output,
        imageFormat: 'png',
        puppeteerInstance: browser,
        logLevel: 'error',
      });
      return PNG.sync.read(fs.readFileSync(output));
    };
    const a = await render('again-a.png');
    const b = await render('again-b.png');
    expect(pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0 })).toBe(0);
  }, 120_000);
});

describe('RemotionRenderer', () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-renderer-'));
  let renderer: RemotionRenderer;
  const shortProps = (): MapAnimationProps => atlanticProps({ duration: 3, fps: 24 });

  beforeAll(async () => {
    renderer = new RemotionRenderer({ bundleDir: await ensureRemotionBundle(), browserExecutable, tempDir: path.join(workDir, 'tmp') });
    await renderer.start();
  }, 180_000);

  afterAll(async () => {
    await renderer?.stop();
    // stop() leaves the temp folder empty.
    expect(fs.readdirSync(path.join(workDir, 'tmp'))).toEqual([]);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('writes a fast-start H.264 yuv420p MP4 and a JPEG thumbnail at the video size, and reports the real figures', async () => {
    const videoPath = path.join(workDir, 'job.mp4');
    const thumbnailPath = path.join(workDir, 'job_thumb.jpg');
    const progress: number[] = [];
    const video = await renderer.render({ props: shortProps(), videoPath, thumbnailPath, onProgress: (p) => progress.push(p) });
    await expectPublishableVideo(videoPath, video, { width: 1280, height: 720, frames: 72 });
    expect(Math.round(video.duration_seconds)).toBe(3);
    const jpeg = fs.readFileSync(thumbnailPath);
    expect(jpeg.subarray(0, 2).toString('hex')).toBe('ffd8');
    const thumb = await probeVideo(thumbnailPath).catch(() => null);
    if (thumb) expect([thumb.width, thumb.height]).toEqual([1280, 720]);
    // The thumbnail is the video's last frame (written by the encoder, not a second screenshot).
    const lastFrame = PNG.sync.read(await renderer.renderStill({ props: shortProps(), frame: 71, imageFormat: 'png' }));
    const thumbnail = jpegAsPng(thumbnailPath);
    expect([thumbnail.width, thumbnail.height]).toEqual([1280, 720]);
    const different = pixelmatch(thumbnail.data, lastFrame.data, null, 1280, 720, { threshold: 0.12 });
    expect(different / (1280 * 720)).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
    const earlierFrame = PNG.sync.read(await renderer.renderStill({ props: shortProps(), frame: 40, imageFormat: 'png' }));
    expect(pixelmatch(thumbnail.data, earlierFrame.data, null, 1280, 720, { threshold: 0.12 }) / (1280 * 720)).toBeGreaterThan(0.01);
    expect(progress.at(-1)).toBe(1);
    // Only the live browser's own folders remain in the temp folder between jobs.
    const leftovers = fs
      .readdirSync(path.join(workDir, 'tmp'))
      .filter((e) => !/^(puppeteer_dev_chrome_profile|org\.chromium\.|pulse-)/.test(e));
    expect(leftovers).toEqual([]);
  }, 180_000);

  it('stops within moments when the job is cancelled, then renders the next job normally', async () => {
    const { error, furthestProgress } = await cancelMidway(renderer, workDir);
    expect(error).toBeInstanceOf(RenderCancelledError);
    // Stopped within a few frames of the abort at 5 %, far short of the whole video (a wall clock would measure the machine).
    expect(furthestProgress).toBeLessThan(0.3);
    expect(fs.existsSync(path.join(workDir, 'cancelled.mp4'))).toBe(false);

    const next = await renderer.render({
      props: shortProps(),
      videoPath: path.join(workDir, 'next.mp4'),
      thumbnailPath: path.join(workDir, 'next.jpg'),
    });
    expect(next.width).toBe(1280);
  }, 180_000);

  it('starts a new browser when the old one died between jobs', async () => {
    // Our own browser: the Chromium whose profile lives in this renderer's temp folder.
    const tempDir = path.join(workDir, 'tmp');
    const pids = execFileSync('ps', ['-ww', '-eo', 'pid=,args='], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(`--user-data-dir=${tempDir}`))
      .map((line) => Number(line.trim().split(/\s+/)[0]));
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const video = await renderer.render({
      props: shortProps(),
      videoPath: path.join(workDir, 'after-crash.mp4'),
      thumbnailPath: path.join(workDir, 'after-crash.jpg'),
    });
    expect(video.width).toBe(1280);
  }, 180_000);

  it('fails with RENDER_TIMEOUT when the time limit passes', async () => {
    const failure = await renderer
      .render({
        props: atlanticProps({ duration: 10 }),
        videoPath: path.join(workDir, 'slow.mp4'),
        thumbnailPath: path.join(workDir, 'slow.jpg'),
        timeoutMs: 1500,
      })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(JobFailure);
    expect((failure as JobFailure).code).toBe('RENDER_TIMEOUT');
    expect((failure as JobFailure).message).not.toMatch(/\/|at /);
  }, 180_000);
});
