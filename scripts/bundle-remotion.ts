/** `npm run build:remotion`: bundles remotion/index.ts once into remotion-bundle/ (gitignored). */
import { buildRemotionBundle, defaultBundleDir } from '../src/modules/rendering/renderer';

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
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
