/**
 * Rendering inside the page (ADR 0015): the composition is drawn onto a canvas frame by frame by
 * `@remotion/web-renderer` and encoded by Chromium's own H.264 encoder (WebCodecs), with no screenshot per frame.
 * `InPageRenderer` (src/modules/rendering/renderer/in-page-renderer.ts) opens the bundle's page and calls
 * `window.maprRenderInPage`; the MP4 and the last frame's JPEG go back to it as POSTs to the page's own origin,
 * which the renderer intercepts.
 *
 * Only videos whose camera never tilts are rendered here: the web renderer draws a CSS 3D transform (our tilted
 * plane) in ~150 ms a frame, slower than a screenshot. Those are declined, and the screenshot path renders them.
 */
import { renderMediaOnWeb } from '@remotion/web-renderer';
import { type MapAnimationProps, neverTilts } from '../../src/modules/rendering/contract';
import { MapAnimation } from '../compositions/MapAnimation';
import { rgbaToI420Bt709 } from './yuv';

export interface InPageRenderRequest {
  props: MapAnimationProps;
  /** Bits per second of the H.264 stream. */
  videoBitrate: number;
  /** Where the MP4 is POSTed; the thumbnail (the last frame as a JPEG) goes to `thumbnailUrl` when given. */
  videoUrl: string;
  thumbnailUrl: string | null;
}

export type InPageRenderAnswer =
  { rendered: true; frames: number; drawMs: number; encodeMs: number } | { rendered: false; declined: string };

export interface InPageApi {
  maprRenderInPage(request: InPageRenderRequest): Promise<InPageRenderAnswer>;
  /** Aborts the render under way (its promise rejects); nothing when none is. */
  maprAbortRenderInPage(): void;
  /** Installed by the renderer (Playwright's exposeFunction): frames encoded so far. */
  maprReportProgress?: (encodedFrames: number) => Promise<void>;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Window extends InPageApi {}
}

/** JPEG quality of the thumbnail, as the screenshot path's (a quality-88 still). */
const THUMBNAIL_QUALITY = 0.88;

let running: AbortController | null = null;

async function post(url: string, body: Blob): Promise<void> {
  const response = await fetch(url, { method: 'POST', body });
  if (!response.ok) throw new Error(`POST ${url} answered ${response.status}`);
}

async function jpegOf(frame: VideoFrame): Promise<Blob> {
  const canvas = new OffscreenCanvas(frame.displayWidth, frame.displayHeight);
  canvas.getContext('2d')!.drawImage(frame, 0, 0);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: THUMBNAIL_QUALITY });
}

window.maprAbortRenderInPage = () => running?.abort();

window.maprRenderInPage = async ({ props, videoBitrate, videoUrl, thumbnailUrl }) => {
  if (!neverTilts(props)) return { rendered: false, declined: 'the camera tilts' };
  const controller = new AbortController();
  running = controller;
  const { width, height, fps, durationInFrames } = props;
  const frameDuration = Math.round(1e6 / fps);
  const rgba = new Uint8Array(width * height * 4);
  const i420 = new Uint8Array((width * height * 3) / 2);
  const lastTimestamp = Math.round(((durationInFrames - 1) / fps) * 1e6);
  let thumbnail: Promise<Blob> | null = null;
  let reported = 0;
  try {
    const { getBlob, internalState } = await renderMediaOnWeb({
      composition: { id: 'MapAnimation', component: MapAnimation, width, height, fps, durationInFrames, defaultProps: props },
      inputProps: props,
      container: 'mp4',
      videoCodec: 'h264',
      muted: true,
      hardwareAcceleration: 'prefer-software',
      videoBitrate,
      keyframeIntervalInSeconds: 2,
      licenseKey: null,
      isProduction: true,
      logLevel: 'error',
      signal: controller.signal,
      onFrame: async (frame) => {
        if (thumbnailUrl && frame.timestamp === lastTimestamp) thumbnail = jpegOf(frame);
        // Chromium would turn the RGB frame into full-range YUV (yuvj420p), which some players show with wrong
        // contrast: the page converts it to limited-range BT.709 itself, tagged, as x264's yuv420p. Each frame also
        // carries its duration, without which the MP4 would end one frame early.
        await frame.copyTo(rgba, { format: 'RGBA' });
        rgbaToI420Bt709(rgba, width, height, i420);
        const converted = new VideoFrame(i420, {
          format: 'I420',
          codedWidth: width,
          codedHeight: height,
          timestamp: frame.timestamp,
          duration: frameDuration,
          colorSpace: { primaries: 'bt709', transfer: 'bt709', matrix: 'bt709', fullRange: false },
        });
        frame.close();
        return converted;
      },
      onProgress: (progress) => {
        if (progress.encodedFrames - reported >= Math.max(1, Math.round(fps / 3)) || progress.encodedFrames === durationInFrames) {
          reported = progress.encodedFrames;
          void window.maprReportProgress?.(reported);
        }
      },
    });
    await post(videoUrl, await getBlob());
    if (thumbnailUrl) {
      if (!thumbnail) throw new Error('the last frame was never drawn');
      await post(thumbnailUrl, await thumbnail);
    }
    return {
      rendered: true,
      frames: durationInFrames,
      drawMs: internalState.getCreateFrameTime(),
      encodeMs: internalState.getAddSampleTime(),
    };
  } finally {
    if (running === controller) running = null;
  }
};
