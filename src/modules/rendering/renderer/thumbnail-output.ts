/**
 * The thumbnail written by the encoder itself: a second output on the ffmpeg that encodes the frames keeps the last
 * one as a JPEG. That replaces a second screenshot of the final frame after the video (~2 s at 1080p, 3.5 s at 4K on
 * one job's critical path), and the thumbnail is the very image the video's last frame was encoded from.
 *
 * Remotion encodes either alongside capture (its `pre-stitcher`, frames piped in: whole MP4 jobs) or from frame
 * files after capture (its `stitcher`: MPEG-TS chunks, or when memory is short). The first of the two to start gets
 * the output; the stitcher that only muxes a pre-stitched video never does. Where none is written the renderer falls
 * back to a screenshot (remotion-renderer.ts).
 */
import type { FfmpegOverrideFn } from '@remotion/renderer';

/** ffmpeg's `-q:v` for the JPEG: 3 is about the size and look of a quality-88 screenshot. */
const THUMBNAIL_JPEG_QSCALE = '3';

export function lastFrameAsJpeg(thumbnailPath: string, frameCount: number, fps: number): FfmpegOverrideFn {
  // Remotion's ffmpeg is built without most filters (no `select`), so the frame is picked by time: as an output
  // option, -ss decodes and drops every frame that ends before that time. Frames piped in are stamped n / fps (a
  // chunk's from 0), so a quarter into the last frame keeps exactly that one, whatever the rounding.
  const lastFrameSeconds = (frameCount - 0.75) / fps;
  let added = false;
  return ({ args }) => {
    if (added) return args;
    added = true;
    return [
      ...args,
      // A second output: options after the video's file name apply to this one only.
      '-map',
      '0:v',
      '-ss',
      lastFrameSeconds.toFixed(6),
      '-frames:v',
      '1',
      '-q:v',
      THUMBNAIL_JPEG_QSCALE,
      thumbnailPath,
    ];
  };
}
