import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../../../config';
import { Logger } from '@nestjs/common';
import { processScratchDir } from '../../../common/util/process-scratch';
import { defaultBundleDir, RemotionRenderer, RendererPool } from '../renderer';

export const RENDERER = Symbol('RENDERER');

/** This worker process's scratch folder (process-scratch.ts): its renderers' temp folders and its jobs' work folders. */
export function workerScratchDir(config: AppConfig): string {
  return processScratchDir(config.rendering.tempDir, 'worker');
}

/**
 * One Remotion renderer (one Chromium, its own temp folder) per worker slot: WORKER_CONCURRENCY entries render side
 * by side, each in its own browser (RendererPool).
 */
export const rendererProvider = {
  provide: RENDERER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => {
    const logger = new Logger('Renderer');
    const slots = Math.max(1, config.rendering.workerConcurrency);
    const renderers = Array.from(
      { length: slots },
      (_, slot) =>
        new RemotionRenderer({
          bundleDir: defaultBundleDir(),
          ...(config.rendering.chromiumPath ? { browserExecutable: config.rendering.chromiumPath } : {}),
          tempDir: join(workerScratchDir(config), `renderer-${slot}`),
          log: (message) => logger.error(message),
        }),
    );
    return slots === 1 ? renderers[0] : new RendererPool(renderers);
  },
};
