/**
 * The worker's renderer per slot (ADR 0015): the engine is chosen here from the props, before any page is opened.
 * Videos the page renders well go to the in-page renderer (`takesInPage`: videos and chunks that `rendersInPage(props)`
 * names, a mode it draws, a camera that never tilts, up to 4k), everything else to Remotion's screenshot path
 * (`RemotionRenderer`): tilted cameras, frames above 4k, and the join of a split job's chunks. A video the page fails
 * for any reason but cancel and time-out is made again on the screenshot path, so a fault of the newer path costs the
 * job time, not its video; a chunk is made again in the page instead (`chunkAgainInPage`). The operator log says so.
 *
 * Which path made a video is noted in its timings (`engine`: `in_page` or `screenshots`).
 */
import { PhaseTimer } from '../../../common/util/phase-timer';
import { JobFailure } from '../errors/rendering.errors';
import { InPageDeclined, takesInPage, type InPageRenderer } from './in-page-renderer';
import type { JoinChunksInput, RenderedVideo, Renderer, RenderVideoInput } from './renderer.port';

export class InPageFirstRenderer implements Renderer {
  constructor(
    private readonly inPage: Pick<InPageRenderer, 'start' | 'render' | 'stop'>,
    private readonly screenshots: Renderer,
    private readonly log?: (message: string) => void,
  ) {}

  /** Starts the in-page renderer's browser; the screenshot path's starts with its first video. */
  async start(): Promise<void> {
    await this.inPage.start();
  }

  async render(input: RenderVideoInput): Promise<RenderedVideo> {
    const timer = input.timer ?? new PhaseTimer();
    const withTimer = { ...input, timer };
    if (takesInPage(input)) {
      try {
        const video = await this.inPage.render(withTimer);
        timer.note('engine', 'in_page');
        return video;
      } catch (error) {
        if (error instanceof JobFailure && error.code === 'RENDER_FAILED') {
          if (input.frameRange) return this.chunkAgainInPage(withTimer);
          this.log?.('in-page render failed; rendering the video again with screenshots');
        } else if (!(error instanceof InPageDeclined)) throw error;
      }
    }
    timer.note('engine', 'screenshots');
    return this.screenshots.render(withTimer);
  }

  /**
   * A chunk the page failed is made in the page once more (the failure closed the browser: a fresh one), never with
   * screenshots: its siblings are the page's streams, and an x264 stream among them (B-frames, so its timestamps start
   * two frames later) is not joined frame for frame by a copy (measured: the frames after that boundary were misplaced,
   * SSIM 0.88 against the whole video). A second failure fails the chunk, and with it the job (RENDER_FAILED, the render
   * given back).
   */
  private async chunkAgainInPage(input: RenderVideoInput): Promise<RenderedVideo> {
    this.log?.('in-page render of a chunk failed; rendering the chunk again in a fresh page');
    const video = await this.inPage.render(input);
    input.timer?.note('engine', 'in_page');
    return video;
  }

  joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    return this.screenshots.joinChunks(input);
  }

  async stop(): Promise<void> {
    await Promise.all([this.inPage.stop().catch(() => undefined), this.screenshots.stop()]);
  }
}
