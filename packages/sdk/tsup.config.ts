import { defineConfig } from 'tsup';

/**
 * ESM and CommonJS builds with their type declarations, for Node 20+ and bundlers (browsers).
 * openapi-fetch (a few KB) is bundled in: the package then has no runtime dependency, and its CommonJS
 * build, which lacks the `__esModule` marker, cannot be mis-imported.
 */
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  platform: 'neutral',
  noExternal: ['openapi-fetch'],
});
