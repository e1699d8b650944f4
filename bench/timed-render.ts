/** Shared by the render benches: one render() call of the renderer, timed, its file checked, its phases kept. */
import * as path from 'node:path';
import { PhaseTimer } from '../src/common/util/phase-timer';
import type { MapAnimationProps } from '../src/modules/contract';
import { isFastStart, probeVideo, type Renderer } from '../src/modules/rendering/renderer';
import type { Phases } from './phases';

export const outDir = path.join(__dirname, 'out');

export interface Timed {
  label: string;
  frames: number;
  /** Seconds until every frame was rendered and encoded. */
  framesSeconds: number;
  /** Seconds of the whole render() call (composition lookup, frames, encode, thumbnail, probe). */
  totalSeconds: number;
  /** The renderer's phases (ms), in the order they happened. */
  phases: Phases;
  details: Record<string, unknown>;
}

export async function timeRender(renderer: Renderer, label: string, props: MapAnimationProps, name: string): Promise<Timed> {
  const timer = new PhaseTimer();
  const started = performance.now();
  let framesDone = 0;
  const video = await renderer.render({
    timer,
    props,
    videoPath: path.join(outDir, `${name}.mp4`),
    thumbnailPath: path.join(outDir, `${name}.jpg`),
    onProgress: (fraction) => {
      if (fraction >= 0.97 && !framesDone) framesDone = performance.now();
    },
  });
  const ended = performance.now();
  const probed = await probeVideo(path.join(outDir, `${name}.mp4`));
  const faststart = isFastStart(path.join(outDir, `${name}.mp4`));
  console.log(
    `  ${label}: ${video.width}x${video.height} ${video.duration_seconds.toFixed(2)} s, ${probed.frames} frames, ` +
      `${probed.codec}/${probed.pixelFormat}, faststart=${faststart}, ${(video.file_size_bytes / 1e6).toFixed(2)} MB, ` +
      `${((ended - started) / 1000).toFixed(1)} s`,
  );
  const summary = timer.summary();
  return {
    label,
    frames: probed.frames,
    framesSeconds: ((framesDone || ended) - started) / 1000,
    totalSeconds: (ended - started) / 1000,
    phases: Object.fromEntries(Object.entries(summary.phases).map(([name, total]) => [name, total.ms])),
    details: summary.notes,
  };
}
