import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../../../config';
import { Logger } from '@nestjs/common';
import { defaultBundleDir, RemotionRenderer } from '../renderer';

export const RENDERER = Symbol('RENDERER');

/** One Remotion renderer (one Chromium) per worker process, with its own temp folder. */
export const rendererProvider = {
  provide: RENDERER,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => {
    const logger = new Logger('Renderer');
    return new RemotionRenderer({
      bundleDir: defaultBundleDir(),
      ...(config.rendering.chromiumPath ? { browserExecutable: config.rendering.chromiumPath } : {}),
      tempDir: join(config.rendering.tempDir, `worker-${process.pid}`),
      log: (message) => logger.error(message),
    });
  },
};
