import type { Response } from 'express';
import { CommonErrors } from '../../../common/errors';
import { CdnErrors } from '../errors/rendering.errors';

/** Headers of a file response that must not leak into an error body sent instead. */
const FILE_HEADERS = ['Content-Type', 'Content-Length', 'Content-Range', 'Accept-Ranges', 'Cache-Control', 'Last-Modified', 'ETag'];

/**
 * Sends a stored file the way the local CDN serves every file: range requests, Last-Modified,
 * our own Content-Type and Cache-Control. What `send` reports (missing file, bad range, failed
 * precondition) becomes the contract's error shape, thrown for the filter; a client that went
 * away mid-file is no error.
 */
export async function sendLocalFile(res: Response, path: string, headers: { contentType: string; cacheControl: string }): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) =>
      res.sendFile(
        path,
        {
          acceptRanges: true,
          cacheControl: false,
          lastModified: true,
          dotfiles: 'allow',
          headers: { 'Content-Type': headers.contentType, 'Cache-Control': headers.cacheControl },
        },
        (err?: Error) => (err ? reject(err) : resolve()),
      ),
    );
  } catch (err) {
    if (res.headersSent || (err as NodeJS.ErrnoException).code === 'ECONNABORTED') return;
    for (const name of FILE_HEADERS) res.removeHeader(name);
    throw fileError(err);
  }
}

/** What `send` reported → the contract's error shape (anything else goes to the filter, which logs it). */
function fileError(err: unknown): unknown {
  const e = err as { status?: number; statusCode?: number; headers?: Record<string, string> };
  const status = e.status ?? e.statusCode;
  if (status === 404) return CommonErrors.notFound('File');
  if (status === 416) return CdnErrors.rangeNotSatisfiable(e.headers?.['Content-Range'] ?? '');
  if (status === 412) return CdnErrors.preconditionFailed();
  return err;
}
