/**
 * `npm run docs:images` (after `npm run build`): regenerates the README's images from the current
 * build, each from a request written in the README, run through the service's own steps
 * (validation, normalisation, routing, composition props, the Remotion renderer a worker uses):
 * - the walkthrough's `POST /v1/render` body → docs/first-render.jpg (the job's thumbnail, its
 *   final frame), and the figures quoted under it (resolution, length, MP4 size) are rewritten;
 * - every JSON block that follows an `<!-- example: NAME -->` line (the render modes) →
 *   docs/examples/NAME.jpg, that request's final frame.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createValidationPipe } from '../src/common/http/validation';
import { buildCompositionProps, routeInputOf } from '../src/modules/contract';
import { ensureRemotionBundle, RemotionRenderer } from '../src/modules/rendering/renderer';
import { CreateRenderDto, parseRenderBody } from '../src/modules/rendering';
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

/** The README's render-mode examples: each JSON block after an `<!-- example: NAME -->` line, by name. */
export function exampleRequests(readme: string): Array<{ name: string; body: unknown }> {
  const examples: Array<{ name: string; body: unknown }> = [];
  for (const match of readme.matchAll(/<!-- example: ([a-z0-9-]+) -->\s*```json\n([\s\S]*?)\n```/g)) {
    examples.push({ name: match[1], body: JSON.parse(match[2]) });
  }
  return examples;
}

/** A README request as a job would see it on the Free tier: refused requests stop the script. */
async function propsOf(body: unknown, what: string) {
  const free = TIERS.free.limits;
  const dto = (await createValidationPipe().transform(body, { type: 'body', metatype: CreateRenderDto })) as CreateRenderDto;
  const { request, issues } = parseRenderBody(dto, {
    tier: { tier: 'free', maxDurationSeconds: free.max_duration_seconds },
    sandbox: false,
  });
  if (issues.length) throw new Error(`${what} is refused on the Free tier: ${JSON.stringify(issues)}`);
  // The README's requests have no road leg; a road leg would fail here as it does on the embedded default.
  const plan = await planRoute(routeInputOf(request), { roadRouter: createRoadRouter({}) });
  return buildCompositionProps(request, plan, { sandbox: false });
}

async function main(): Promise<void> {
  const readme = fs.readFileSync(readmePath, 'utf8');
  const props = await propsOf(walkthroughRequest(readme), 'The walkthrough request');
  const examples = exampleRequests(readme);

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-readme-'));
  const renderer = new RemotionRenderer({
    bundleDir: await ensureRemotionBundle(),
    browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    tempDir: path.join(work, 'tmp'),
  });
  const render = async (name: string, renderProps: Awaited<ReturnType<typeof propsOf>>) => {
    const videoPath = path.join(work, `${name}.mp4`);
    const thumbnailPath = path.join(work, `${name}.jpg`);
    let shown = -1;
    const video = await renderer.render({
      props: renderProps,
      videoPath,
      thumbnailPath,
      onProgress: (p) => {
        const tenth = Math.floor(p * 10);
        if (tenth > shown) process.stdout.write(`${name}: ${(shown = tenth) * 10}%\n`);
      },
    });
    return { video, thumbnailPath };
  };
  try {
    await renderer.start();
    for (const example of examples) {
      const { video, thumbnailPath } = await render(example.name, await propsOf(example.body, `The README example "${example.name}"`));
      const target = path.join(root, 'docs', 'examples', `${example.name}.jpg`);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.copyFileSync(thumbnailPath, target);
      console.log(`docs/examples/${example.name}.jpg: ${video.width}x${video.height}, ${Math.round(fs.statSync(target).size / 1024)} KB`);
    }
    const { video, thumbnailPath } = await render('first', props);
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
