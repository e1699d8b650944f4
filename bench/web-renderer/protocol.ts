/** What bench/render-web.ts asks of its page (bench/web-renderer/page.tsx), and what the page answers. No DOM types here. */
import type { MapAnimationProps } from '../../src/modules/rendering/contract';

export interface WebRenderRequest {
  props: MapAnimationProps;
  composition: 'MapAnimation' | 'Blank';
  hardwareAcceleration: 'no-preference' | 'prefer-hardware' | 'prefer-software';
  /** Bits per second; the screenshot path's x264 output of the same job is the yardstick. */
  videoBitrate: number;
  /** Where the MP4 is POSTed. */
  resultUrl: string;
  /**
   * "browser": Chromium turns each RGB frame into YUV itself (full range, tagged yuvj420p, on this CPU-only Chromium).
   * "bt709-limited": the page does it (limited-range BT.709 I420, as x264's yuv420p output is), so the MP4 passes the
   * service's file check.
   */
  yuv: 'browser' | 'bt709-limited';
}

export interface WebRenderResult {
  /** From the call until every frame was drawn and encoded (ms). */
  framesMs: number;
  /** The whole call, muxing included (ms). */
  totalMs: number;
  /** Time inside the renderer, by kind (ms): waiting for the frame, drawing it to the canvas, handing it to the encoder. */
  waitForReadyMs: number;
  createFrameMs: number;
  addSampleMs: number;
  bytes: number;
}

export interface EncoderProbeRequest {
  props: MapAnimationProps;
  /** avc1.* codec string: the profile and level WebCodecs is asked for. */
  codec: string;
  latencyMode: 'quality' | 'realtime';
  bitrate: number;
  /** Encode only: every frame is the same pre-drawn map, so drawing costs nothing. */
  encodeOnly: boolean;
  /**
   * Instead of encoding in the page, each drawn frame leaves it for an encoder outside (x264): read back as raw RGBA
   * or as a JPEG (what a screenshot gives), and POSTed to this URL.
   */
  handOff?: { as: 'rgba' | 'jpeg'; url: string };
}

export interface EncoderProbeResult {
  /** Frames drawn and encoded per second. */
  fps: number;
  drawMsPerFrame: number;
  bytes: number;
}

/** The functions the page puts on `window`. */
export interface BenchPage {
  maprEncoderProbe: (request: EncoderProbeRequest) => Promise<EncoderProbeResult>;
  maprEncodableCodecs: () => Promise<string[]>;
  maprWebRender: (request: WebRenderRequest) => Promise<WebRenderResult>;
}
