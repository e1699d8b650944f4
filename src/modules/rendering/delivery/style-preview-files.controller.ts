import { Controller, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CommonErrors } from '../../../common/errors';
import { APP_CONFIG } from '../../../config';
import type { AppConfig } from '../../../config';
import { CONTENT_ADDRESSED_CACHE_CONTROL, LOCAL_FILES } from '../../../infrastructure/storage/storage.port';
import type { LocalFiles } from '../../../infrastructure/storage/storage.port';
import { Public } from '../../auth';
import { isStylePreviewFileName } from '../style-previews/style-preview-key';
import { type LocalCdnFile, LocalCdnRoute } from './send-local-file';

/**
 * Serves the style previews, `{cdn_url}/styles/<style>-<hash>.jpg`, from local storage when the app
 * is its own CDN (as /cdn/renders does for job files). Their names carry their content's hash, so
 * they are cached for a year; they never expire. Public, outside OpenAPI and the API rate limit.
 */
@ApiExcludeController()
@Public()
@Controller('cdn/styles')
export class StylePreviewFilesController extends LocalCdnRoute {
  constructor(@Inject(APP_CONFIG) config: AppConfig, @Inject(LOCAL_FILES) files: LocalFiles | null) {
    super(config, files);
  }

  protected locate(file: string): Promise<LocalCdnFile> {
    if (!isStylePreviewFileName(file)) throw CommonErrors.notFound('File');
    return Promise.resolve({ key: `styles/${file}`, contentType: 'image/jpeg', cacheControl: CONTENT_ADDRESSED_CACHE_CONTROL });
  }
}
