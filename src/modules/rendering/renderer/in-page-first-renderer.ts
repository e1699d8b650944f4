/**
 * The worker's renderer per slot (ADR 0015): the engine is chosen here from the props, before any page is opened.
 * Videos the page renders well go to the in-page renderer (`takesInPage`: whole videos that `rendersInPage(props)`
 * names, a mode it draws, a camera that never tilts, up to 4k), everything else to Remotion's screenshot path (`RemotionRenderer`): chunks and
 * their join, and tilted cameras. A render the page fails for any reason but cancel and time-out is made again on the
 * screenshot path, so a fault of the newer path costs the job time, not its video; the operator log says so.
 *
 * Which path made a video is noted in its timings (`engine`: `in_page` or `screenshots`).
 */
import { PhaseTimer } from '../../../common/util/phase-timer';
import { JobFailure } from '../rendering.errors';
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
          this.log?.('in-page render failed; rendering the video again with screenshots');
        } else if (!(error instanceof InPageDeclined)) throw error;
      }
    }
    timer.note('engine', 'screenshots');
    return this.screenshots.render(withTimer);
  }

  joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    return this.screenshots.joinChunks(input);
  }

  async stop(): Promise<void> {
    await Promise.all([this.inPage.stop().catch(() => undefined), this.screenshots.stop()]);
  }
}
