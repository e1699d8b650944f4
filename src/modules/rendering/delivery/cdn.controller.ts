import { Controller, Get, Head, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommonErrors } from '../../../common/errors';
import { APP_CONFIG } from '../../../config';
import type { AppConfig } from '../../../config';
import { LOCAL_FILES } from '../../../infrastructure/storage/storage.port';
import type { LocalFiles } from '../../../infrastructure/storage/storage.port';
import { Public } from '../../auth';
import { CdnErrors } from '../errors/rendering.errors';
import { RenderJobs } from '../jobs/render-job.repository';
import { sendLocalFile } from './send-local-file';

/** The only names served: a job's video or its thumbnail. */
const FILE_NAME = /^(job_[A-Za-z0-9]+)(\.mp4|_thumb\.jpg)$/;
const CONTENT_TYPES: Record<string, string> = { '.mp4': 'video/mp4', '_thumb.jpg': 'image/jpeg' };
/** Longest time a client may cache a file; never beyond the job's `expires_at`. */
const MAX_AGE_SECONDS = 7 * 24 * 3600;

/**
 * Serves {cdn_url} = `/cdn/renders/{file}` from local storage when the app is its own CDN
 * (`config.http.servesLocalCdn`): GET and HEAD with range requests, the right Content-Type,
 * nosniff, caching bounded by the job's expiry; 410 once the job's files expired.
 * Public, and outside OpenAPI and the API rate limit: a player's range requests are never counted,
 * though the responses carry the caller's window (read at the HTTP edge, src/app.factory.ts).
 */
@ApiExcludeController()
@Public()
@Controller('cdn/renders')
export class CdnController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOCAL_FILES) private readonly files: LocalFiles | null,
    private readonly jobs: RenderJobs,
  ) {}

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
    const match = FILE_NAME.exec(file);
    if (!match) throw CommonErrors.notFound('File');
    const [, jobId, suffix] = match;
    const key = `renders/${file}`;
    const job = await this.jobs.filesOf(jobId);
    if (!job || (job.videoKey !== key && job.thumbnailKey !== key)) throw CommonErrors.notFound('File');
    const now = Date.now();
    if (job.filesDeletedAt) throw CdnErrors.fileExpired(job.expiresAt ?? job.filesDeletedAt);
    if (job.expiresAt && job.expiresAt.getTime() <= now) throw CdnErrors.fileExpired(job.expiresAt);

    const maxAge = job.expiresAt ? Math.min(MAX_AGE_SECONDS, Math.floor((job.expiresAt.getTime() - now) / 1000)) : MAX_AGE_SECONDS;
    await sendLocalFile(res, files.pathFor(key), { contentType: CONTENT_TYPES[suffix], cacheControl: `public, max-age=${maxAge}` });
  }
}
