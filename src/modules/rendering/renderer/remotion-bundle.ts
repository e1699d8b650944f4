/**
 * The Remotion project is bundled once (at build: `npm run build:remotion`) into
 * `remotion-bundle/` at the repository root and reused by every render.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The repository root: the nearest folder upwards that holds `remotion/index.ts`. */
export function repositoryRoot(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'remotion', 'index.ts')) && fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the repository root (remotion/index.ts)');
    dir = parent;
  }
}

export function defaultBundleDir(): string {
  return path.join(repositoryRoot(), 'remotion-bundle');
}

function isComplete(dir: string): boolean {
  return fs.existsSync(path.join(dir, 'index.html')) && fs.existsSync(path.join(dir, 'bundle.js'));
}

/**
 * Bundles `remotion/index.ts` (or another entry: the bench's, bench/remotion/index.ts) into `outDir`, replacing what is
 * there. The bundle is written to a sibling folder first and renamed into place, so a reader never sees half a bundle.
 */
export async function buildRemotionBundle(
  outDir: string = defaultBundleDir(),
  onProgress?: (percent: number) => void,
  entryPoint: string = path.join(repositoryRoot(), 'remotion', 'index.ts'),
): Promise<string> {
  // Required lazily: the bundler (webpack) is heavy and only needed when building.
  const { bundle } = await import('@remotion/bundler');
  const staging = `${outDir}.staging-${process.pid}-${Date.now()}`;
  await bundle({
    entryPoint,
    outDir: staging,
    enableCaching: false,
    onProgress: (p) => onProgress?.(p),
    webpackOverride: (config) => ({
      ...config,
      resolve: { ...config.resolve, alias: { ...(config.resolve?.alias as object), '@nasa-imagery': nasaImageryDir() } },
    }),
  });
  withoutFaviconRequest(staging);
  const previous = `${outDir}.old-${process.pid}-${Date.now()}`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, previous);
  fs.renameSync(staging, outDir);
  fs.rmSync(previous, { recursive: true, force: true });
  return outDir;
}

/**
 * Remotion's page links `./favicon.ico` (100 KB). Chromium fetches it after the page has loaded and
 * Remotion often closes or reloads the tab mid-transfer, so the browser reports
 * `favicon.ico … net::ERR_CONTENT_LENGTH_MISMATCH`, which Remotion prints as an error although
 * nothing went wrong. An empty inline icon means there is no request at all.
 */
export function withoutFaviconRequest(bundleDir: string): void {
  const indexPath = path.join(bundleDir, 'index.html');
  const html = fs.readFileSync(indexPath, 'utf8');
  fs.writeFileSync(indexPath, html.replace(/(<link\b[^>]*\brel="icon"[^>]*\bhref=")\.?\/?favicon\.ico"/, '$1data:,"'));
}

/**
 * NASA's Blue Marble, Black Marble and elevation images (public domain), as the `three-globe`
 * package ships them; its `exports` hide the folder from a package import, so the compositions
 * import them through the `@nasa-imagery/` alias instead (remotion/nasa-imagery.d.ts).
 */
export function nasaImageryDir(): string {
  return path.join(path.dirname(require.resolve('three-globe')), '..', 'example', 'img');
}

let pending: Promise<string> | null = null;

/** The bundle folder, built first if it is missing (tests, a worker started without a build). */
export function ensureRemotionBundle(outDir: string = defaultBundleDir()): Promise<string> {
  if (isComplete(outDir)) return Promise.resolve(outDir);
  pending ??= buildRemotionBundle(outDir).finally(() => {
    pending = null;
  });
  return pending;
}
