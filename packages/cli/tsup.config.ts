import { defineConfig } from 'tsup';

/** One CommonJS file with a shebang; its dependencies (the SDK, commander, cli-progress) stay packages. */
export default defineConfig({
  entry: { mapr: 'src/mapr.ts' },
  format: ['cjs'],
  outExtension: () => ({ js: '.cjs' }),
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  banner: { js: '#!/usr/bin/env node' },
});
