// @ts-check
/**
 * Lint rules for the whole repository. Server code (src, test, bench, scripts) runs in Node; the
 * compositions (remotion/) run in the browser and also follow Remotion's own rules (deterministic
 * frames, no native media tags). Formatting is Prettier's job (`npm run format`), so every stylistic
 * rule is off here (eslint-config-prettier). Module boundaries are checked by dependency-cruiser
 * (`.dependency-cruiser.cjs`), not here. The dashboard (dashboard/) runs in the browser and follows React's hook rules.
 */
import js from '@eslint/js';
import remotion from '@remotion/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'packages/*/dist/',
      'packages/sdk/src/generated/',
      'data/',
      'coverage/',
      'tmp/',
      'remotion-bundle/',
      'bench/out/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are mistakes, except deliberate placeholders written with a leading underscore.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Type-only imports keep runtime import graphs (and dependency-cruiser's view of them) honest.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Nest resolves constructor parameters from emitted decorator metadata: an import used only as a
    // parameter type must stay a value import there, or injection silently receives `undefined`.
    files: ['src/**/*.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // The compositions, and the bench's (bench/remotion/), which its own bundle adds to them.
    files: ['remotion/**/*.{ts,tsx}', 'bench/remotion/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...remotion.flatPlugin,
  },
  {
    // The dashboard: a React app in the browser (it renders remotion/'s compositions with the Player).
    files: ['dashboard/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
