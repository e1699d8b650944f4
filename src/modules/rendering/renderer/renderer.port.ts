/**
 * The renderer port: turns composition props into an MP4 and a thumbnail. The worker depends on
 * this interface; `RemotionRenderer` is the production adapter.
 */
import type { PhaseTimer } from '../../../common/util/phase-timer';
import type { MapAnimationProps } from '../contract/composition-props';

export interface RenderVideoInput {
  props: MapAnimationProps;
  /** Where the MP4 is written (the folder must exist). */
  videoPath: string;
  /** Where the JPEG thumbnail of the final frame is written. */
  thumbnailPath: string;
  /** Called with 0–1 as frames are rendered and encoded. */
  onProgress?: (fraction: number) => void;
  /** Aborting cancels the render within milliseconds; render() then throws RenderCancelledError. */
  signal?: AbortSignal;
  /** Wall-clock limit of the whole render; beyond it render() throws JobFailure('RENDER_TIMEOUT'). */
  timeoutMs?: number;
  /**
   * Where the renderer may record its phases (each in the order it happens, none overlapping, so they add up).
   * The Remotion adapter's: `load` (first import of the renderer library), `browser` (launch, or the liveness
   * check of the reused one), `composition`, `first_frame`, `frames`, `encode`, `mux`, `thumbnail`, `probe`,
   * `browser_close` (after a failure), `temp_cleanup`; a renderer may record others, or none.
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

export interface Renderer {
  /** Launches what the renderer needs (the browser); safe to call twice. */
  start(): Promise<void>;
  render(input: RenderVideoInput): Promise<RenderedVideo>;
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
