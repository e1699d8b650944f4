import { Get, Head, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config';
import type { LocalFiles } from '../../../infrastructure/storage/storage.port';
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

/** A file a local CDN route serves: its key in local storage and the headers it goes out with. */
export interface LocalCdnFile {
  key: string;
  contentType: string;
  cacheControl: string;
}

/**
 * One route of the local CDN (`/cdn/<folder>/<file>`, when the app is its own CDN: `config.http.servesLocalCdn`): GET and
 * HEAD, nosniff, and `sendLocalFile`; each route says only which names it serves and with what headers (`locate`, which
 * throws the 404 or 410 of a name it does not serve). Without a local CDN the route does not exist (404 as any unknown path).
 */
export abstract class LocalCdnRoute {
  protected constructor(
    private readonly config: AppConfig,
    private readonly files: LocalFiles | null,
  ) {}

  /** The file served for a name, or the error refusing it. */
  protected abstract locate(file: string): Promise<LocalCdnFile>;

  @Head(':file')
  head(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.serve(file, req, res);
  }

  @Get(':file')
  get(@Param('file') file: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    return this.serve(file, req, res);
  }

  private async serve(file: string, req: Request, res: Response): Promise<void> {
    const files = this.config.http.servesLocalCdn ? this.files : null;
    if (!files) throw CommonErrors.routeNotFound(req.method, req.path);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const { key, ...headers } = await this.locate(file);
    await sendLocalFile(res, files.pathFor(key), headers);
  }
}
