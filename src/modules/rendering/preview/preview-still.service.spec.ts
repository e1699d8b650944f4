import { Logger } from '@nestjs/common';
import type { Principal } from '../../auth';
import type { MapAnimationProps } from '../../contract';
import { RenderCancelledError, type StillInput, type StillRenderer } from '../renderer';
import type { PreviewStillAllowance } from './preview-still-allowance';
import { PreviewStillOptions, PreviewStillService } from './preview-still.service';
import type { RenderPreviewService } from './render-preview.service';

const principal = { accountId: 'acc_1', emailVerified: true } as unknown as Principal;
/** The caller's network address. */
const SOURCE = '203.0.113.7';

/** A renderer whose stills end when the test says so (or when cancelled, like Remotion's). */
class ControlledRenderer implements StillRenderer {
  readonly calls: Array<{ input: StillInput; finish: () => void; fail: (error: Error) => void }> = [];
  stops = 0;
  active = 0;
  maxActive = 0;

  renderStill(input: StillInput): Promise<Buffer> {
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    return new Promise<Buffer>((resolve, reject) => {
      const end = () => (this.active -= 1);
      input.signal?.addEventListener('abort', () => {
        end();
        reject(new RenderCancelledError());
      });
      this.calls.push({
        input,
        finish: () => {
          end();
          resolve(Buffer.from(`png of frame ${input.frame}`));
        },
        fail: (error) => {
          end();
          reject(error);
        },
      });
    });
  }

  stop(): Promise<void> {
    this.stops += 1;
    return Promise.resolve();
  }
}

/** A body of this test: the video's frames, and its frame size and whether its resolution is above the plan. */
interface TestBody {
  frames: number;
  size?: [number, number];
  abovePlan?: boolean;
}

const previews = {
  preview: (_principal: Principal, body: unknown) => {
    const { frames, size: [width, height] = [1280, 720], abovePlan = false } = body as TestBody;
    return Promise.resolve({
      composition: { id: 'MapAnimation', width, height, fps: 30, duration_in_frames: frames },
      props: { durationInFrames: frames, width, height } as MapAnimationProps,
      route: { type: 'FeatureCollection', features: [] },
      render_allowed: !abovePlan,
      render_refusals: abovePlan ? [{ error_code: 'FEATURE_NOT_AVAILABLE', field: 'resolution' }] : [],
    });
  },
} as unknown as RenderPreviewService;

const nextTick = () => new Promise((resolve) => setImmediate(resolve));
/**
 * Jest's fake clock for the tests about time (timeouts, the idle close): timers and Date.now move only when the test
 * advances them, so "nothing happened yet" is asserted one millisecond before the moment, not after a guessed sleep.
 * setImmediate stays real, for nextTick above.
 */
const useFakeClock = () => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
/** Whether a promise has settled, without waiting for it. */
const settled = (promise: Promise<unknown>) => {
  const state = { done: false };
  void promise.then(
    () => (state.done = true),
    () => (state.done = true),
  );
  return state;
};

/** The line's own behaviour, with no per-account limit (test/render-preview-still.e2e-spec.ts checks those on Redis). */
const unlimitedAllowance = {
  claim: () => Promise.resolve(() => Promise.resolve()),
  spend: () => Promise.resolve(),
} as unknown as PreviewStillAllowance;

describe('PreviewStillService', () => {
  let renderer: ControlledRenderer;
  let service: PreviewStillService;
  const make = (options: Partial<PreviewStillOptions> = {}) => {
    renderer = new ControlledRenderer();
    service = new PreviewStillService(previews, unlimitedAllowance, renderer, {
      maxWaiting: 4,
      timeoutMs: 5_000,
      idleMs: 60_000,
      cancelGraceMs: 5_000,
      ...options,
    });
    return service;
  };
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));
  afterEach(async () => {
    jest.useRealTimers();
    await service?.onModuleDestroy();
  });
  afterAll(() => jest.restoreAllMocks());

  it('draws the last frame as a PNG by default, and the frame asked for', async () => {
    make();
    const last = service.still(principal, SOURCE, { frames: 180 });
    await nextTick();
    expect(renderer.calls[0].input).toMatchObject({ frame: 179, imageFormat: 'png' });
    renderer.calls[0].finish();
    await expect(last).resolves.toEqual({ png: Buffer.from('png of frame 179'), frame: 179 });

    const first = service.still(principal, SOURCE, { frames: 180 }, 0);
    await nextTick();
    renderer.calls[1].finish();
    await expect(first).resolves.toMatchObject({ frame: 0 });
  });

  it('refuses a frame past the last one with a VALIDATION_ERROR naming the range, and draws nothing', async () => {
    make();
    await expect(service.still(principal, SOURCE, { frames: 180 }, 180)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
      extra: { issues: [{ field: 'frame', code: 'too_big', message: expect.stringContaining('0 to 179') }] },
    });
    expect(renderer.calls).toHaveLength(0);
  });

  it('draws one still at a time, lets 4 wait, and answers the next 429 PREVIEW_STILL_BUSY with Retry-After', async () => {
    make({ timeoutMs: 60_000 });
    const requests = Array.from({ length: 5 }, (_, i) => service.still(principal, SOURCE, { frames: 30 }, i));
    await nextTick();
    const refused = await service.still(principal, SOURCE, { frames: 30 }, 5).catch((e: unknown) => e);
    // Its turn would come after the draw under way and the four waiting: about 5 × 4 s (the first estimate) away.
    expect(refused).toMatchObject({ code: 'PREVIEW_STILL_BUSY', retryAfterSeconds: 20 });
    for (let i = 0; i < 5; i++) {
      await nextTick();
      expect(renderer.calls).toHaveLength(i + 1);
      renderer.calls[i].finish();
    }
    expect((await Promise.all(requests)).map((still) => still.frame)).toEqual([0, 1, 2, 3, 4]);
    expect(renderer.maxActive).toBe(1);
  });

  it('gives up on a still after the timeout: 503 with Retry-After, the drawing cancelled, the line free again', async () => {
    make({ timeoutMs: 80 });
    const slow = await service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 5, message: expect.stringContaining('within') });
    expect(renderer.calls[0].input.signal?.aborted).toBe(true);
    const next = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    renderer.calls[1].finish();
    await expect(next).resolves.toMatchObject({ frame: 29 });
  });

  it('counts the wait in line toward the timeout', async () => {
    useFakeClock();
    make({ timeoutMs: 10_000 });
    const first = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    // Expected to start in 4 s and take 4 s: within its 10 s, so it waits.
    const second = service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    const secondEnded = settled(second);
    await jest.advanceTimersByTimeAsync(6_000);
    renderer.calls[0].finish();
    await first;
    await nextTick();
    expect(renderer.calls).toHaveLength(2);
    // Drawn for what was left of its 10 s (4 s), not for 10 s more.
    await jest.advanceTimersByTimeAsync(3_999);
    expect(secondEnded.done).toBe(false);
    expect(renderer.calls[1].input.signal?.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await second).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(renderer.calls[1].input.signal?.aborted).toBe(true);
  });

  it('refuses at once, 429 PREVIEW_STILL_BUSY, a still that the draws ahead would leave no time for, estimating from past draws', async () => {
    useFakeClock();
    make({ timeoutMs: 10_000 });
    // A draw of 9 s moves the estimate from 4 s to 5.5 s.
    const slow = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    await jest.advanceTimersByTimeAsync(9_000);
    renderer.calls[0].finish();
    await slow;
    const drawing = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    // Expected to start in 5.5 s and take 5.5 s: past its 10 s. Refused now, not cancelled later; nothing drawn for it.
    const refused = await service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'PREVIEW_STILL_BUSY', retryAfterSeconds: 6 });
    expect(renderer.calls).toHaveLength(2);
    renderer.calls[1].finish();
    await drawing;
    // With nothing ahead, a still is always drawn, however long the estimate.
    const alone = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    renderer.calls[2].finish();
    await expect(alone).resolves.toMatchObject({ frame: 29 });
  });

  it('draws only for an account with a verified e-mail: 403 EMAIL_NOT_VERIFIED, nothing claimed or drawn', async () => {
    make();
    const unverified = { ...principal, emailVerified: false };
    await expect(service.still(unverified, SOURCE, { frames: 30 })).rejects.toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(renderer.calls).toHaveLength(0);
  });

  it('draws a still above the plan’s resolution at 1080p at most, keeping the aspect ratio; within the plan, at the video’s size', async () => {
    make({ timeoutMs: 60_000 });
    const sizes: Array<[number, number]> = [];
    for (const body of [
      { frames: 30, size: [3840, 2160], abovePlan: true },
      { frames: 30, size: [2160, 3840], abovePlan: true },
      { frames: 30, size: [1920, 1080], abovePlan: true },
      { frames: 30, size: [3840, 2160], abovePlan: false },
    ] as TestBody[]) {
      const still = service.still(principal, SOURCE, body);
      await nextTick();
      const call = renderer.calls.at(-1)!;
      sizes.push([call.input.props.width, call.input.props.height]);
      call.finish();
      await still;
    }
    expect(sizes).toEqual([
      [1920, 1080],
      [1080, 1920],
      [1920, 1080],
      [3840, 2160],
    ]);
  });

  it('when a cancelled still does not end, refuses the line in time and closes the browser under it', async () => {
    make({ timeoutMs: 80, cancelGraceMs: 100 });
    // This still ignores cancellation, like a browser that no longer answers; closing the browser ends it.
    renderer.renderStill = (input) =>
      new Promise<Buffer>((_, reject) => {
        renderer.calls.push({ input, finish: () => undefined, fail: reject });
        renderer.stop = () => {
          renderer.stops += 1;
          reject(new Error('browser closed'));
          return Promise.resolve();
        };
      });
    const stuck = service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    await nextTick();
    const waiting = service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    expect(await waiting).toMatchObject({ code: 'PREVIEW_STILL_BUSY' });
    expect(renderer.calls).toHaveLength(1);
    expect(await stuck).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: expect.stringContaining('within') });
    expect(renderer.stops).toBe(1);
  });

  it('answers a still the browser failed to draw with 503, and draws the next one', async () => {
    make();
    const failing = service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    await nextTick();
    renderer.calls[0].fail(new Error('Target closed'));
    const error = (await failing) as Error & { code: string };
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).not.toContain('Target closed');
    const next = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    renderer.calls[1].finish();
    await expect(next).resolves.toMatchObject({ frame: 29 });
  });

  it('closes the browser after the idle period, not while stills keep coming', async () => {
    useFakeClock();
    make({ idleMs: 60 });
    const first = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    renderer.calls[0].finish();
    await first;
    await jest.advanceTimersByTimeAsync(59);
    const second = service.still(principal, SOURCE, { frames: 30 });
    await nextTick();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(renderer.stops).toBe(0); // drawing, so not idle
    renderer.calls[1].finish();
    await second;
    await jest.advanceTimersByTimeAsync(59);
    expect(renderer.stops).toBe(0); // idle from the end of the last still, not from its start
    await jest.advanceTimersByTimeAsync(1);
    expect(renderer.stops).toBe(1);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(renderer.stops).toBe(1); // closed once, not again while nothing is drawn
  });

  it('on shutdown refuses the line, cancels the still being drawn and closes the browser', async () => {
    make({ timeoutMs: 60_000 });
    const drawing = service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    await nextTick();
    const waiting = service.still(principal, SOURCE, { frames: 30 }).catch((e: unknown) => e);
    await nextTick();
    await service.onModuleDestroy();
    expect(await drawing).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await waiting).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(renderer.calls[0].input.signal?.aborted).toBe(true);
    expect(renderer.stops).toBe(1);
    expect(renderer.active).toBe(0);
    await expect(service.still(principal, SOURCE, { frames: 30 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
