import type { Response } from 'express';

/**
 * Runs `answer` with a signal that aborts when the client goes away before it was answered (its socket closed): a
 * held read (ADR 0034) stops holding for nobody.
 */
export async function untilClientGone<T>(res: Response, answer: (gone: AbortSignal) => Promise<T>): Promise<T> {
  const gone = new AbortController();
  const onClose = () => {
    if (!res.writableEnded) gone.abort();
  };
  res.once('close', onClose);
  try {
    return await answer(gone.signal);
  } finally {
    res.off('close', onClose);
  }
}
