/**
 * Cancel and time limit of one renderer operation, wired once for every renderer: the caller's AbortSignal and the
 * wall-clock limit both call `onInterrupt` (Remotion's cancel function, or the in-page renderer's abort of the page)
 * once, and remember which of the two came first, so the operation ends with the right error whatever Remotion or the
 * page threw meanwhile.
 */
import { JobFailure } from '../errors/rendering.errors';
import { RenderCancelledError } from './renderer.port';

export interface Interruption {
  /** The error the operation ends with when it was cancelled or timed out, else null. */
  error(): RenderCancelledError | JobFailure | null;
  /** Throws that error, if any: between the steps of an operation. */
  throwIfInterrupted(): void;
  /** Removes the listener and the timer: in the operation's `finally`. */
  dispose(): void;
}

/**
 * Watches `signal` and `timeoutMs` (none when absent or 0) for one operation; the first of the two calls `onInterrupt`.
 * Throws RenderCancelledError at once, watching nothing, when the signal has already fired.
 */
export function watchInterruption(
  { signal, timeoutMs }: { signal?: AbortSignal; timeoutMs?: number },
  onInterrupt: () => void = () => undefined,
): Interruption {
  if (signal?.aborted) throw new RenderCancelledError();
  let reason: 'cancelled' | 'timed_out' | null = null;
  const interrupt = (why: 'cancelled' | 'timed_out') => {
    if (reason) return;
    reason = why;
    onInterrupt();
  };
  const onAbort = () => interrupt('cancelled');
  signal?.addEventListener('abort', onAbort, { once: true });
  const deadline = timeoutMs ? setTimeout(() => interrupt('timed_out'), timeoutMs) : null;
  const error = () => (reason === 'cancelled' ? new RenderCancelledError() : reason === 'timed_out' ? timeoutFailure(timeoutMs!) : null);
  return {
    error,
    throwIfInterrupted: () => {
      const stopped = error();
      if (stopped) throw stopped;
    },
    dispose: () => {
      if (deadline) clearTimeout(deadline);
      signal?.removeEventListener('abort', onAbort);
    },
  };
}

export function timeoutFailure(timeoutMs: number): JobFailure {
  return new JobFailure('RENDER_TIMEOUT', `The render did not finish within ${Math.round(timeoutMs / 1000)} seconds.`);
}
