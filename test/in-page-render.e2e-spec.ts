/**
 * The in-page renderer (ADR 0015) in a real Chromium, against the screenshot path: the same video frame for frame,
 * the same file checks, its thumbnail the last frame, the tilted camera declined, cancel and time limit kept, and
 * nothing left in its folder after stop(); Remotion's usage report let out of the page only with a licence key.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import pixelmatch from 'pixelmatch';
import type { BrowserContext } from 'playwright-core';
import { PNG } from 'pngjs';
import { JobFailure } from '../src/modules/rendering';
import { type MapAnimationProps, REMOTION_USAGE_ORIGIN } from '../src/modules/contract';
import {
  ensureRemotionBundle,
  ffprobePath,
  InPageDeclined,
  InPageRenderer,
  RemotionRenderer,
  RenderCancelledError,
} from '../src/modules/rendering/renderer';
import { atlanticProps } from '../remotion/fixtures/sample-routes';
import { cancelMidway, expectPublishableVideo } from './support/renderer-checks';

const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ffmpeg = path.join(path.dirname(ffprobePath()), 'ffmpeg');
/** As the golden stills: share of pixels allowed to differ after pixelmatch's per-pixel threshold. */
const MAX_DIFFERENT_PIXELS = 0.004;

/** Frame `n` of a video (or the one image of a JPEG) as RGBA, decoded by the compositor's ffmpeg. */
function frameOf(file: string, n = 0): PNG {
  const png = execFileSync(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      file,
      '-vf',
      `trim=start_frame=${n}:end_frame=${n + 1}`,
      '-vframes',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'png',
      '-',
    ],
    { env: { ...process.env, LD_LIBRARY_PATH: path.dirname(ffmpeg) }, maxBuffer: 64 * 1024 * 1024 },
  );
  return PNG.sync.read(png);
}
const difference = (a: PNG, b: PNG) => pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.12 }) / (a.width * a.height);

/** 2 s of the Atlantic sample at 720p on the flat map: route, labels, the ship and the distance HUD. */
const flatProps = (): MapAnimationProps => ({ ...atlanticProps({ duration: 10, projection: 'flat' }), durationInFrames: 60 });

/**
 * The same route on the globe (contract §20), seen by a still camera: the comparison is of the drawing, and a
 * fast-moving camera would bring in the encoders' different losses under motion instead.
 */
const globeProps = (): MapAnimationProps => ({
  ...atlanticProps({ duration: 4, projection: 'globe', camera: { preset: 'auto', mode: 'static' } }),
  durationInFrames: 45,
});

describe('InPageRenderer (rendering inside the page)', () => {
  let workDir: string;
  let bundleDir: string;
  let inPage: InPageRenderer;

  beforeAll(async () => {
    bundleDir = await ensureRemotionBundle();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-in-page-'));
    inPage = new InPageRenderer({ bundleDir, browserExecutable, tempDir: path.join(workDir, 'in-page') });
  }, 180_000);

  afterAll(async () => {
    await inPage?.stop();
    // stop() removes its folder: the browser profile and scratch files with it.
    expect(fs.existsSync(path.join(workDir, 'in-page'))).toBe(false);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('makes the video the screenshot path makes: same file figures, same frames, its last frame as the thumbnail', async () => {
    const props = flatProps();
    const videoPath = path.join(workDir, 'in-page.mp4');
    const thumbnailPath = path.join(workDir, 'in-page.jpg');
    const progress: number[] = [];
    // The first video of a fresh page: nothing is loaded yet (map geometry, fonts).
    const video = await inPage.render({ props, videoPath, thumbnailPath, onProgress: (p) => progress.push(p) });

    const probed = await expectPublishableVideo(videoPath, video, { width: 1280, height: 720, frames: 60 });
    expect(probed.durationSeconds).toBeCloseTo(2, 3);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const screenshots = new RemotionRenderer({ bundleDir, browserExecutable, tempDir: path.join(workDir, 'screenshots') });
    const reference = path.join(workDir, 'screenshots.mp4');
    try {
      await screenshots.render({ props, videoPath: reference });
    } finally {
      await screenshots.stop();
    }
    // The first frame too: the first video of a fresh page waits for the map like the screenshot path does.
    for (const n of [0, 30, 59]) expect(difference(frameOf(videoPath, n), frameOf(reference, n))).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
    // The frames move: the first and the last are far apart.
    expect(difference(frameOf(videoPath, 0), frameOf(videoPath, 59))).toBeGreaterThan(0.01);

    const thumbnail = frameOf(thumbnailPath);
    expect([thumbnail.width, thumbnail.height]).toEqual([1280, 720]);
    expect(difference(thumbnail, frameOf(reference, 59))).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  }, 240_000);

  it('draws the globe as the screenshot path does', async () => {
    const props = globeProps();
    const videoPath = path.join(workDir, 'in-page-globe.mp4');
    await inPage.render({ props, videoPath });
    const screenshots = new RemotionRenderer({ bundleDir, browserExecutable, tempDir: path.join(workDir, 'screenshots-globe') });
    const reference = path.join(workDir, 'screenshots-globe.mp4');
    try {
      await screenshots.render({ props, videoPath: reference });
    } finally {
      await screenshots.stop();
    }
    for (const n of [0, 22, 44]) expect(difference(frameOf(videoPath, n), frameOf(reference, n))).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
    // The route draws itself over the globe meanwhile: the first and the last frame differ.
    expect(difference(frameOf(videoPath, 0), frameOf(videoPath, 44))).toBeGreaterThan(0.002);
  }, 180_000);

  it('declines a tilted camera (the screenshot path draws it faster), whole or as a chunk, and what it would not fit', async () => {
    const videoPath = path.join(workDir, 'declined.mp4');
    const tilted = { ...atlanticProps({ duration: 10, camera: { preset: 'cinematic' } }), durationInFrames: 30 };
    await expect(inPage.render({ props: tilted, videoPath })).rejects.toBeInstanceOf(InPageDeclined);
    const eightK = { ...flatProps(), width: 7680, height: 4320 };
    await expect(inPage.render({ props: eightK, videoPath })).rejects.toBeInstanceOf(InPageDeclined);
    await expect(inPage.render({ props: tilted, videoPath, frameRange: [0, 14] })).rejects.toBeInstanceOf(InPageDeclined);
    expect(fs.existsSync(videoPath)).toBe(false);
  }, 60_000);

  it('renders a chunk of a split job: only its frames, as an MPEG-TS stream, its last frame as the thumbnail', async () => {
    const props = flatProps();
    const whole = path.join(workDir, 'whole-for-chunk.mp4');
    await inPage.render({ props, videoPath: whole });
    const chunkPath = path.join(workDir, 'chunk-30-59.ts');
    const thumbnailPath = path.join(workDir, 'chunk-thumb.jpg');
    const progress: number[] = [];
    const video = await inPage.render({
      props,
      videoPath: chunkPath,
      thumbnailPath,
      frameRange: [30, 59],
      onProgress: (p) => progress.push(p),
    });

    expect(video).toMatchObject({ duration_seconds: 1, width: 1280, height: 720 });
    // MPEG-TS (188-byte packets, each starting 0x47), what the join concatenates byte for byte; the page's MP4 is gone.
    const bytes = fs.readFileSync(chunkPath);
    expect(bytes.length % 188).toBe(0);
    for (const offset of [0, 188, bytes.length - 188]) expect(bytes[offset]).toBe(0x47);
    expect(fs.existsSync(`${chunkPath}.mp4`)).toBe(false);
    expect(progress.at(-1)).toBe(1);
    // Its frames are the whole video's frames 30–59, and its thumbnail the range's last frame.
    for (const n of [0, 29]) expect(difference(frameOf(chunkPath, n), frameOf(whole, 30 + n))).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
    expect(difference(frameOf(chunkPath, 0), frameOf(whole, 0))).toBeGreaterThan(0.01);
    expect(difference(frameOf(thumbnailPath), frameOf(whole, 59))).toBeLessThanOrEqual(MAX_DIFFERENT_PIXELS);
  }, 120_000);

  it('stops within moments when cancelled or out of time, leaves no file, then renders the next video', async () => {
    const { error, furthestProgress } = await cancelMidway(inPage, workDir);
    expect(error).toBeInstanceOf(RenderCancelledError);
    // Stopped within a few frames of the abort at 5 %, far short of the whole video (a wall clock would measure the machine).
    expect(furthestProgress).toBeLessThan(0.3);
    const videoPath = path.join(workDir, 'cancelled.mp4');
    expect(fs.existsSync(videoPath)).toBe(false);
    expect(fs.existsSync(path.join(workDir, 'cancelled.jpg'))).toBe(false);

    const timedOut = inPage.render({ props: atlanticProps({ duration: 10 }), videoPath, timeoutMs: 1500 });
    await expect(timedOut).rejects.toEqual(expect.objectContaining({ code: 'RENDER_TIMEOUT' }));
    await expect(timedOut).rejects.toBeInstanceOf(JobFailure);
    expect(fs.existsSync(videoPath)).toBe(false);

    const next = await inPage.render({ props: flatProps(), videoPath });
    expect(next.duration_seconds).toBeCloseTo(2, 3);
  }, 120_000);
});

/**
 * Remotion's usage report from the page (REMOTION_LICENSE_KEY, README "Remotion licence"): the web renderer posts it
 * to REMOTION_USAGE_ORIGIN after each video, without waiting. Without a key it is refused inside the browser; with
 * one it is let through (this machine may have no route to it: what matters is that the page did not refuse it).
 */
describe('InPageRenderer and Remotion’s usage report', () => {
  let bundleDir: string;
  beforeAll(async () => {
    bundleDir = await ensureRemotionBundle();
  }, 180_000);

  /** Renders a short video and answers the page's requests to Remotion's usage origin: body and how each ended. */
  async function usageReports(licenseKey: string | null): Promise<Array<{ method: string; body: string; outcome: string }>> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-in-page-usage-'));
    const renderer = new InPageRenderer({ bundleDir, browserExecutable, tempDir: path.join(dir, 'in-page'), licenseKey });
    try {
      await renderer.start();
      // The renderer's Playwright context (private): the test only listens to it.
      const context = (renderer as unknown as { browser: { current: BrowserContext | null } }).browser.current!;
      const reports: Array<Promise<{ method: string; body: string; outcome: string }>> = [];
      context.on('request', (request) => {
        if (new URL(request.url()).origin !== REMOTION_USAGE_ORIGIN) return;
        const ended = new Promise<string>((resolve) => {
          context.on('requestfailed', (failed) => failed === request && resolve(failed.failure()?.errorText ?? 'failed'));
          context.on('requestfinished', (finished) => finished === request && resolve('finished'));
          setTimeout(() => resolve('no answer within 15 s'), 15_000).unref();
        });
        reports.push(ended.then((outcome) => ({ method: request.method(), body: request.postData() ?? '', outcome })));
      });
      await renderer.render({ props: { ...flatProps(), durationInFrames: 10 }, videoPath: path.join(dir, 'video.mp4') });
      for (const deadline = Date.now() + 10_000; reports.length === 0 && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return await Promise.all(reports);
    } finally {
      await renderer.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('refuses it inside the browser without a key', async () => {
    const reports = await usageReports(null);
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) expect(report.outcome).toMatch(/^net::ERR_BLOCKED_BY_CLIENT/);
  }, 120_000);

  it('lets it out with a key, carrying the key', async () => {
    const reports = (await usageReports('rm_test_licence_key')).filter((report) => report.method === 'POST');
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      expect(report.outcome).not.toMatch(/BLOCKED_BY_CLIENT/);
      expect(JSON.parse(report.body)).toMatchObject({ apiKey: 'rm_test_licence_key', event: 'web-render' });
    }
  }, 120_000);
});
