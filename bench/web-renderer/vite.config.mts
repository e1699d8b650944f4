/** Builds bench/web-renderer/ (the in-browser renderer's bench page) into bench/out/web-renderer; bench/render-web.ts runs it. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: fileURLToPath(new URL('../out/web-renderer', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 20000,
    rolldownOptions: {
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
});
