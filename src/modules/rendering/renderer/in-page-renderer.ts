/**
 * Renders a whole video inside the page of the Remotion bundle (ADR 0015): `@remotion/web-renderer` draws each frame
 * onto a canvas and Chromium's WebCodecs encoder makes the H.264 stream, so there is no screenshot per frame (2.4× the
 * screenshot path's frame rate at 1080p, same pixels). The page side is `remotion/in-page/render-in-page.ts`.
 *
 * - One headless Chromium per renderer (Playwright), on its CPU raster: no SwiftShader flags, which made every frame's
 *   readback 10× slower. The bundle is served to it by request interception on `http://localhost` (a secure context,
 *   which WebCodecs requires), from the bundle folder; the page posts the MP4 and the thumbnail back to that origin
 *   and they are written where the job wants them. Nothing else may leave the page (`pageRequestVerdict`): the web
 *   renderer's usage report to Remotion (REMOTION_USAGE_ORIGIN) goes out only when a licence key is set
 *   (REMOTION_LICENSE_KEY), and every other request is refused.
 * - One page, kept between jobs (map geometry stays parsed); a failed, cancelled or timed-out render closes it, and the
 *   browser too after a failure.
 * - It renders only what it does well, decided here from the props before a page is opened (`takesInPage`): videos
 *   and chunks that `rendersInPage(props)` names (a mode the page draws, a camera that never tilts, up to
 *   IN_PAGE_MAX_PIXELS a frame); the rest is declined (`InPageDeclined`). The page checks the same flag. What the two
 *   sides say is contract/in-page-protocol.ts.
 * - A chunk of a split job (a `frameRange`) is the page's MP4 of those frames, its H.264 stream then copied into
 *   MPEG-TS (`remuxToMpegTs`), so that the join concatenates chunks without re-encoding, as it does the screenshot
 *   path's `h264-ts` chunks (ADR 0009).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { failpoint } from '../../../common/util/failpoints';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { MAP_ANIMATION_COMPOSITION_ID, rendersInPage } from '../../contract';
import { pictureDetail } from '../../contract';
import {
  IN_PAGE_ABORT_FUNCTION,
  IN_PAGE_ORIGIN,
  IN_PAGE_PROGRESS_FUNCTION,
  IN_PAGE_RENDER_FUNCTION,
  type InPageApi,
  type InPageRenderRequest,
  REMOTION_USAGE_ORIGIN,
} from '../../contract';
import { JobFailure } from '../errors/rendering.errors';
import { type JoinChunksInput, type RenderedVideo, type Renderer, type RenderVideoInput } from './renderer.port';
import { BrowserLifecycle } from './browser-lifecycle';
import { answerFromBundle } from './bundle-page';
import { watchInterruption } from './interruption';
import { chunkFigures, readBack, removeQuietly } from './video-output';
import { remuxToMpegTs } from './video-file';

export interface InPageRendererOptions {
  /** The Remotion bundle (`npm run build:remotion`), whose page carries the in-page renderer. */
  bundleDir: string;
  /** Defaults to Debian's /usr/bin/chromium. */
  browserExecutable?: string;
  /**
   * This renderer's private folder (the worker's scratch folder, process-scratch.ts): the browser's profile and
   * scratch files live there, so a killed worker's are removed by the next worker on the host. Emptied on stop().
   */
  tempDir: string;
  /** Composition the page draws (one its bundle entry installed); the bench's bundle also has `Blank`. */
  compositionId?: string;
  /**
   * Remotion's licence key (REMOTION_LICENSE_KEY), given to the web renderer; set, its usage report may leave the page
   * for REMOTION_USAGE_ORIGIN. Unset or null: no key, and the report is refused like any request that leaves the page.
   */
  licenseKey?: string | null;
  /** Operator log for details that must not reach a client. */
  log?: (message: string) => void;
}

/** The page declined the video (its camera tilts): another renderer must make it. */
export class InPageDeclined extends Error {
  constructor(reason: string) {
    super(`Not rendered in the page: ${reason}`);
    this.name = 'InPageDeclined';
  }
}

/**
 * The H.264 stream's bitrate. x264 at CRF 20 (the screenshot path) spends fewer bits per pixel the larger the frame:
 * on the bench job 0.072 bits per pixel and frame at 720p, 0.052 at 1080p, 0.038 at 4k, which pixels^0.7 follows
 * within 7 %. The page's encoder gets that curve, a little above it, times the map's `pictureDetail`: Chromium's
 * encoder keeps a bitrate where x264 keeps a quality, so it needs twice the curve on flat fills (fast zooms, sea
 * gradients) and more on imagery and relief for frames as sharp as the lossless still (ADR 0021).
 */
export function inPageBitrate(width: number, height: number, fps: number, detail = 1): number {
  return Math.round(4.4 * Math.pow(width * height, 0.7) * fps * detail);
}

/** How long a cancelled or timed-out render may take to stop in the page before the page is closed under it. */
const ABORT_GRACE_MS = 2000;

const VIDEO_URL = `${IN_PAGE_ORIGIN}/__mapr/video.mp4`;
/** Where the page asks for imagery tiles: answered from the render's tile cache (answer()). */
const IN_PAGE_TILES_URL = `${IN_PAGE_ORIGIN}/__mapr/tiles/{z}/{x}/{y}`;
const THUMBNAIL_URL = `${IN_PAGE_ORIGIN}/__mapr/thumbnail.jpg`;

/**
 * What the page gets for a request, by its URL: its own origin is answered by the renderer (the bundle, the outputs,
 * the tiles); Remotion's usage endpoint is let through only with a licence key; anything else is refused.
 */
export function pageRequestVerdict(url: URL, licenseKey: string | null): 'own' | 'pass' | 'refuse' {
  if (url.origin === IN_PAGE_ORIGIN) return 'own';
  return licenseKey && url.origin === REMOTION_USAGE_ORIGIN ? 'pass' : 'refuse';
}

/** What the service asks the page for one video (the page's side: remotion/in-page/render-in-page.ts). */
export function inPageRenderRequest(
  props: RenderVideoInput['props'],
  options: { compositionId?: string; licenseKey?: string | null; thumbnail: boolean; frameRange?: [number, number] | null },
): InPageRenderRequest {
  return {
    compositionId: options.compositionId ?? MAP_ANIMATION_COMPOSITION_ID,
    props: props.imagery_tiles ? { ...props, imagery_tiles: { ...props.imagery_tiles, url: IN_PAGE_TILES_URL } } : props,
    frameRange: options.frameRange ?? null,
    videoBitrate: inPageBitrate(props.width, props.height, props.fps, pictureDetail(props)),
    videoUrl: VIDEO_URL,
    thumbnailUrl: options.thumbnail ? THUMBNAIL_URL : null,
    licenseKey: options.licenseKey ?? null,
  };
}

/**
 * Whether the in-page renderer makes this video or chunk, decided from the props before any page is opened: one that
 * `rendersInPage` names. A job's chunks share its props, so they are all made by the same engine.
 */
export function takesInPage(input: Pick<RenderVideoInput, 'props'>): boolean {
  return rendersInPage(input.props);
}

/** Where the page's MP4 of a chunk lands: beside the MPEG-TS file it becomes (remuxToMpegTs). */
const chunkMp4Path = (videoPath: string) => `${videoPath}.mp4`;

export class InPageRenderer implements Renderer {
  private readonly browser: BrowserLifecycle<BrowserContext>;
  private page: Page | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** Where the page's next POSTs go (the job under way). */
  private outputs: { video: string; thumbnail: string | null } | null = null;
  /** The imagery tile cache the current render's tiles come from (its props' `imagery_tiles`), if any. */
  private tileSource: string | null = null;
  /** The job under way's progress (the function the page calls is exposed once per page). */
  private progressTo: ((encodedFrames: number) => void) | null = null;
  private readonly browserExecutable: string;

  constructor(private readonly options: InPageRendererOptions) {
    this.browserExecutable = options.browserExecutable ?? '/usr/bin/chromium';
    this.browser = new BrowserLifecycle<BrowserContext>({
      launch: () => this.launch(),
      isAlive: (context) => context.browser()?.isConnected() ?? false,
      close: (context) => context.close(),
    });
  }

  async start(): Promise<void> {
    await this.ensurePage();
  }

  async stop(): Promise<void> {
    await this.closeBrowser();
    fs.rmSync(this.options.tempDir, { recursive: true, force: true });
  }

  /** Renders are serialised: one page, one job at a time. Throws InPageDeclined for a video the page will not make. */
  render(input: RenderVideoInput): Promise<RenderedVideo> {
    const run = this.queue.then(() => this.renderNow(input));
    this.queue = run.catch(() => undefined);
    return run;
  }

  joinChunks(_input: JoinChunksInput): Promise<RenderedVideo> {
    return Promise.reject(new Error('The in-page renderer renders videos and chunks; chunks are joined by the screenshot renderer.'));
  }

  private async renderNow(input: RenderVideoInput): Promise<RenderedVideo> {
    if (!takesInPage(input)) throw new InPageDeclined('a camera that tilts, or a frame larger than 4k');
    const timer = input.timer ?? new PhaseTimer();
    let page: Page | null = null;
    // Cancel and time-out end the render in the page at once; the page is then closed (a fresh one for the next job).
    // A page too busy to take the abort (a frame that never ends) is closed after a moment, which ends the call too.
    let forceClose: NodeJS.Timeout | null = null;
    const interruption = watchInterruption(input, () => {
      void page
        ?.evaluate<void, typeof IN_PAGE_ABORT_FUNCTION>((abort) => (globalThis as unknown as InPageApi)[abort](), IN_PAGE_ABORT_FUNCTION)
        .catch(() => undefined);
      forceClose ??= setTimeout(() => void this.closePage(), ABORT_GRACE_MS);
    });
    const { props } = input;
    try {
      const launchesBefore = this.browser.launches;
      page = await timer.time('browser', () => this.ensurePage());
      timer.note('browser_launched', this.browser.launches > launchesBefore);
      interruption.throwIfInterrupted();
      const thumbnailPath = input.thumbnailPath ?? null;
      const range = input.frameRange ?? null;
      const pageVideo = range ? chunkMp4Path(input.videoPath) : input.videoPath;
      removeQuietly(input.videoPath);
      if (range) removeQuietly(pageVideo);
      if (thumbnailPath) removeQuietly(thumbnailPath);
      this.outputs = { video: pageVideo, thumbnail: thumbnailPath };
      // The imagery tile cache's tiles reach the page through its own origin (answer()): Chromium keeps a page that
      // is not itself on the loopback from loading from it.
      this.tileSource = props.imagery_tiles?.url ?? null;
      const frameCount = range ? range[1] - range[0] + 1 : props.durationInFrames;
      this.progressTo = (encoded: number) => {
        if (encoded >= frameCount) failpoint('renderer.encoding');
        input.onProgress?.(Math.min(0.97, (encoded / frameCount) * 0.97));
      };
      const answer = await timer.time('frames', () =>
        page!.evaluate(([render, request]) => (globalThis as unknown as InPageApi)[render](request), [
          IN_PAGE_RENDER_FUNCTION,
          inPageRenderRequest(props, {
            compositionId: this.options.compositionId,
            licenseKey: this.options.licenseKey,
            thumbnail: thumbnailPath !== null,
            frameRange: range,
          }),
        ] as const satisfies readonly [typeof IN_PAGE_RENDER_FUNCTION, InPageRenderRequest]),
      );
      interruption.throwIfInterrupted();
      if (!answer.rendered) throw new InPageDeclined(answer.declined);
      timer.note('frames', answer.frames);
      timer.note('in_page_draw_ms', Math.round(answer.drawMs));
      timer.note('in_page_encode_ms', Math.round(answer.encodeMs));
      let video;
      if (range) {
        await timer.time('remux', () => remuxToMpegTs(pageVideo, input.videoPath));
        removeQuietly(pageVideo);
        video = chunkFigures(input.videoPath, range, props);
      } else {
        video = await timer.time('probe', () => readBack(input.videoPath));
      }
      input.onProgress?.(1);
      return video;
    } catch (error) {
      removeQuietly(input.videoPath);
      if (input.frameRange) removeQuietly(chunkMp4Path(input.videoPath));
      if (input.thumbnailPath) removeQuietly(input.thumbnailPath);
      if (error instanceof InPageDeclined) throw error;
      const stopped = interruption.error();
      if (stopped) {
        await this.closePage();
        throw stopped;
      }
      if (error instanceof JobFailure) throw error;
      this.options.log?.(`in-page render failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      // The browser may be the cause: a fresh one for the next job.
      await timer.time('browser_close', () => this.closeBrowser());
      throw new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    } finally {
      this.outputs = null;
      this.tileSource = null;
      this.progressTo = null;
      interruption.dispose();
      if (forceClose) clearTimeout(forceClose);
    }
  }

  private async ensurePage(): Promise<Page> {
    if (this.page && !this.page.isClosed() && this.browser.current?.browser()?.isConnected()) return this.page;
    this.page = null;
    const context = await this.browser.ensure();
    const page = await context.newPage();
    await page.route('**/*', (route) => this.answer(route));
    await page.exposeFunction(IN_PAGE_PROGRESS_FUNCTION, (encoded: number) => this.progressTo?.(encoded));
    await page.goto(`${IN_PAGE_ORIGIN}/index.html`);
    await page.waitForFunction<boolean, typeof IN_PAGE_RENDER_FUNCTION>(
      (render) => typeof (globalThis as unknown as InPageApi)[render] === 'function',
      IN_PAGE_RENDER_FUNCTION,
    );
    this.page = page;
    return page;
  }

  /** One headless Chromium (Playwright), its profile and scratch files in tempDir: TMPDIR in its own environment. */
  private async launch(): Promise<BrowserContext> {
    // Loaded on first use so that importing this file (e.g. in the API process) stays cheap.
    const { chromium } = await import('playwright-core');
    const { tempDir } = this.options;
    fs.mkdirSync(tempDir, { recursive: true });
    return chromium.launchPersistentContext(path.join(tempDir, 'profile'), {
      executablePath: this.browserExecutable,
      env: { ...process.env, TMPDIR: tempDir },
      // The worker handles its signals itself (abort the render, stop the renderer, exit): Playwright must not
      // close the browser under a render, nor exit the process, on its own.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  }

  /**
   * The page's requests: the bundle's files, the outputs it posts back, the imagery tiles of the render's own tile
   * cache (ImageryTileCache, on the loopback) under its own origin, and nothing that leaves the machine but, with a
   * licence key, the web renderer's usage report to Remotion (pageRequestVerdict).
   */
  private async answer(route: Route): Promise<void> {
    const request = route.request();
    const url = new URL(request.url());
    const verdict = pageRequestVerdict(url, this.options.licenseKey ?? null);
    if (verdict === 'pass') return route.continue();
    if (verdict === 'refuse') return route.abort('blockedbyclient');
    const tile = /^\/__mapr\/tiles\/(\d+)\/(\d+)\/(\d+)$/.exec(url.pathname);
    if (tile && this.tileSource) {
      const [z, x, y] = tile.slice(1);
      const answer = await fetch(this.tileSource.replace('{z}', z).replace('{x}', x).replace('{y}', y)).catch(() => null);
      if (!answer?.ok) return route.fulfill({ status: 404 });
      const contentType = answer.headers.get('content-type') ?? 'application/octet-stream';
      return route.fulfill({ status: 200, contentType, body: Buffer.from(await answer.arrayBuffer()) });
    }
    if (request.method() === 'POST') {
      const target = url.href === VIDEO_URL ? this.outputs?.video : url.href === THUMBNAIL_URL ? this.outputs?.thumbnail : null;
      if (!target) return route.fulfill({ status: 404 });
      await fs.promises.writeFile(target, request.postDataBuffer() ?? Buffer.alloc(0));
      return route.fulfill({ status: 204 });
    }
    return answerFromBundle(route, this.options.bundleDir);
  }

  private async closePage(): Promise<void> {
    const page = this.page;
    this.page = null;
    await page?.close().catch(() => undefined);
  }

  private async closeBrowser(): Promise<void> {
    this.page = null;
    await this.browser.close();
  }
}
