/** Two projects: fast unit tests beside the code, and black-box e2e tests in test/ against real Postgres and Redis. */
const tsJest = ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }];
module.exports = {
  testTimeout: 60000,
  // Chromium, Bull and ioredis can keep a handle open for a moment after an app closes.
  forceExit: true,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      roots: ['<rootDir>/src', '<rootDir>/remotion'],
      testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
      transform: { '^.+\\.tsx?$': tsJest },
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/test'],
      testMatch: ['**/*.e2e-spec.ts'],
      transform: { '^.+\\.tsx?$': tsJest },
      globalSetup: '<rootDir>/test/support/global-setup.ts',
    },
  ],
};
