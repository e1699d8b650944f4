/** Shared by the renderers' e2e tests (screenshots: golden-stills; in the page: in-page-render). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isFastStart, probeVideo, type ProbedVideo, type RenderedVideo, type Renderer } from '../../src/modules/rendering/renderer';
import { atlanticProps } from '../../remotion/fixtures/sample-routes';

/**
 * Starts a 10 s render of the Atlantic sample (video and thumbnail in `dir`, named `cancelled.*`) and aborts it once
 * past 5 %. Resolves when render() has settled: with what it threw, and the furthest progress it reported at all
 * (how far the render went on after the abort; counted in frames, so a loaded machine does not change it).
 */
export async function cancelMidway(renderer: Pick<Renderer, 'render'>, dir: string): Promise<{ error: unknown; furthestProgress: number }> {
  const controller = new AbortController();
  let furthestProgress = 0;
  const error = await renderer
    .render({
      props: atlanticProps({ duration: 10 }),
      videoPath: path.join(dir, 'cancelled.mp4'),
      thumbnailPath: path.join(dir, 'cancelled.jpg'),
      signal: controller.signal,
      onProgress: (p) => {
        furthestProgress = Math.max(furthestProgress, p);
        if (p > 0.05) controller.abort();
      },
    })
    .then(
      () => null,
      (thrown: unknown) => thrown,
    );
  return { error, furthestProgress };
}

/**
 * What every video the service publishes must be: H.264 yuv420p with its index first (fast start), the size and the
 * frames it was asked for, and render()'s answer the real figures of the file. Answers the probe.
 */
export async function expectPublishableVideo(
  videoPath: string,
  video: RenderedVideo,
  expected: { width: number; height: number; frames: number },
): Promise<ProbedVideo> {
  const probed = await probeVideo(videoPath);
  expect(probed).toMatchObject({ codec: 'h264', pixelFormat: 'yuv420p', ...expected });
  expect(isFastStart(videoPath)).toBe(true);
  expect(video).toEqual({
    duration_seconds: probed.durationSeconds,
    width: expected.width,
    height: expected.height,
    file_size_bytes: fs.statSync(videoPath).size,
  });
  return probed;
}
