/**
 * Renderer adapter on Remotion: one Chromium per renderer, launched once and reused by renderMedia
 * and renderStill (the composition's size and length come from the props: composition-config.ts);
 * H.264/yuv420p fast-start MP4 plus a JPEG of the final frame, written by the encoder
 * (thumbnail-output.ts); figures read back from the written file.
 *
 * Shutdown: launching the browser makes Remotion add its own process listeners (SIGTERM and
 * SIGHUP close the browser, SIGINT kills it and exits with 130). Because a SIGTERM listener now
 * exists, Node no longer exits on SIGTERM by itself. The worker must therefore handle SIGTERM
 * itself: stop taking jobs, abort the running render through its AbortSignal (or let it finish
 * within the grace period), `await renderer.stop()`, then exit. stop() closes the browser and
 * removes the listeners (Remotion removes them when the browser closes) and the temp files.
 *
 * Temp files: Remotion puts the browser profile and its frame folders in `os.tmpdir()` and has
 * no option for another place. The renderer therefore runs each of its operations in an async
 * context that points os.tmpdir() at its `tempDir` (other code of the process keeps the system's),
 * and sets TMPDIR while it launches Chromium, so the browser's own scratch files follow. Several
 * renderers in one process (the worker's and the API's preview stills in the `all` role) thus
 * keep apart, each in its own `tempDir`. Remotion's and Chromium's folders (found by name; other
 * files are left alone) are removed after each job, but for the live browser's own, and all on stop().
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChromiumOptions, HeadlessBrowser, LogLevel, X264Preset } from '@remotion/renderer';
import { failpoint } from '../../../common/util/failpoints';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { JobFailure } from '../rendering.errors';
import { MAP_ANIMATION_COMPOSITION_ID } from '../contract/composition-props';
import { JoinChunksInput, RenderCancelledError, RenderedVideo, Renderer, RenderVideoInput, StillInput } from './renderer.port';
import { compositionConfig } from './composition-config';
import { renderMediaStages } from './render-media-stages';
import { lastFrameAsJpeg } from './thumbnail-output';
import { readBack, removeQuietly, timeoutFailure } from './video-output';

export interface RemotionRendererOptions {
  /** Folder produced by `npm run build:remotion` (see ensureRemotionBundle). */
  bundleDir: string;
  /** Defaults to Debian's /usr/bin/chromium. */
  browserExecutable?: string;
  /** Private temp folder of this worker (created if missing, emptied on stop). */
  tempDir: string;
  /** Composition to render; `Blank` is used by the benchmark. */
  compositionId?: string;
  /** Browser tabs rendering in parallel. 1 measured fastest on 2 cores. */
  concurrency?: number;
  x264Preset?: X264Preset;
  /** H.264 constant rate factor (lower = better, bigger). */
  crf?: number;
  /** Quality of the JPEG frames handed to the encoder. */
  jpegQuality?: number;
  /** Format of the frames handed to the encoder; JPEG measured faster than PNG (ADR 0009). */
  frameFormat?: 'jpeg' | 'png';
  /** Chromium's GL backend (Remotion's `chromiumOptions.gl`); null, Chromium's own choice, measured fastest (ADR 0009). */
  gl?: ChromiumOptions['gl'];
  logLevel?: LogLevel;
  /** Operator log for details that must not reach a client (stack traces, paths). */
  log?: (message: string) => void;
}

type Remotion = typeof import('@remotion/renderer');

export class RemotionRenderer implements Renderer {
  private browser: HeadlessBrowser | null = null;
  private browserDied = false;
  /** Browsers launched so far (a render notes whether it launched one). */
  private launches = 0;
  private launching: Promise<HeadlessBrowser> | null = null;
  /** Entries of tempDir that belong to the live browser (its profile) and must survive a job. */
  private keep = new Set<string>();
  private queue: Promise<unknown> = Promise.resolve();
  private remotion: Remotion | null = null;
  private readonly options: Required<Omit<RemotionRendererOptions, 'log'>> & Pick<RemotionRendererOptions, 'log'>;

  constructor(options: RemotionRendererOptions) {
    this.options = {
      browserExecutable: '/usr/bin/chromium',
      compositionId: MAP_ANIMATION_COMPOSITION_ID,
      concurrency: 1,
      // Measured at 1080p on 2 cores: veryfast 9.6, superfast 9.9, ultrafast 10.1 fps (within the
      // noise), but superfast doubled the file size at the same CRF: veryfast it is.
      x264Preset: 'veryfast',
      crf: 20,
      jpegQuality: 80,
      frameFormat: 'jpeg',
      gl: null,
      logLevel: 'error',
      // Options given as undefined keep their defaults.
      ...(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as RemotionRendererOptions),
      tempDir: path.resolve(options.tempDir),
    };
  }

  async start(): Promise<void> {
    await withTempDir(this.options.tempDir, () => this.ensureBrowser());
  }

  async stop(): Promise<void> {
    const browser = this.browser ?? (await this.launching?.catch(() => null)) ?? null;
    this.browser = null;
    this.launching = null;
    if (browser) await browser.close({ silent: true }).catch(() => undefined);
    this.keep.clear();
    this.cleanTemp();
  }

  /** Renders are serialised: one browser, one job at a time. */
  render(input: RenderVideoInput): Promise<RenderedVideo> {
    const run = this.queue.then(() => withTempDir(this.options.tempDir, () => this.renderNow(input)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Joins the chunks of a split job with combineChunks, as Remotion Lambda does: chunks rendered as MPEG-TS
   * H.264 (`h264-ts`) are concatenated byte for byte (ffmpeg's concat protocol) and copied into one fast-start
   * MP4 at the composition's frame rate, without re-encoding, so every frame is the chunk's own. Serialised with
   * the renders (its temp folder is the renderer's, which a render's cleanup empties).
   */
  joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    const run = this.queue.then(() => withTempDir(this.options.tempDir, () => this.joinNow(input)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async joinNow(input: JoinChunksInput): Promise<RenderedVideo> {
    if (input.signal?.aborted) throw new RenderCancelledError();
    const timer = input.timer ?? new PhaseTimer();
    const remotion = this.remotion ?? (await timer.time('load', () => this.load()));
    const { cancelSignal, cancel } = remotion.makeCancelSignal();
    const onAbort = () => cancel();
    input.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      await timer.time('combine', () =>
        remotion.combineChunks({
          outputLocation: input.videoPath,
          videoFiles: input.chunkPaths,
          audioFiles: [],
          codec: 'h264',
          fps: input.fps,
          framesPerChunk: input.framesPerChunk,
          compositionDurationInFrames: input.durationInFrames,
          preferLossless: false,
          cancelSignal,
          logLevel: this.options.logLevel,
        }),
      );
      if (input.signal?.aborted) throw new RenderCancelledError();
      return await timer.time('probe', () => readBack(input.videoPath));
    } catch (error) {
      removeQuietly(input.videoPath);
      if (input.signal?.aborted) throw new RenderCancelledError();
      if (error instanceof JobFailure) throw error;
      this.options.log?.(`join failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    } finally {
      input.signal?.removeEventListener('abort', onAbort);
      this.cleanTemp();
    }
  }

  /**
   * One frame of `props` as a JPEG (style previews, pictures for the docs) or a PNG (preview stills), written to
   * `output`, or answered as bytes without `output`; serialised with the renders. Aborting `signal` cancels it
   * (RenderCancelledError). A failed or cancelled still discards the browser: the next one starts a fresh one.
   */
  renderStill(input: StillInput & { output: string }): Promise<void>;
  renderStill(input: StillInput & { output?: undefined }): Promise<Buffer>;
  renderStill(input: StillInput & { output?: string }): Promise<Buffer | void> {
    const run = this.queue.then(() => withTempDir(this.options.tempDir, () => this.renderStillNow(input)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async renderStillNow(input: StillInput & { output?: string }): Promise<Buffer | void> {
    if (input.signal?.aborted) throw new RenderCancelledError();
    const remotion = await this.load();
    const { cancelSignal, cancel } = remotion.makeCancelSignal();
    const onAbort = () => cancel();
    input.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const browser = await this.ensureBrowser();
      if (input.signal?.aborted) throw new RenderCancelledError();
      const { bundleDir, compositionId, logLevel, browserExecutable } = this.options;
      const inputProps = input.props as unknown as Record<string, unknown>;
      const composition = compositionConfig(compositionId, input.props);
      const format = input.imageFormat ?? 'jpeg';
      const { buffer } = await remotion.renderStill({
        serveUrl: bundleDir,
        composition,
        inputProps,
        frame: Math.max(0, Math.min(composition.durationInFrames - 1, input.frame)),
        output: input.output ?? null,
        overwrite: true,
        imageFormat: format,
        ...(format === 'jpeg' ? { jpegQuality: input.jpegQuality ?? 88 } : {}),
        puppeteerInstance: browser,
        browserExecutable,
        cancelSignal,
        logLevel,
      });
      if (input.output !== undefined) return;
      if (!buffer) throw new Error('renderStill returned no image');
      return buffer;
    } catch (error) {
      // The browser may be the cause, or be left mid-frame: start a fresh one for the next still.
      await this.discardBrowser();
      if (input.signal?.aborted) throw new RenderCancelledError();
      throw error;
    } finally {
      input.signal?.removeEventListener('abort', onAbort);
      this.cleanTemp();
    }
  }

  private async renderNow(input: RenderVideoInput): Promise<RenderedVideo> {
    if (input.signal?.aborted) throw new RenderCancelledError();
    const timer = input.timer ?? new PhaseTimer();
    const remotion = this.remotion ?? (await timer.time('load', () => this.load()));
    const { cancelSignal, cancel } = remotion.makeCancelSignal();
    let cancelled = false;
    let timedOut = false;
    const onAbort = () => {
      cancelled = true;
      cancel();
    };
    input.signal?.addEventListener('abort', onAbort, { once: true });
    const deadline = input.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          cancel();
        }, input.timeoutMs)
      : null;
    const interrupted = () => {
      if (cancelled) throw new RenderCancelledError();
      if (timedOut) throw timeoutFailure(input.timeoutMs!);
    };

    try {
      const launchesBefore = this.launches;
      // A reused browser costs one DevTools round trip (its liveness check); a launch, the Chromium start.
      const browser = await timer.time('browser', () => this.ensureBrowser());
      timer.note('browser_launched', this.launches > launchesBefore);
      interrupted();
      const { bundleDir, compositionId, logLevel } = this.options;
      const inputProps = input.props as unknown as Record<string, unknown>;
      const composition = compositionConfig(compositionId, input.props);
      const range = input.frameRange;
      const frameCount = range ? range[1] - range[0] + 1 : composition.durationInFrames;
      const stages = renderMediaStages(timer, frameCount);
      const thumbnailPath = input.thumbnailPath;
      if (thumbnailPath) removeQuietly(thumbnailPath);
      await remotion
        .renderMedia({
          serveUrl: bundleDir,
          composition,
          inputProps,
          // A chunk is an MPEG-TS stream, so that chunks concatenate without re-encoding (joinChunks).
          codec: range ? 'h264-ts' : 'h264',
          frameRange: range ?? null,
          outputLocation: input.videoPath,
          overwrite: true,
          pixelFormat: 'yuv420p',
          // Limited-range BT.709, tagged: plays the same everywhere (the default gives full-range yuvj420p).
          colorSpace: 'bt709',
          ...(this.options.frameFormat === 'png'
            ? { imageFormat: 'png' as const }
            : { imageFormat: 'jpeg' as const, jpegQuality: this.options.jpegQuality }),
          x264Preset: this.options.x264Preset,
          crf: this.options.crf,
          concurrency: this.options.concurrency,
          muted: true,
          enforceAudioTrack: false,
          // The encoder keeps the last frame as the thumbnail (thumbnail-output.ts).
          ...(thumbnailPath ? { ffmpegOverride: lastFrameAsJpeg(thumbnailPath, frameCount, composition.fps) } : {}),
          puppeteerInstance: browser,
          browserExecutable: this.options.browserExecutable,
          cancelSignal,
          logLevel,
          onStart: stages.onStart,
          onProgress: (progress) => {
            stages.onProgress(progress);
            if (progress.renderedFrames >= frameCount) failpoint('renderer.encoding');
            input.onProgress?.(Math.min(0.97, progress.progress * 0.97));
          },
        })
        .finally(stages.end);
      interrupted();
      const thumbnailFromEncoder = thumbnailPath !== undefined && hasContent(thumbnailPath);
      if (thumbnailPath) timer.note('thumbnail_from_encoder', thumbnailFromEncoder);
      if (thumbnailPath && !thumbnailFromEncoder) {
        // Remotion encoded from frame files (no pre-stitcher to take the frame from): a screenshot of the last frame.
        await timer.time('thumbnail', () =>
          remotion.renderStill({
            serveUrl: bundleDir,
            composition,
            inputProps,
            frame: range ? range[1] : composition.durationInFrames - 1,
            output: thumbnailPath,
            overwrite: true,
            imageFormat: 'jpeg',
            jpegQuality: 88,
            puppeteerInstance: browser,
            browserExecutable: this.options.browserExecutable,
            cancelSignal,
            logLevel,
          }),
        );
      }
      interrupted();
      // A chunk's figures are what it was asked for (an MPEG-TS stream has no container duration worth probing).
      const video = range
        ? {
            duration_seconds: (range[1] - range[0] + 1) / composition.fps,
            width: composition.width,
            height: composition.height,
            file_size_bytes: fs.statSync(input.videoPath).size,
          }
        : await timer.time('probe', () => readBack(input.videoPath));
      input.onProgress?.(1);
      return video;
    } catch (error) {
      removeQuietly(input.videoPath);
      if (input.thumbnailPath) removeQuietly(input.thumbnailPath);
      if (cancelled) throw new RenderCancelledError();
      if (timedOut) throw timeoutFailure(input.timeoutMs!);
      if (error instanceof JobFailure || error instanceof RenderCancelledError) throw error;
      this.options.log?.(`render failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      // The browser may be the cause: start a fresh one for the next job.
      await timer.time('browser_close', () => this.discardBrowser());
      throw new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    } finally {
      if (deadline) clearTimeout(deadline);
      input.signal?.removeEventListener('abort', onAbort);
      const stopCleanup = timer.start('temp_cleanup');
      this.cleanTemp();
      stopCleanup();
    }
  }

  private async load(): Promise<Remotion> {
    // Loaded on first use so that importing this file (e.g. in the API process) stays cheap.
    this.remotion ??= await import('@remotion/renderer');
    return this.remotion;
  }

  private async ensureBrowser(): Promise<HeadlessBrowser> {
    if (this.browser && !this.browserDied && (await isAlive(this.browser))) return this.browser;
    // Gone (crashed, killed, or closed by Remotion's own signal handler): start a fresh one.
    if (this.browser) await this.discardBrowser();
    this.launching ??= this.launch().finally(() => {
      this.launching = null;
    });
    return this.launching;
  }

  private async launch(): Promise<HeadlessBrowser> {
    const remotion = await this.load();
    fs.mkdirSync(this.options.tempDir, { recursive: true });
    const before = new Set(fs.readdirSync(this.options.tempDir));
    const browser = await withTmpdirEnv(this.options.tempDir, () =>
      remotion.openBrowser('chrome', {
        browserExecutable: this.options.browserExecutable,
        logLevel: this.options.logLevel,
        chromiumOptions: { gl: this.options.gl },
      }),
    );
    for (const entry of fs.readdirSync(this.options.tempDir)) if (!before.has(entry)) this.keep.add(entry);
    this.launches += 1;
    this.browserDied = false;
    const markDead = () => {
      if (this.browser === browser) this.browserDied = true;
    };
    browser.on('closed', markDead);
    browser.on('closed-silent', markDead);
    this.browser = browser;
    return browser;
  }

  private async discardBrowser(): Promise<void> {
    const browser = this.browser;
    this.browser = null;
    this.browserDied = false;
    this.keep.clear();
    if (browser) await browser.close({ silent: true }).catch(() => undefined);
  }

  /**
   * Removes what Remotion and Chromium left in tempDir, keeping the live browser's own folders.
   * Only their folders (by name): other code of the process may use the same temp directory.
   */
  private cleanTemp(): void {
    let entries: string[];
    try {
      entries = fs.readdirSync(this.options.tempDir);
    } catch {
      return;
    }
    const browserAlive = this.browser !== null;
    for (const entry of entries) {
      if (!REMOTION_TEMP_PREFIXES.some((prefix) => entry.startsWith(prefix))) continue;
      if (this.keep.has(entry)) continue;
      // Chromium's own scratch folders (created after launch, its audio client's too) belong to the live browser.
      if (browserAlive && BROWSER_TEMP_PREFIXES.some((prefix) => entry.startsWith(prefix))) continue;
      fs.rmSync(path.join(this.options.tempDir, entry), { recursive: true, force: true });
    }
  }
}

/** The temp folder of the renderer whose operation runs in the current async context. */
const rendererTempDir = new AsyncLocalStorage<string>();
let tmpdirRouted = false;

/**
 * Runs `fn` with os.tmpdir() answering `dir` within it (and everything it awaits or schedules). The first
 * call points the real module object's tmpdir (the one Remotion uses, hence require and not an import
 * copy) at the async context, falling back to the system's: code outside a renderer's operation is unaffected.
 */
function withTempDir<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  if (!tmpdirRouted) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeOs = require('node:os') as { tmpdir: () => string };
    const systemTmpdir = nodeOs.tmpdir;
    nodeOs.tmpdir = () => rendererTempDir.getStore() ?? systemTmpdir();
    tmpdirRouted = true;
  }
  return rendererTempDir.run(dir, fn);
}

let launches: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` (a browser launch) with TMPDIR set to `dir`, so the Chromium it spawns keeps its scratch files
 * there; launches of all renderers of the process take turns, so each browser gets its own renderer's folder.
 */
function withTmpdirEnv<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const run = launches.then(async () => {
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    try {
      return await fn();
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  });
  launches = run.catch(() => undefined);
  return run;
}

/** A DevTools round trip: fails fast when the browser process is gone. */
async function isAlive(browser: HeadlessBrowser): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (browser.connection as unknown as { send(method: string): Promise<unknown> }).send('Browser.getVersion'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('browser did not answer')), 3000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Names of the temp folders Remotion 4.0 (profile, frames, assets) and Chromium (scratch, PulseAudio client) create. */
const BROWSER_TEMP_PREFIXES = ['org.chromium.', 'pulse-'];
const REMOTION_TEMP_PREFIXES = ['puppeteer_dev_chrome_profile-', 'react-motion-render', 'remotion-', ...BROWSER_TEMP_PREFIXES];

function hasContent(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}
