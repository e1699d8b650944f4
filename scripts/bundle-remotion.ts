/**
 * `npm run build:remotion`: bundles remotion/index.ts once into remotion-bundle/ (gitignored), then
 * renders the style previews into it (remotion-bundle/style-previews/, one JPEG per style of
 * `GET /v1/styles`) with the service's renderer. Without a browser to render with, the bundle is
 * still built and the styles' previews stay unset (`preview_url: null`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { STYLES } from '../src/modules/contract';
import {
  buildRemotionBundle,
  defaultBundleDir,
  RemotionRenderer,
  renderStylePreviews,
  stylePreviewsDir,
} from '../src/modules/rendering/renderer';
import { atlanticProps } from '../remotion/fixtures/sample-routes';

/** Frame of the atlantic sample with the route, the New York label, the ship and the HUD in view. */
const PREVIEW_FRAME = 150;

async function main(): Promise<void> {
  const started = Date.now();
  let lastShown = -10;
  const dir = await buildRemotionBundle(defaultBundleDir(), (percent) => {
    if (percent >= lastShown + 10) {
      lastShown = percent;
      process.stdout.write(`bundling remotion: ${percent}%\n`);
    }
  });
  process.stdout.write(`remotion bundle written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

  const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(browserExecutable)) {
    process.stdout.write(`no browser at ${browserExecutable} (set CHROMIUM_PATH): style previews not rendered, preview_url stays null\n`);
    return;
  }
  const previewsStarted = Date.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-previews-'));
  const renderer = new RemotionRenderer({ bundleDir: dir, browserExecutable, tempDir: work });
  try {
    const samples = STYLES.map((style) => ({ style: style.id, props: atlanticProps({ style: style.id }), frame: PREVIEW_FRAME }));
    const written = await renderStylePreviews(renderer, samples, stylePreviewsDir(dir));
    process.stdout.write(`${written.length} style previews written in ${((Date.now() - previewsStarted) / 1000).toFixed(1)} s\n`);
  } finally {
    await renderer.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
