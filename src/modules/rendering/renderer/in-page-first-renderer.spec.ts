import { PhaseTimer } from '../../../common/util/phase-timer';
import type { MapAnimationProps } from '../../contract';
import { JobFailure } from '../errors/rendering.errors';
import { InPageDeclined } from './in-page-renderer';
import { InPageFirstRenderer } from './in-page-first-renderer';
import { RenderCancelledError, type JoinChunksInput, type RenderedVideo, type Renderer, type RenderVideoInput } from './renderer.port';

const VIDEO: RenderedVideo = { duration_seconds: 4, width: 1920, height: 1080, file_size_bytes: 1 };
const props = (width: number, height: number, tilt = 0) =>
  ({ mode: 'route_animation', width, height, fps: 30, durationInFrames: 120, camera: { tilt } }) as MapAnimationProps;
const input = (extra: Partial<RenderVideoInput> = {}): RenderVideoInput => ({
  props: props(1920, 1080),
  videoPath: 'v.mp4',
  timer: new PhaseTimer(),
  ...extra,
});

function setUp(inPageRender: (input: RenderVideoInput) => Promise<RenderedVideo>) {
  const inPage = { start: jest.fn(async () => undefined), stop: jest.fn(async () => undefined), render: jest.fn(inPageRender) };
  const screenshots: jest.Mocked<Renderer> = {
    start: jest.fn(),
    stop: jest.fn(async () => undefined),
    render: jest.fn(async (_input: RenderVideoInput) => VIDEO),
    joinChunks: jest.fn(async (_input: JoinChunksInput) => VIDEO),
  };
  const log = jest.fn();
  return { inPage, screenshots, log, renderer: new InPageFirstRenderer(inPage, screenshots, log) };
}

const engineOf = (i: RenderVideoInput) => i.timer!.summary().notes.engine;

describe('InPageFirstRenderer', () => {
  it('renders whole videos up to 4k in the page, and says so in their timings', async () => {
    const { inPage, screenshots, renderer } = setUp(async () => VIDEO);
    const i = input();
    await expect(renderer.render(i)).resolves.toBe(VIDEO);
    await expect(renderer.render(input({ props: props(3840, 2160) }))).resolves.toBe(VIDEO);
    expect(inPage.render).toHaveBeenCalledTimes(2);
    expect(screenshots.render).not.toHaveBeenCalled();
    expect(engineOf(i)).toBe('in_page');
  });

  it('renders a chunk of a split job in the page too, with its frame range', async () => {
    const { inPage, screenshots, renderer } = setUp(async () => VIDEO);
    const chunk = input({ frameRange: [60, 119] });
    await expect(renderer.render(chunk)).resolves.toBe(VIDEO);
    expect(inPage.render).toHaveBeenCalledWith(expect.objectContaining({ frameRange: [60, 119] }));
    expect(screenshots.render).not.toHaveBeenCalled();
    expect(engineOf(chunk)).toBe('in_page');
  });

  it('sends frames larger than 4k and tilted cameras, whole or in chunks, to the screenshot path without offering them to the page', async () => {
    const { inPage, screenshots, renderer } = setUp(async () => VIDEO);
    const eightK = input({ props: props(7680, 4320) });
    const tilted = input({ props: props(1920, 1080, 20) });
    const tiltedChunk = input({ props: props(1920, 1080, 20), frameRange: [0, 59] });
    for (const i of [eightK, tilted, tiltedChunk]) await expect(renderer.render(i)).resolves.toBe(VIDEO);
    expect(inPage.render).not.toHaveBeenCalled();
    expect(screenshots.render).toHaveBeenCalledTimes(3);
    expect([eightK, tilted, tiltedChunk].map(engineOf)).toEqual(['screenshots', 'screenshots', 'screenshots']);
  });

  it('sends a video the page declines after all to the screenshot path', async () => {
    const { inPage, screenshots, renderer } = setUp(async () => {
      throw new InPageDeclined('no composition in this page');
    });
    const declined = input();
    await expect(renderer.render(declined)).resolves.toBe(VIDEO);
    expect(inPage.render).toHaveBeenCalledTimes(1);
    expect(screenshots.render).toHaveBeenCalledTimes(1);
    expect(engineOf(declined)).toBe('screenshots');
  });

  it('renders again with screenshots when the page fails, and logs it', async () => {
    const { screenshots, log, renderer } = setUp(async () => {
      throw new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    });
    await expect(renderer.render(input())).resolves.toBe(VIDEO);
    expect(screenshots.render).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('in-page render failed'));
  });

  it('makes a chunk the page failed in the page once more, never with screenshots (its siblings are page streams)', async () => {
    const failure = new JobFailure('RENDER_FAILED', 'The video could not be rendered. Please try again.');
    let calls = 0;
    const once = setUp(async () => {
      if (calls++ === 0) throw failure;
      return VIDEO;
    });
    const chunk = input({ frameRange: [60, 119] });
    await expect(once.renderer.render(chunk)).resolves.toBe(VIDEO);
    expect(once.inPage.render).toHaveBeenCalledTimes(2);
    expect(once.screenshots.render).not.toHaveBeenCalled();
    expect(engineOf(chunk)).toBe('in_page');
    expect(once.log).toHaveBeenCalledWith(expect.stringContaining('chunk failed'));

    const twice = setUp(async () => {
      throw failure;
    });
    await expect(twice.renderer.render(input({ frameRange: [0, 59] }))).rejects.toBe(failure);
    expect(twice.inPage.render).toHaveBeenCalledTimes(2);
    expect(twice.screenshots.render).not.toHaveBeenCalled();
  });

  it('does not render again what was cancelled or ran out of time', async () => {
    for (const failure of [new RenderCancelledError(), new JobFailure('RENDER_TIMEOUT', 'too long')]) {
      const { screenshots, renderer } = setUp(async () => {
        throw failure;
      });
      await expect(renderer.render(input())).rejects.toBe(failure);
      expect(screenshots.render).not.toHaveBeenCalled();
    }
  });

  it('joins chunks with the screenshot path, and stops both', async () => {
    const { inPage, screenshots, renderer } = setUp(async () => VIDEO);
    await renderer.joinChunks({ chunkPaths: [], videoPath: 'j.mp4', fps: 30, durationInFrames: 120, framesPerChunk: 60 });
    expect(screenshots.joinChunks).toHaveBeenCalledTimes(1);
    await renderer.stop();
    expect(inPage.stop).toHaveBeenCalled();
    expect(screenshots.stop).toHaveBeenCalled();
  });
});
