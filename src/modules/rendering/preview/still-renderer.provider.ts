import * as fs from 'node:fs';
import { Logger, type Provider } from '@nestjs/common';
import { processScratchDir, removeScratchOfDeadProcesses } from '../../../common/util/process-scratch';
import { APP_CONFIG, AppConfig } from '../../../config';
import { defaultBundleDir, ImageryTileCache, RemotionRenderer, type StillRenderer, stillsWithImageryTiles } from '../renderer';
import { DEFAULT_PREVIEW_STILL_OPTIONS, PREVIEW_STILL_OPTIONS, PREVIEW_STILL_RENDERER } from './preview-still.service';

/**
 * The API process's own renderer for preview stills: its own Chromium (launched by the first still) and its own
 * temp folder, apart from a worker's renderer even in the `all` role. stop() also removes the folder.
 */
export const stillRendererProvider: Provider = {
  provide: PREVIEW_STILL_RENDERER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig): StillRenderer => {
    const logger = new Logger('PreviewStillRenderer');
    removeScratchOfDeadProcesses(config.rendering.tempDir, 'preview-stills');
    const tempDir = processScratchDir(config.rendering.tempDir, 'preview-stills');
    const renderer = new RemotionRenderer({
      bundleDir: defaultBundleDir(),
      ...(config.rendering.chromiumPath ? { browserExecutable: config.rendering.chromiumPath } : {}),
      tempDir,
      licenseKey: config.rendering.remotionLicenseKey,
      log: (message) => logger.error(message),
    });
    const stills: StillRenderer = {
      renderStill: (input) => renderer.renderStill(input),
      stop: async () => {
        await renderer.stop();
        fs.rmSync(tempDir, { recursive: true, force: true });
      },
    };
    const tiles = config.rendering.imageryTiles;
    if (!tiles) return stills;
    const tileLogger = new Logger('ImageryTiles');
    return stillsWithImageryTiles(stills, new ImageryTileCache(tiles, (message, fields) => tileLogger.warn(fields, message)));
  },
};

export const previewStillOptionsProvider: Provider = {
  provide: PREVIEW_STILL_OPTIONS,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => ({ ...DEFAULT_PREVIEW_STILL_OPTIONS, timeoutMs: config.rendering.previewStillTimeoutSeconds * 1000 }),
};
