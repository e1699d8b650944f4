/**
 * Unit tests beside the server code (and the Kubernetes manifests' check), beside the compositions (browser tsconfig: DOM and JSX) and beside the
 * dashboard's pure code, black-box e2e tests in test/ against real Postgres and Redis, and the fault suite.
 *
 * ts-jest compiles each file on its own (the tsconfigs set `isolatedModules`), so it reports syntax
 * errors but not type errors: types are checked by `npm run typecheck`, which the test command runs first.
 */
const serverTs = ['ts-jest', { tsconfig: 'tsconfig.json' }];
const browserTs = ['ts-jest', { tsconfig: 'remotion/tsconfig.json' }];
module.exports = {
  testTimeout: 60000,
  // With `--shard`, splits the e2e files on Postgres into the test command's two streams by their measured times; without
  // it, Jest's own order.
  testSequencer: '<rootDir>/test/support/e2e-sequencer.js',
  // No forceExit: every project ends on its own. A test that leaves a handle open (an app not closed, a Bull queue,
  // an ioredis client, a browser, a timer) keeps Jest from exiting; `--detectOpenHandles` names it.
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      // deploy/: the Kubernetes manifests checked against the Kubernetes schemas (deploy/kubernetes/manifests.spec.ts);
      // test/image: the Dockerfile by hadolint's rules (test/image/dockerfile.spec.ts).
      roots: ['<rootDir>/src', '<rootDir>/deploy', '<rootDir>/test/image'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.tsx?$': serverTs },
    },
    {
      displayName: 'remotion',
      testEnvironment: 'node',
      // d3's packages are ES modules by default; their "umd" export is plain CommonJS-compatible
      // JavaScript that Jest loads without transforming node_modules.
      testEnvironmentOptions: { customExportConditions: ['node', 'node-addons', 'umd'] },
      roots: ['<rootDir>/remotion'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.tsx?$': browserTs },
      // NASA's images are files the bundler serves with the page; modules that import them load here without them.
      moduleNameMapper: { '^@nasa-imagery/': '<rootDir>/remotion/fixtures/image-url-stub.js' },
    },
    {
      // The dashboard's pure code (the composer's form and the body it builds): no page, no service.
      displayName: 'dashboard',
      testEnvironment: 'node',
      roots: ['<rootDir>/dashboard'],
      testMatch: ['**/*.spec.ts'],
      transform: { '^.+\\.tsx?$': browserTs },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform: { '^.+\\.tsx?$': serverTs },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
    {
      // The image's start command and health checks as processes against the built service (test/image/image.image-spec.ts):
      // the test command runs it once `nest build` has ended.
      displayName: 'image',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/image'],
      testMatch: ['**/*.image-spec.ts'],
      transform: { '^.+\\.tsx?$': serverTs },
    },
    {
      // Faults injected into the running service (test/faults/README.md): its own database, run in band.
      displayName: 'faults',
      testEnvironment: 'node',
      roots: ['<rootDir>/test/faults'],
      testMatch: ['**/*.faults-spec.ts'],
      transform: { '^.+\\.tsx?$': serverTs },
      globalSetup: '<rootDir>/test/faults/support/global-setup.ts',
    },
  ],
};
