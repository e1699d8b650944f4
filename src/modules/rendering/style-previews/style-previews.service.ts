import { readFile } from 'node:fs/promises';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config';
import { CONTENT_ADDRESSED_CACHE_CONTROL, STORAGE } from '../../../infrastructure/storage/storage.port';
import type { StoragePort } from '../../../infrastructure/storage/storage.port';
import { STYLES } from '../../contract';
import { stylePreviewFile, stylePreviewsDir } from '../renderer/style-previews';
import { stylePreviewKey } from './style-preview-key';

/**
 * Publishes the style previews of the build (renderer/style-previews.ts) when the API starts:
 * each under a key that names its content (`styles/standard-<hash>.jpg`), uploaded through the
 * storage port only when that key is not stored yet, so a restart uploads nothing and a rebuilt
 * preview gets a new URL. `GET /v1/styles` then lists `{cdn_url}/<key>`; a style whose preview the
 * build lacks, or could not be published, lists null. The expiry sweeper deletes only the keys of
 * expired jobs, so previews stay.
 */
@Injectable()
export class StylePreviewsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(StylePreviewsService.name);
  private readonly urls = new Map<string, string>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: StoragePort,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.publish();
  }

  /** `{cdn_url}/styles/<style>-<hash>.jpg`, or null when this build has no published preview of it. */
  previewUrl(styleId: string): string | null {
    return this.urls.get(styleId) ?? null;
  }

  /** Publishes every preview of the build that is missing from storage; returns how many were uploaded. */
  async publish(): Promise<number> {
    const dir = this.folder();
    if (!dir) return 0;
    let uploaded = 0;
    for (const style of STYLES) {
      const file = stylePreviewFile(dir, style.id);
      let content: Buffer;
      try {
        content = await readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn({ err, file }, 'Style preview unreadable');
        continue;
      }
      if (!isJpeg(content)) {
        this.logger.warn({ file }, 'Style preview is not a JPEG: not published');
        continue;
      }
      const key = stylePreviewKey(style.id, content);
      try {
        if (!(await this.storage.exists(key))) {
          await this.storage.putFile(key, file, 'image/jpeg', CONTENT_ADDRESSED_CACHE_CONTROL);
          uploaded += 1;
        }
        this.urls.set(style.id, `${this.config.http.cdnUrl}/${key}`);
      } catch (err) {
        // The API serves without it: the style lists no preview until the next start.
        this.logger.warn({ err, key }, 'Style preview could not be published');
      }
    }
    if (uploaded) this.logger.log(`Published ${uploaded} style preview(s)`);
    return uploaded;
  }

  private folder(): string | null {
    if (this.config.rendering.stylePreviewsDir) return this.config.rendering.stylePreviewsDir;
    try {
      return stylePreviewsDir();
    } catch {
      // No repository root here (an unusual install): no built previews to publish.
      return null;
    }
  }
}

function isJpeg(content: Buffer): boolean {
  return content.length > 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff;
}
