/**
 * Rendering inside the page (ADR 0015): the composition is drawn onto a canvas frame by frame by
 * `@remotion/web-renderer` and encoded by Chromium's own H.264 encoder (WebCodecs), with no screenshot per frame.
 * `InPageRenderer` (src/modules/rendering/renderer/in-page-renderer.ts) opens the bundle's page and calls the function
 * the protocol names (contract/in-page-protocol.ts); the MP4 and the last frame's JPEG go back to it as POSTs to the
 * page's own origin, which the renderer intercepts. The bundle's entry installs it with the compositions it draws.
 *
 * Only the videos `rendersInPage(props)` names come here (the service decides before it opens the page): the web
 * renderer draws a CSS 3D transform (our tilted plane) in ~150 ms a frame, slower than a screenshot. The page checks
 * the same flag and declines the rest.
 */
import type React from 'react';
import { renderMediaOnWeb } from '@remotion/web-renderer';
import {
  IN_PAGE_ABORT_FUNCTION,
  IN_PAGE_PROGRESS_FUNCTION,
  IN_PAGE_RENDER_FUNCTION,
  type InPageApi,
  type InPageRenderAnswer,
  type InPageRenderRequest,
  type MapAnimationProps,
  rendersInPage,
} from '../../src/modules/contract';
import { i420Converter } from './yuv';

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

/**
 * Puts the protocol's functions (contract/in-page-protocol.ts) on the page's window, drawing the given compositions by
 * id: the production bundle installs `MapAnimation`, the bench's bundle also its `Blank`.
 */
export function installInPageRenderer(compositions: Record<string, React.FC<MapAnimationProps>>): void {
  window[IN_PAGE_ABORT_FUNCTION] = () => running?.abort();
  window[IN_PAGE_RENDER_FUNCTION] = (request) => renderInPage(compositions, request);
}

async function renderInPage(
  compositions: Record<string, React.FC<MapAnimationProps>>,
  { compositionId, props, frameRange, videoBitrate, videoUrl, thumbnailUrl, licenseKey }: InPageRenderRequest,
): Promise<InPageRenderAnswer> {
  // The service decides from the same flag before it opens the page: this is the page's own guard.
  if (!rendersInPage(props)) return { rendered: false, declined: 'the camera tilts, or the mode or frame size is not drawn here' };
  const component = compositions[compositionId];
  if (!component) return { rendered: false, declined: `no composition ${compositionId} in this page` };
  const controller = new AbortController();
  running = controller;
  const { width, height, fps, durationInFrames } = props;
  const frameDuration = Math.round(1e6 / fps);
  const yuv = await i420Converter(width, height);
  // A chunk's frames are stamped from 0 (the web renderer counts from the range's first frame).
  const frameCount = frameRange ? frameRange[1] - frameRange[0] + 1 : durationInFrames;
  const lastTimestamp = Math.round(((frameCount - 1) / fps) * 1e6);
  let thumbnail: Promise<Blob> | null = null;
  let reported = 0;
  try {
    const { getBlob, internalState } = await renderMediaOnWeb({
      composition: { id: compositionId, component, width, height, fps, durationInFrames, defaultProps: props },
      inputProps: props,
      frameRange,
      container: 'mp4',
      videoCodec: 'h264',
      muted: true,
      hardwareAcceleration: 'prefer-software',
      videoBitrate,
      keyframeIntervalInSeconds: 2,
      licenseKey,
      isProduction: true,
      logLevel: 'error',
      signal: controller.signal,
      onFrame: async (frame) => {
        if (thumbnailUrl && frame.timestamp === lastTimestamp) thumbnail = jpegOf(frame);
        // Chromium would turn the RGB frame into full-range YUV (yuvj420p), which some players show with wrong
        // contrast: the page converts it to limited-range BT.709 itself, tagged, as x264's yuv420p. Each frame also
        // carries its duration, without which the MP4 would end one frame early.
        await frame.copyTo(yuv.rgba, { format: 'RGBA' });
        yuv.convert();
        const converted = new VideoFrame(yuv.i420, {
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
        if (progress.encodedFrames - reported >= Math.max(1, Math.round(fps / 3)) || progress.encodedFrames === frameCount) {
          reported = progress.encodedFrames;
          void window[IN_PAGE_PROGRESS_FUNCTION]?.(reported);
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
      frames: frameCount,
      drawMs: internalState.getCreateFrameTime(),
      encodeMs: internalState.getAddSampleTime(),
    };
  } finally {
    if (running === controller) running = null;
  }
}
