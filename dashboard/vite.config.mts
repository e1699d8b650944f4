/**
 * The dashboard build (`npm run build:dashboard`): dashboard/ → dist/dashboard, served by the API at `/`.
 * During development, `npx vite --config dashboard/vite.config.ts` serves it with hot reload and
 * forwards the API's paths to a running service (MAPR_API_URL, default http://localhost:3000).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const dashboardDir = fileURLToPath(new URL('.', import.meta.url));
const api = process.env.MAPR_API_URL ?? 'http://localhost:3000';
/** NASA's Earth images the compositions import as `@nasa-imagery/…` (as the Remotion bundle does: remotion-bundle.ts). */
const nasaImagery = join(dirname(createRequire(import.meta.url).resolve('three-globe')), '..', 'example', 'img');

export default defineConfig({
  root: dashboardDir,
  base: '/',
  // The compositions of remotion/ run in the page (Remotion Player): React's automatic JSX runtime for all.
  oxc: { jsx: { runtime: 'automatic' } },
  resolve: { alias: { '@nasa-imagery': nasaImagery } },
  build: {
    outDir: fileURLToPath(new URL('../dist/dashboard', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      // "use client" markers of React libraries mean nothing in a page that is all client.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/v1', '/cdn', '/docs', '/health'].map((prefix) => [prefix, api])),
  },
});
