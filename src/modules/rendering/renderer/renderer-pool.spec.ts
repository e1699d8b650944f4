import { RendererPool } from './renderer-pool';
import type { JoinChunksInput, RenderedVideo, Renderer, RenderVideoInput } from './renderer.port';

const VIDEO: RenderedVideo = { duration_seconds: 1, width: 640, height: 360, file_size_bytes: 1 };

/** A renderer whose renders end when the test says so; it records which videos it was given. */
class HeldRenderer implements Renderer {
  readonly rendered: string[] = [];
  private readonly pending: Array<() => void> = [];
  start = jest.fn(async () => undefined);
  stop = jest.fn(async () => undefined);
  render(input: RenderVideoInput): Promise<RenderedVideo> {
    this.rendered.push(input.videoPath);
    return new Promise((resolve) => this.pending.push(() => resolve(VIDEO)));
  }
  joinChunks(input: JoinChunksInput): Promise<RenderedVideo> {
    return this.render({ videoPath: input.videoPath } as RenderVideoInput);
  }
  get busy(): number {
    return this.pending.length;
  }
  finishOne(): void {
    this.pending.shift()?.();
  }
}

const input = (name: string) => ({ videoPath: name }) as RenderVideoInput;
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RendererPool', () => {
  it('renders as many videos at once as it has renderers, each on its own', async () => {
    const [a, b] = [new HeldRenderer(), new HeldRenderer()];
    const pool = new RendererPool([a, b]);
    const first = pool.render(input('one'));
    const second = pool.render(input('two'));
    await tick();
    expect([a.rendered, b.rendered]).toEqual([['one'], ['two']]);
    a.finishOne();
    b.finishOne();
    await expect(Promise.all([first, second])).resolves.toEqual([VIDEO, VIDEO]);
  });

  it('makes a third render wait for the first renderer to free up, in the order calls came', async () => {
    const [a, b] = [new HeldRenderer(), new HeldRenderer()];
    const pool = new RendererPool([a, b]);
    void pool.render(input('one'));
    void pool.render(input('two'));
    const third = pool.render(input('three'));
    const join = pool.joinChunks({ videoPath: 'joined' } as JoinChunksInput);
    await tick();
    expect(a.busy + b.busy).toBe(2);
    b.finishOne();
    await tick();
    expect(b.rendered).toEqual(['two', 'three']);
    a.finishOne();
    await tick();
    expect(a.rendered).toEqual(['one', 'joined']);
    b.finishOne();
    await expect(third).resolves.toEqual(VIDEO);
    a.finishOne();
    await expect(join).resolves.toEqual(VIDEO);
  });

  it('frees a renderer whose render failed', async () => {
    const failing = new HeldRenderer();
    failing.render = jest.fn().mockRejectedValueOnce(new Error('browser crashed')).mockResolvedValue(VIDEO);
    const pool = new RendererPool([failing]);
    await expect(pool.render(input('one'))).rejects.toThrow('browser crashed');
    await expect(pool.render(input('two'))).resolves.toEqual(VIDEO);
  });

  it('starts and stops every renderer', async () => {
    const renderers = [new HeldRenderer(), new HeldRenderer(), new HeldRenderer()];
    const pool = new RendererPool(renderers);
    await pool.start();
    await pool.stop();
    for (const renderer of renderers) {
      expect(renderer.start).toHaveBeenCalledTimes(1);
      expect(renderer.stop).toHaveBeenCalledTimes(1);
    }
  });
});
