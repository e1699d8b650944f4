/** What every renderer does with the files it writes: read their real figures back, or remove them after a failure. */
import * as fs from 'node:fs';
import type { RenderedVideo } from './renderer.port';
import { probeVideo } from './video-file';

/** The real figures of a written MP4. */
export async function readBack(file: string): Promise<RenderedVideo> {
  const probed = await probeVideo(file);
  return {
    duration_seconds: probed.durationSeconds,
    width: probed.width,
    height: probed.height,
    file_size_bytes: fs.statSync(file).size,
  };
}

/** A chunk's figures: what it was asked for (an MPEG-TS stream has no container duration worth probing). */
export function chunkFigures(
  file: string,
  range: [number, number],
  composition: { fps: number; width: number; height: number },
): RenderedVideo {
  return {
    duration_seconds: (range[1] - range[0] + 1) / composition.fps,
    width: composition.width,
    height: composition.height,
    file_size_bytes: fs.statSync(file).size,
  };
}

export function removeQuietly(file: string): void {
  fs.rmSync(file, { force: true });
}
