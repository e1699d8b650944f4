import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../../../config';
import { Logger } from '@nestjs/common';
import { processScratchDir } from '../../../common/util/process-scratch';
import {
  defaultBundleDir,
  ImageryTileCache,
  InPageFirstRenderer,
  InPageRenderer,
  type InPageRendererOptions,
  RemotionRenderer,
  type RemotionRendererOptions,
  RendererPool,
  type Renderer,
  withImageryTiles,
} from '../renderer';

export const RENDERER = Symbol('RENDERER');

/** This worker process's scratch folder (process-scratch.ts): its renderers' temp folders and its jobs' work folders. */
export function workerScratchDir(config: AppConfig): string {
  return processScratchDir(config.rendering.tempDir, 'worker');
}

/**
 * The options of one worker slot's two renderers: each its own folder in the worker's scratch folder, both with the
 * configured Chromium and Remotion's licence key (REMOTION_LICENSE_KEY).
 */
export function slotRendererOptions(
  config: AppConfig,
  slot: number,
  log?: (message: string) => void,
): { screenshots: RemotionRendererOptions; inPage: InPageRendererOptions } {
  const browserExecutable = config.rendering.chromiumPath;
  const licenseKey = config.rendering.remotionLicenseKey;
  return {
    screenshots: {
      bundleDir: defaultBundleDir(),
      ...(browserExecutable ? { browserExecutable } : {}),
      tempDir: join(workerScratchDir(config), `renderer-${slot}`),
      licenseKey,
      log,
    },
    inPage: {
      bundleDir: defaultBundleDir(),
      browserExecutable,
      tempDir: join(workerScratchDir(config), `in-page-${slot}`),
      licenseKey,
      log,
    },
  };
}

/**
 * One renderer per worker slot, each with its own Chromium and temp folder: WORKER_CONCURRENCY entries render side by
 * side (RendererPool). With RENDER_ENGINE=in_page (the default) a slot renders in the page what the page renders well
 * and takes Remotion's screenshots for the rest (InPageFirstRenderer, ADR 0015); its screenshot browser starts only
 * when a video needs it.
 */
export const rendererProvider = {
  provide: RENDERER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => {
    const logger = new Logger('Renderer');
    const log = (message: string) => logger.error(message);
    const slots = Math.max(1, config.rendering.workerConcurrency);
    const renderers = Array.from({ length: slots }, (_, slot): Renderer => {
      const options = slotRendererOptions(config, slot, log);
      const screenshots = new RemotionRenderer(options.screenshots);
      if (config.rendering.engine === 'screenshots') return screenshots;
      return new InPageFirstRenderer(new InPageRenderer(options.inPage), screenshots, log);
    });
    const renderer = slots === 1 ? renderers[0] : new RendererPool(renderers);
    const tiles = config.rendering.imageryTiles;
    if (!tiles) return renderer;
    const tileLogger = new Logger('ImageryTiles');
    return withImageryTiles(renderer, new ImageryTileCache(tiles, (message, fields) => tileLogger.warn(fields, message)));
  },
};
