/**
 * The renderer port: turns composition props into an MP4 and a thumbnail. The worker depends on
 * this interface. Its adapters: `InPageFirstRenderer`, a worker slot's renderer by default (ADR 0015), which
 * sends what the page renders well to `InPageRenderer` and the rest to `RemotionRenderer` (the screenshot path,
 * the only engine with `RENDER_ENGINE=screenshots`, and the one that draws stills); `RendererPool` over the slots.
 */
import type { PhaseTimer } from '../../../common/util/phase-timer';
import type { MapAnimationProps } from '../../contract';

export interface RenderVideoInput {
  props: MapAnimationProps;
  /** Where the MP4 is written (the folder must exist). */
  videoPath: string;
  /** Where the JPEG thumbnail of the final frame is written; none when absent (chunks but the last). */
  thumbnailPath?: string;
  /**
   * Only these frames (first and last, inclusive) of the composition, as one chunk of a split job
   * (contract §18): written to `videoPath` as an MPEG-TS H.264 stream that joinChunks concatenates without
   * re-encoding. Absent: the whole composition as a fast-start MP4.
   */
  frameRange?: [number, number];
  /** Called with 0–1 as frames are rendered and encoded. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the render within milliseconds; render() then throws RenderCancelledError. */
  signal?: AbortSignal;
  /** Wall-clock limit of the whole render; beyond it render() throws JobFailure('RENDER_TIMEOUT'). */
  timeoutMs?: number;
  /**
   * Where the renderer may record its phases (each in the order it happens, none overlapping, so they add up).
   * The screenshot adapter's (RemotionRenderer): `load` (first import of the renderer library), `browser` (launch,
   * or the liveness check of the reused one), `composition`, `first_frame`, `frames`, `encode`, `mux`, `thumbnail`,
   * `probe`, `browser_close` (after a failure), `temp_cleanup`; a renderer may record others, or none.
   */
  timer?: PhaseTimer;
}

/** Figures read back from the written file. */
export interface RenderedVideo {
  duration_seconds: number;
  width: number;
  height: number;
  file_size_bytes: number;
}

/** The chunks of a split job, joined into one MP4 (RemotionRenderer: combineChunks of @remotion/renderer). */
export interface JoinChunksInput {
  /** The chunk files that render() wrote with a frameRange, in frame order. */
  chunkPaths: string[];
  /** Where the joined fast-start MP4 is written. */
  videoPath: string;
  fps: number;
  durationInFrames: number;
  /** Frames of every chunk but possibly the last. */
  framesPerChunk: number;
  signal?: AbortSignal;
  /** The renderer records `combine` and `probe` here. */
  timer?: PhaseTimer;
}

export interface Renderer {
  /** Launches what the renderer needs (the browser); safe to call twice. */
  start(): Promise<void>;
  render(input: RenderVideoInput): Promise<RenderedVideo>;
  /** Joins chunks into the video one render() of the whole composition would have made. */
  joinChunks(input: JoinChunksInput): Promise<RenderedVideo>;
  /** Closes the browser and removes temporary files; render() may start it again. */
  stop(): Promise<void>;
}

/** One frame to draw (RemotionRenderer.renderStill). */
export interface StillInput {
  props: MapAnimationProps;
  /** Clamped to the composition's frames. */
  frame: number;
  /** `jpeg` (the default) or lossless `png`. */
  imageFormat?: 'jpeg' | 'png';
  /** JPEG only; 88 unless told. */
  jpegQuality?: number;
  signal?: AbortSignal;
}

/** Draws single frames as PNG or JPEG bytes (preview stills); `stop()` closes its browser and removes its temp files. */
export interface StillRenderer {
  renderStill(input: StillInput): Promise<Buffer>;
  stop(): Promise<void>;
}

/** Thrown by render() (and renderStill) when its AbortSignal fired. Not a job failure: the job was cancelled. */
export class RenderCancelledError extends Error {
  constructor(message = 'The render was cancelled') {
    super(message);
    this.name = 'RenderCancelledError';
  }
}
