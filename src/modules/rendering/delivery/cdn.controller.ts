import { Controller, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CommonErrors } from '../../../common/errors';
import { APP_CONFIG } from '../../../config';
import type { AppConfig } from '../../../config';
import { LOCAL_FILES } from '../../../infrastructure/storage/storage.port';
import type { LocalFiles } from '../../../infrastructure/storage/storage.port';
import { Public } from '../../auth';
import { CdnErrors } from '../errors/rendering.errors';
import { RenderJobs } from '../jobs/render-job.repository';
import { type LocalCdnFile, LocalCdnRoute } from './send-local-file';

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
export class CdnController extends LocalCdnRoute {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOCAL_FILES) files: LocalFiles | null,
    private readonly jobs: RenderJobs,
  ) {
    super(config, files);
  }

  protected async locate(file: string): Promise<LocalCdnFile> {
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
    return { key, contentType: CONTENT_TYPES[suffix], cacheControl: `public, max-age=${maxAge}` };
  }
}
