import { Controller, Get, Head, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CommonErrors } from '../../../common/errors';
import { APP_CONFIG } from '../../../config';
import type { AppConfig } from '../../../config';
import { CONTENT_ADDRESSED_CACHE_CONTROL, LOCAL_FILES } from '../../../infrastructure/storage/storage.port';
import type { LocalFiles } from '../../../infrastructure/storage/storage.port';
import { Public } from '../../auth';
import { isStylePreviewFileName } from '../style-previews/style-preview-key';
import { sendLocalFile } from './send-local-file';

/**
 * Serves the style previews, `{cdn_url}/styles/<style>-<hash>.jpg`, from local storage when the app
 * is its own CDN (as /cdn/renders does for job files). Their names carry their content's hash, so
 * they are cached for a year; they never expire. Public, outside OpenAPI and the API rate limit.
 */
@ApiExcludeController()
@Public()
@Controller('cdn/styles')
export class StylePreviewFilesController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOCAL_FILES) private readonly files: LocalFiles | null,
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
    if (!isStylePreviewFileName(file)) throw CommonErrors.notFound('File');
    await sendLocalFile(res, files.pathFor(`styles/${file}`), { contentType: 'image/jpeg', cacheControl: CONTENT_ADDRESSED_CACHE_CONTROL });
  }
}
