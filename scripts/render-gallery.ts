/**
 * The README's style gallery (docs/gallery/*.jpg): stills of real compositions in the new looks, drawn by the production
 * bundle as `POST /v1/render/preview/still` draws them, then scaled (two side by side) and saved as JPEG by Debian's
 * ffmpeg (the compositor's has no hstack).
 *
 *   apt-get install ffmpeg && npm run build:remotion && npx ts-node --transpile-only scripts/render-gallery.ts
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openBrowser, renderStill, selectComposition } from '@remotion/renderer';
import { MAP_ANIMATION_COMPOSITION_ID, type MapAnimationProps } from '../src/modules/contract';
import { defaultBundleDir } from '../src/modules/rendering/renderer';
import { atlanticProps, pacificProps, shanghaiPortsProps } from '../remotion/fixtures/sample-routes';

const GALLERY = path.join(__dirname, '..', 'docs', 'gallery');
const ffmpeg = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const terrain = { terrain: { enabled: true, exaggeration: 1.5 } };

/** Each picture: one or two stills (two are set side by side), and the frame drawn (negative: from the end). */
const PICTURES: Array<{ file: string; stills: Array<() => MapAnimationProps>; frame: number; width: number }> = [
  { file: 'satellite-16x9.jpg', stills: [() => atlanticProps({ style: 'satellite', ...terrain })], frame: 150, width: 960 },
  { file: 'satellite-globe-16x9.jpg', stills: [() => atlanticProps({ style: 'satellite' })], frame: 20, width: 960 },
  { file: 'night-pacific-9x16.jpg', stills: [() => pacificProps({ style: 'night', aspect_ratio: '9:16' })], frame: 200, width: 540 },
  {
    file: 'terrain-on-off-16x9.jpg',
    stills: [() => atlanticProps({ projection: 'flat' }), () => atlanticProps({ projection: 'flat', ...terrain })],
    frame: 150,
    width: 960,
  },
  { file: 'atlas-multi-route-16x9.jpg', stills: [() => shanghaiPortsProps({ style: 'atlas' })], frame: 200, width: 960 },
  { file: 'blueprint-9x16.jpg', stills: [() => atlanticProps({ style: 'blueprint', aspect_ratio: '9:16' })], frame: 150, width: 540 },
];

async function main(): Promise<void> {
  const serveUrl = defaultBundleDir();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-gallery-'));
  fs.mkdirSync(GALLERY, { recursive: true });
  const browser = await openBrowser('chrome', { browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    for (const picture of PICTURES) {
      const pngs: string[] = [];
      for (const [i, make] of picture.stills.entries()) {
        const inputProps = make() as unknown as Record<string, unknown>;
        const composition = await selectComposition({ serveUrl, id: MAP_ANIMATION_COMPOSITION_ID, inputProps, puppeteerInstance: browser });
        const frame = picture.frame < 0 ? composition.durationInFrames + picture.frame : picture.frame;
        const output = path.join(work, `${picture.file}-${i}.png`);
        await renderStill({
          serveUrl,
          composition,
          inputProps,
          frame,
          output,
          imageFormat: 'png',
          puppeteerInstance: browser,
          logLevel: 'error',
        });
        pngs.push(output);
      }
      // Two stills side by side, each half the picture's width.
      const each = Math.round(picture.width / pngs.length);
      const filter =
        pngs.length === 1
          ? `scale=${each}:-2`
          : `${pngs.map((_, i) => `[${i}]scale=${each}:-2[s${i}]`).join(';')};${pngs.map((_, i) => `[s${i}]`).join('')}hstack=inputs=${pngs.length}`;
      execFileSync(
        ffmpeg,
        ['-v', 'error', '-y', ...pngs.flatMap((p) => ['-i', p]), '-filter_complex', filter, '-q:v', '4', path.join(GALLERY, picture.file)],
        {
          env: { ...process.env, LD_LIBRARY_PATH: path.dirname(ffmpeg) },
        },
      );
      console.log(`docs/gallery/${picture.file}`);
    }
  } finally {
    await browser.close({ silent: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
