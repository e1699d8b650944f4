import type { JoinChunksInput, RenderedVideo, Renderer, RenderVideoInput } from './renderer.port';

/**
 * Several renderers behind one Renderer: a worker with WORKER_CONCURRENCY = N gets N of them (N browsers), so N
 * entries (jobs, or chunks of one job) render at the same time instead of queueing behind one browser.
 *
 * Why one browser each and not Remotion's `concurrency` (tabs of one browser): a render waits on the screenshot
 * round trip more than it computes, so one render keeps only about one core busy; two tabs of one browser share its
 * GPU process and measured slower than one (ADR 0010), while two browsers render side by side (bench:render:chunked:
 * two browsers capture 1.47× the frames of one on 2 cores).
 *
 * Each call takes an idle renderer, or waits for the first to free up; calls are served in the order they came.
 */
export class RendererPool implements Renderer {
  private readonly idle: Renderer[];
  private readonly waiting: Array<(renderer: Renderer) => void> = [];

  constructor(private readonly renderers: readonly Renderer[]) {
    if (renderers.length === 0) throw new Error('A renderer pool needs at least one renderer');
    this.idle = [...renderers];
  }

  get size(): number {
    return this.renderers.length;
  }

  /** Starts every renderer (their browsers), side by side. */
  async start(): Promise<void> {
    await Promise.all(this.renderers.map((renderer) => renderer.start()));
  }

  render(input: RenderVideoInput): Promise<RenderedVideo> {
    return this.withRenderer((renderer) => renderer.render(input));
  }

  joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    return this.withRenderer((renderer) => renderer.joinChunks(input));
  }

  /** Stops every renderer; the calls still running end (their browsers close) as with one renderer. */
  async stop(): Promise<void> {
    await Promise.all(this.renderers.map((renderer) => renderer.stop().catch(() => undefined)));
  }

  private async withRenderer<T>(fn: (renderer: Renderer) => Promise<T>): Promise<T> {
    const renderer = this.idle.shift() ?? (await new Promise<Renderer>((resolve) => this.waiting.push(resolve)));
    try {
      return await fn(renderer);
    } finally {
      const next = this.waiting.shift();
      if (next) next(renderer);
      else this.idle.push(renderer);
    }
  }
}
