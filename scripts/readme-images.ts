/**
 * `npm run docs:images` (after `npm run build`): regenerates the README's images from the current
 * build. It takes the render request of the README's walkthrough (the JSON body of its
 * `POST /v1/render`), runs it through the service's own steps (validation, normalisation,
 * routing, composition props, the Remotion renderer a worker uses) and writes the job's thumbnail,
 * the final frame, to docs/first-render.jpg. The figures quoted under the image (resolution,
 * length, MP4 size) are rewritten to match.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createValidationPipe } from '../src/common/http/validation';
import { buildCompositionProps } from '../src/modules/rendering/contract';
import { ensureRemotionBundle, RemotionRenderer } from '../src/modules/rendering/renderer';
import { CreateRenderDto, normalizeRenderRequest, tierAndPlaceIssues } from '../src/modules/rendering';
import { createRoadRouter, planRoute } from '../src/modules/routing';
import { TIERS } from '../src/modules/billing';

const root = path.join(__dirname, '..');
const readmePath = path.join(root, 'README.md');
const imagePath = path.join(root, 'docs', 'first-render.jpg');
/** The sentence under the image; its figures are replaced. */
const FIGURES = /(The final frame of that exact request, rendered by the quick-start service )\([^)]*\)/;

/** The JSON body of the walkthrough's `POST /v1/render` (the `-d '{ … }'` after `$API/v1/render`). */
export function walkthroughRequest(readme: string): unknown {
  const match = /\$API\/v1\/render -H[^\n]*-d '(\{[\s\S]*?\n\})'/.exec(readme);
  if (!match) throw new Error("README.md: no `curl … $API/v1/render … -d '{…}'` walkthrough request found");
  return JSON.parse(match[1]);
}

async function main(): Promise<void> {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const body = walkthroughRequest(readme);
  const free = TIERS.free.limits;
  const dto = (await createValidationPipe().transform(body, { type: 'body', metatype: CreateRenderDto })) as CreateRenderDto;
  const { issues } = tierAndPlaceIssues(dto, { tier: 'free', maxDurationSeconds: free.max_duration_seconds });
  if (issues.length) throw new Error(`The walkthrough request is refused on the Free tier: ${JSON.stringify(issues)}`);
  const request = normalizeRenderRequest(dto, { maxDurationSeconds: free.max_duration_seconds, sandbox: false });
  // The walkthrough has no road leg; a road leg would fail here as it does on the embedded default.
  const plan = await planRoute(request, { roadRouter: createRoadRouter({}) });
  const props = buildCompositionProps(request, plan, { sandbox: false });

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-readme-'));
  const renderer = new RemotionRenderer({
    bundleDir: await ensureRemotionBundle(),
    browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    tempDir: path.join(work, 'tmp'),
  });
  try {
    await renderer.start();
    const videoPath = path.join(work, 'first.mp4');
    const thumbnailPath = path.join(work, 'first.jpg');
    let shown = -1;
    const video = await renderer.render({
      props,
      videoPath,
      thumbnailPath,
      onProgress: (p) => {
        const tenth = Math.floor(p * 10);
        if (tenth > shown) process.stdout.write(`rendering: ${(shown = tenth) * 10}%\n`);
      },
    });
    fs.copyFileSync(thumbnailPath, imagePath);
    const megabytes = (video.file_size_bytes / 1e6).toFixed(1);
    const figures = `(${video.width}x${video.height}, ${Math.round(video.duration_seconds)} s, ${megabytes} MB)`;
    if (!FIGURES.test(readme)) throw new Error('README.md: the sentence under the image was not found; update it by hand: ' + figures);
    fs.writeFileSync(readmePath, readme.replace(FIGURES, `$1${figures}`));
    const kb = Math.round(fs.statSync(imagePath).size / 1024);
    console.log(
      `docs/first-render.jpg: ${video.width}x${video.height}, ${kb} KB; the MP4: ${video.duration_seconds.toFixed(2)} s, ${video.file_size_bytes} bytes`,
    );
    console.log(`README.md: ${figures}`);
  } finally {
    await renderer.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
