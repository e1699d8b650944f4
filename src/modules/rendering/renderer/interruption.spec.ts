import { JobFailure } from '../errors/rendering.errors';
import { watchInterruption } from './interruption';
import { RenderCancelledError } from './renderer.port';

describe('watchInterruption', () => {
  afterEach(() => jest.useRealTimers());

  it('is quiet until something happens, then disposes of its listener and timer', () => {
    jest.useFakeTimers();
    const controller = new AbortController();
    const onInterrupt = jest.fn();
    const interruption = watchInterruption({ signal: controller.signal, timeoutMs: 1000 }, onInterrupt);
    expect(interruption.error()).toBeNull();
    expect(() => interruption.throwIfInterrupted()).not.toThrow();
    interruption.dispose();
    controller.abort();
    jest.advanceTimersByTime(2000);
    expect(onInterrupt).not.toHaveBeenCalled();
    expect(interruption.error()).toBeNull();
  });

  it('turns an abort into RenderCancelledError, and refuses to start on an aborted signal', () => {
    const controller = new AbortController();
    const onInterrupt = jest.fn();
    const interruption = watchInterruption({ signal: controller.signal }, onInterrupt);
    controller.abort();
    expect(onInterrupt).toHaveBeenCalledTimes(1);
    expect(() => interruption.throwIfInterrupted()).toThrow(RenderCancelledError);
    interruption.dispose();
    expect(() => watchInterruption({ signal: controller.signal }, onInterrupt)).toThrow(RenderCancelledError);
    expect(onInterrupt).toHaveBeenCalledTimes(1);
  });

  it('turns the time limit into RENDER_TIMEOUT, and the first of the two wins', () => {
    jest.useFakeTimers();
    const controller = new AbortController();
    const onInterrupt = jest.fn();
    const interruption = watchInterruption({ signal: controller.signal, timeoutMs: 5000 }, onInterrupt);
    jest.advanceTimersByTime(5000);
    controller.abort();
    expect(onInterrupt).toHaveBeenCalledTimes(1);
    const error = interruption.error();
    expect(error).toBeInstanceOf(JobFailure);
    expect((error as JobFailure).code).toBe('RENDER_TIMEOUT');
    expect(error!.message).toBe('The render did not finish within 5 seconds.');
    interruption.dispose();
  });
});
