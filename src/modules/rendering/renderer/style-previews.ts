/**
 * Style previews (`GET /v1/styles` → `preview_url`, contract §14): one JPEG per map style, a frame
 * of a sample route rendered by the service's own renderer when the Remotion bundle is built
 * (`npm run build:remotion`), kept in the bundle's `style-previews/` folder. The API publishes them
 * to storage at boot (StylePreviewsService). A bundle built without them (tests, a worker that
 * bundled on its own) simply has none, and the styles list their preview as null.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { MapAnimationProps } from '../../contract';
import { defaultBundleDir } from './remotion-bundle';
import type { RemotionRenderer } from './remotion-renderer';

export const STYLE_PREVIEWS_FOLDER = 'style-previews';

/** The previews of a bundle folder (the default bundle unless told otherwise). */
export function stylePreviewsDir(bundleDir: string = defaultBundleDir()): string {
  return path.join(bundleDir, STYLE_PREVIEWS_FOLDER);
}

export function stylePreviewFile(dir: string, styleId: string): string {
  return path.join(dir, `${styleId}.jpg`);
}

export interface StylePreviewSample {
  style: string;
  props: MapAnimationProps;
  frame: number;
}

/**
 * Renders each sample to `<outDir>/<style>.jpg`, replacing the folder as a whole (written beside
 * it first, then renamed into place), so a reader never sees a half-made set.
 */
export async function renderStylePreviews(
  renderer: Pick<RemotionRenderer, 'renderStill'>,
  samples: StylePreviewSample[],
  outDir: string,
): Promise<string[]> {
  const staging = `${outDir}.staging-${process.pid}-${Date.now()}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    const written: string[] = [];
    for (const sample of samples) {
      const output = stylePreviewFile(staging, sample.style);
      await renderer.renderStill({ props: sample.props, frame: sample.frame, output, jpegQuality: 86 });
      written.push(stylePreviewFile(outDir, sample.style));
    }
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.renameSync(staging, outDir);
    return written;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
