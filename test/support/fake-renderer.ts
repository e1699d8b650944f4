import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { failpoint } from '../../src/common/util/failpoints';
import { JobFailure } from '../../src/modules/rendering';
import { JoinChunksInput, RenderCancelledError, RenderedVideo, Renderer, RenderVideoInput } from '../../src/modules/rendering/renderer';

/** A real, tiny H.264 MP4 (64x64, 1 s, white) and its JPEG thumbnail; see test/fixtures/render/README.md. */
export const FAKE_VIDEO_FIXTURE = join(__dirname, '..', 'fixtures', 'render', 'tiny.mp4');
export const FAKE_THUMBNAIL_FIXTURE = join(__dirname, '..', 'fixtures', 'render', 'tiny.jpg');

export interface FakeRendererOptions {
  /** Simulated time per frame of the composition (default 5 ms: a 3 s clip at 24 fps takes 0.36 s). */
  msPerFrame?: number;
}

/**
 * Stands in for the Remotion renderer where a test needs a job to be rendered but not its pixels:
 * it "renders" the props' frames at `msPerFrame`, reporting progress as it goes, then copies a
 * small valid MP4 and JPEG to the requested paths. Like the real one it stops within milliseconds
 * when the signal aborts (RenderCancelledError) and fails RENDER_TIMEOUT past `timeoutMs`, leaving
 * no output behind. Reports the size and length the props asked for.
 */
export class FakeRenderer implements Renderer {
  readonly rendered: RenderVideoInput[] = [];
  started = false;
  private readonly msPerFrame: number;

  constructor(options: FakeRendererOptions = {}) {
    this.msPerFrame = options.msPerFrame ?? 5;
  }

  async start(): Promise<void> {
    this.started = true;
  }

  async stop(): Promise<void> {
    this.started = false;
  }

  async render(input: RenderVideoInput): Promise<RenderedVideo> {
    this.rendered.push(input);
    const { props } = input;
    const frames = input.frameRange ? input.frameRange[1] - input.frameRange[0] + 1 : props.durationInFrames;
    // On the monotonic clock, like the real renderer's timer: a step of the wall clock is no time spent rendering.
    const deadline = input.timeoutMs ? performance.now() + input.timeoutMs : Infinity;
    const framesPerTick = Math.max(1, Math.round(20 / this.msPerFrame));
    for (let frame = 0; frame < frames; frame += framesPerTick) {
      if (input.signal?.aborted) throw new RenderCancelledError();
      if (performance.now() > deadline)
        throw new JobFailure('RENDER_TIMEOUT', `The render did not finish within ${Math.round(input.timeoutMs! / 1000)} seconds.`);
      input.onProgress?.(Math.min(0.97, (frame / frames) * 0.97));
      await new Promise((r) => setTimeout(r, framesPerTick * this.msPerFrame));
    }
    // Every frame "captured": the real renderer's encoding tail (where the fault suite may kill the process).
    failpoint('renderer.encoding');
    if (input.signal?.aborted) throw new RenderCancelledError();
    copyFileSync(FAKE_VIDEO_FIXTURE, input.videoPath);
    if (input.thumbnailPath) copyFileSync(FAKE_THUMBNAIL_FIXTURE, input.thumbnailPath);
    input.onProgress?.(1);
    return {
      duration_seconds: frames / props.fps,
      width: props.width,
      height: props.height,
      file_size_bytes: statSync(input.videoPath).size,
    };
  }

  /** "Joins" chunks: checks they exist and copies the fixture, reporting the composition's length. */
  readonly joined: JoinChunksInput[] = [];
  async joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    this.joined.push(input);
    for (const chunk of input.chunkPaths) statSync(chunk);
    // Every frame "captured": the real renderer's encoding tail (where the fault suite may kill the process).
    failpoint('renderer.encoding');
    if (input.signal?.aborted) throw new RenderCancelledError();
    copyFileSync(FAKE_VIDEO_FIXTURE, input.videoPath);
    return { duration_seconds: input.durationInFrames / input.fps, width: 64, height: 64, file_size_bytes: statSync(input.videoPath).size };
  }
}
