/**
 * The page bench/render-web.ts drives in headless Chromium: our compositions rendered by `@remotion/web-renderer`
 * (the DOM drawn onto a canvas in the page, encoded with WebCodecs, muxed to MP4 by mediabunny) instead of one
 * screenshot a frame. The MP4 is posted back to the bench's own server.
 */
import { renderMediaOnWeb, getEncodableVideoCodecs } from '@remotion/web-renderer';
import { Blank } from '../../remotion/compositions/Blank';
import { MapAnimation } from '../../remotion/compositions/MapAnimation';
import { drawOverlay, drawPlane, planeLayout } from '../../remotion/lib/frame-drawing';
import type { Detail } from '../../remotion/lib/raster-plan';
import { loadDetails } from '../../remotion/lib/world-map';
import { sceneFor } from '../../remotion/modes';
import { rgbaToI420Bt709 } from '../../remotion/in-page/yuv';
import type { BenchPage } from './protocol';

const COMPONENTS = { MapAnimation, Blank } as const;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Window extends BenchPage {}
}

window.maprEncodableCodecs = () => getEncodableVideoCodecs('mp4');

window.maprWebRender = async ({ props, composition, hardwareAcceleration, videoBitrate, resultUrl, yuv }) => {
  const frameDuration = Math.round(1e6 / props.fps);
  const rgba = new Uint8Array(props.width * props.height * 4);
  const i420 = new Uint8Array((props.width * props.height * 3) / 2);
  const started = performance.now();
  let framesDoneAt = 0;
  const { getBlob, internalState } = await renderMediaOnWeb({
    composition: {
      id: composition,
      component: COMPONENTS[composition],
      width: props.width,
      height: props.height,
      fps: props.fps,
      durationInFrames: props.durationInFrames,
      defaultProps: props,
    },
    inputProps: props,
    container: 'mp4',
    videoCodec: 'h264',
    muted: true,
    hardwareAcceleration,
    videoBitrate,
    // One keyframe every 2 s, as x264's default GOP at 30 fps would give roughly.
    keyframeIntervalInSeconds: 2,
    licenseKey: null,
    isProduction: false,
    // Every frame carries its duration, so the MP4 lasts all of its frames (the renderer's own frames carry none,
    // and the last one would then last 0 s).
    onFrame: async (frame) => {
      let out: VideoFrame;
      if (yuv === 'bt709-limited') {
        await frame.copyTo(rgba, { format: 'RGBA' });
        rgbaToI420Bt709(rgba, props.width, props.height, i420);
        out = new VideoFrame(i420, {
          format: 'I420',
          codedWidth: props.width,
          codedHeight: props.height,
          timestamp: frame.timestamp,
          duration: frameDuration,
          colorSpace: { primaries: 'bt709', transfer: 'bt709', matrix: 'bt709', fullRange: false },
        });
      } else out = new VideoFrame(frame, { timestamp: frame.timestamp, duration: frameDuration });
      frame.close();
      return out;
    },
    onProgress: (progress) => {
      if (!framesDoneAt && progress.encodedFrames >= props.durationInFrames) framesDoneAt = performance.now();
    },
  });
  const ended = performance.now();
  const blob = await getBlob();
  const response = await fetch(resultUrl, { method: 'POST', body: blob });
  if (!response.ok) throw new Error(`posting the MP4 failed: ${response.status}`);
  return {
    framesMs: (framesDoneAt || ended) - started,
    totalMs: ended - started,
    waitForReadyMs: internalState.getWaitForReadyTime(),
    createFrameMs: internalState.getCreateFrameTime(),
    addSampleMs: internalState.getAddSampleTime(),
    bytes: blob.size,
  };
};

/**
 * The encoder alone: the map's frames drawn straight onto one canvas (plane + overlay, the composition's flat case,
 * no DOM walk) and fed to a WebCodecs H.264 encoder, at most a few frames queued, as a renderer would. Tells apart
 * what drawing costs and what Chromium's software H.264 encoder costs at this size.
 */
window.maprEncoderProbe = async ({ props, codec, latencyMode, bitrate, encodeOnly, handOff }) => {
  const scene = sceneFor(props);
  await loadDetails([...new Set(scene.rasters.rasters.map((r) => r.detail))] as Detail[]);
  const layout = planeLayout(scene);
  const canvas = document.createElement('canvas');
  canvas.width = props.width;
  canvas.height = props.height;
  const ctx = canvas.getContext('2d', { alpha: false })!;
  const plane = document.createElement('canvas');
  plane.width = layout.width;
  plane.height = layout.height;
  const planeCtx = plane.getContext('2d', { alpha: false })!;
  const draw = (frame: number) => {
    drawPlane(planeCtx, scene, frame);
    drawOverlay(planeCtx, scene, frame, { rects: [] }, false);
    ctx.drawImage(plane, (props.width - layout.width) / 2, (props.height - layout.height) / 2);
  };
  let bytes = 0;
  if (handOff) {
    const started = performance.now();
    const rgba = new Uint8Array(props.width * props.height * 4);
    let inFlight: Promise<unknown> = Promise.resolve();
    for (let frame = 0; frame < props.durationInFrames; frame++) {
      draw(frame);
      let body: BodyInit;
      if (handOff.as === 'rgba') {
        const videoFrame = new VideoFrame(canvas, { timestamp: 0 });
        await videoFrame.copyTo(rgba, { format: 'RGBA' });
        videoFrame.close();
        body = rgba.slice();
      } else {
        body = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.8));
      }
      // One frame in flight while the next is drawn.
      await inFlight;
      bytes += body instanceof Blob ? body.size : (body as Uint8Array).byteLength;
      inFlight = fetch(`${handOff.url}/${frame}`, { method: 'POST', body });
    }
    await inFlight;
    const ms = performance.now() - started;
    return { fps: props.durationInFrames / (ms / 1000), drawMsPerFrame: ms / props.durationInFrames, bytes };
  }
  if (!codec) {
    const started = performance.now();
    for (let frame = 0; frame < props.durationInFrames; frame++) draw(frame);
    const ms = performance.now() - started;
    return { fps: props.durationInFrames / (ms / 1000), drawMsPerFrame: ms / props.durationInFrames, bytes };
  }
  const encoder = new VideoEncoder({
    output: (chunk) => {
      bytes += chunk.byteLength;
    },
    error: (error) => {
      throw error;
    },
  });
  encoder.configure({
    codec,
    width: props.width,
    height: props.height,
    bitrate,
    framerate: props.fps,
    latencyMode,
    hardwareAcceleration: 'prefer-software',
    avc: { format: 'avc' },
  });
  if (encodeOnly) draw(Math.round(props.durationInFrames / 2));
  let drawMs = 0;
  const started = performance.now();
  for (let frame = 0; frame < props.durationInFrames; frame++) {
    if (!encodeOnly) {
      const drawStarted = performance.now();
      draw(frame);
      drawMs += performance.now() - drawStarted;
    }
    const videoFrame = new VideoFrame(canvas, { timestamp: Math.round((frame * 1e6) / props.fps), duration: Math.round(1e6 / props.fps) });
    encoder.encode(videoFrame, { keyFrame: frame % (2 * props.fps) === 0 });
    videoFrame.close();
    while (encoder.encodeQueueSize > 2) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await encoder.flush();
  const seconds = (performance.now() - started) / 1000;
  encoder.close();
  return { fps: props.durationInFrames / seconds, drawMsPerFrame: drawMs / props.durationInFrames, bytes };
};
