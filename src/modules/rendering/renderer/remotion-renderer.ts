/**
 * Renderer adapter on Remotion's screenshot path (the fallback of the in-page renderer, ADR 0015, and the engine of
 * tilted cameras, chunks, their join and stills): what is rendered, with the browser of a RemotionBrowser (its launch,
 * reuse, temp folder and shutdown are there). renderMedia and renderStill reuse that browser; the composition's size
 * and length come from the props (composition-config.ts); H.264/yuv420p fast-start MP4 plus a JPEG of the final
 * frame, written by the encoder (thumbnail-output.ts); figures read back from the written file. Operations are
 * serialised: one browser, one at a time. Cancel and time limit: interruption.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChromiumOptions, LogLevel, X264Preset } from '@remotion/renderer';
import { failpoint } from '../../../common/util/failpoints';
import { PhaseTimer } from '../../../common/util/phase-timer';
import { JobFailure } from '../errors/rendering.errors';
import { MAP_ANIMATION_COMPOSITION_ID } from '../../contract';
import { JoinChunksInput, RenderCancelledError, RenderedVideo, Renderer, RenderVideoInput, StillInput } from './renderer.port';
import { compositionConfig } from './composition-config';
import { watchInterruption } from './interruption';
import { loadedRemotion, loadRemotion, RemotionBrowser } from './remotion-browser';
import { renderMediaStages } from './render-media-stages';
import { lastFrameAsJpeg } from './thumbnail-output';
import { chunkFigures, readBack, removeQuietly } from './video-output';

export interface RemotionRendererOptions {
  /** Folder produced by `npm run build:remotion` (see ensureRemotionBundle). */
  bundleDir: string;
  /** Defaults to Debian's /usr/bin/chromium. */
  browserExecutable?: string;
  /** Private temp folder of this worker (created if missing, emptied on stop). */
  tempDir: string;
  /** Composition to render; the bench's bundle also has `Blank`. */
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
  /**
   * Remotion's licence key (REMOTION_LICENSE_KEY), given to renderMedia and renderStill, which then report each
   * render's use to Remotion from this process; null (the default): none, and nothing is reported.
   */
  licenseKey?: string | null;
  /** Operator log for details that must not reach a client (stack traces, paths). */
  log?: (message: string) => void;
}

export class RemotionRenderer implements Renderer {
  private readonly browser: RemotionBrowser;
  private queue: Promise<unknown> = Promise.resolve();
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
      licenseKey: null,
      // Options given as undefined keep their defaults.
      ...(Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as RemotionRendererOptions),
      tempDir: path.resolve(options.tempDir),
    };
    const { browserExecutable, tempDir, gl, logLevel } = this.options;
    this.browser = new RemotionBrowser({ browserExecutable, tempDir, gl, logLevel });
  }

  async start(): Promise<void> {
    await this.browser.ensure();
  }

  /** Closes the browser and removes the temp files (RemotionBrowser.stop). */
  stop(): Promise<void> {
    return this.browser.stop();
  }

  /** Renders are serialised: one browser, one job at a time. */
  render(input: RenderVideoInput): Promise<RenderedVideo> {
    return this.serialised(() => this.renderNow(input));
  }

  /**
   * Joins the chunks of a split job with combineChunks, as Remotion Lambda does: chunks rendered as MPEG-TS
   * H.264 (`h264-ts`) are concatenated byte for byte (ffmpeg's concat protocol) and copied into one fast-start
   * MP4 at the composition's frame rate, without re-encoding, so every frame is the chunk's own. Serialised with
   * the renders (its temp folder is the renderer's, which a render's cleanup empties).
   */
  joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    return this.serialised(() => this.joinNow(input));
  }

  /** One operation after the other, each with Remotion's temp files in the browser's folder. */
  private serialised<T>(operation: () => Promise<T>): Promise<T> {
    const run = this.queue.then(() => this.browser.run(operation));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async joinNow(input: JoinChunksInput): Promise<RenderedVideo> {
    const timer = input.timer ?? new PhaseTimer();
    const remotion = loadedRemotion() ?? (await timer.time('load', loadRemotion));
    const { cancelSignal, cancel } = remotion.makeCancelSignal();
    const interruption = watchInterruption(input, cancel);
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
      interruption.throwIfInterrupted();
      return await timer.time('probe', () => readBack(input.videoPath));
    } catch (error) {
      removeQuietly(input.videoPath);
      interruption.throwIfInterrupted();
      if (error instanceof JobFailure) throw error;
      this.options.log?.(`join failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      throw new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    } finally {
      interruption.dispose();
      this.browser.cleanTemp();
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
    return this.serialised(() => this.renderStillNow(input));
  }

  private async renderStillNow(input: StillInput & { output?: string }): Promise<Buffer | void> {
    const remotion = await loadRemotion();
    const { cancelSignal, cancel } = remotion.makeCancelSignal();
    const interruption = watchInterruption(input, cancel);
    let tabsBefore: number | null = null;
    try {
      const browser = await this.browser.ensure();
      tabsBefore = await this.browser.openTabs();
      interruption.throwIfInterrupted();
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
        licenseKey: this.options.licenseKey,
      });
      if (input.output !== undefined) return;
      if (!buffer) throw new Error('renderStill returned no image');
      return buffer;
    } catch (error) {
      // Cancelled: Remotion closes the still's tab itself, without awaiting it. Closing the browser under that close
      // rejected it with nobody listening, which ended the process; so the tab is given time to close first, and the
      // browser, fine once it has, is kept. A tab that does not close, or any other failure (the browser may be its
      // cause), discards the browser: the next still starts a fresh one.
      const tabClosed =
        interruption.error() !== null && tabsBefore !== null && (await this.browser.tabsBackTo(tabsBefore, TAB_CLOSE_GRACE_MS));
      if (!tabClosed) await this.browser.discard();
      interruption.throwIfInterrupted();
      throw error;
    } finally {
      interruption.dispose();
      this.browser.cleanTemp();
    }
  }

  private async renderNow(input: RenderVideoInput): Promise<RenderedVideo> {
    const timer = input.timer ?? new PhaseTimer();
    const remotion = loadedRemotion() ?? (await timer.time('load', loadRemotion));
    const { cancelSignal, cancel } = remotion.makeCancelSignal();
    const interruption = watchInterruption(input, cancel);

    try {
      const launchesBefore = this.browser.launches;
      // A reused browser costs one DevTools round trip (its liveness check); a launch, the Chromium start.
      const browser = await timer.time('browser', () => this.browser.ensure());
      timer.note('browser_launched', this.browser.launches > launchesBefore);
      interruption.throwIfInterrupted();
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
          licenseKey: this.options.licenseKey,
          onStart: stages.onStart,
          onProgress: (progress) => {
            stages.onProgress(progress);
            if (progress.renderedFrames >= frameCount) failpoint('renderer.encoding');
            input.onProgress?.(Math.min(0.97, progress.progress * 0.97));
          },
        })
        .finally(stages.end);
      interruption.throwIfInterrupted();
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
            // Part of the video just rendered, whose use renderMedia reported: not a render of its own.
            licenseKey: null,
          }),
        );
      }
      interruption.throwIfInterrupted();
      const video = range ? chunkFigures(input.videoPath, range, composition) : await timer.time('probe', () => readBack(input.videoPath));
      input.onProgress?.(1);
      return video;
    } catch (error) {
      removeQuietly(input.videoPath);
      if (input.thumbnailPath) removeQuietly(input.thumbnailPath);
      interruption.throwIfInterrupted();
      if (error instanceof JobFailure || error instanceof RenderCancelledError) throw error;
      this.options.log?.(`render failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      // The browser may be the cause: start a fresh one for the next job.
      await timer.time('browser_close', () => this.browser.discard());
      throw new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    } finally {
      interruption.dispose();
      const stopCleanup = timer.start('temp_cleanup');
      this.browser.cleanTemp();
      stopCleanup();
    }
  }
}

/** How long a cancelled still's tab may take to close before its browser is closed instead. */
const TAB_CLOSE_GRACE_MS = 3_000;

function hasContent(file: string): boolean {
  try {
    return fs.statSync(file).size > 0;
  } catch {
    return false;
  }
}
