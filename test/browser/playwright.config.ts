/**
 * Browser tests of the dashboard (`npx playwright test -c test/browser`; the README's test command runs
 * them after `npm run build`): Debian's Chromium drives the built service, started here as it runs in
 * production (API and worker in one process) on the machine's Postgres and Redis, with its own data
 * folder (the outbox the tests read verification links from) and its own Redis key prefix.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.BROWSER_TEST_PORT ?? 3199);
const dataDir = process.env.BROWSER_TEST_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'mapr-browser-'));
// Read by the tests (outbox, operator CLI); the web server below gets the same values.
process.env.BROWSER_TEST_DATA_DIR = dataDir;
process.env.BROWSER_TEST_BASE_URL = `http://127.0.0.1:${port}`;

export const serviceEnv: Record<string, string> = {
  NODE_ENV: 'test',
  PORT: String(port),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  REDIS_KEY_PREFIX: `browser${process.pid}`,
  JWT_SECRET: 'browser-tests-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'warn',
  // The database is shared with the e2e suites, whose apps leave queued jobs under other Redis prefixes: this
  // worker's lost-entry sweep would take them all for its own and render them before the test's job.
  RENDER_QUEUE_SWEEP_SECONDS: '0',
  // Every file registers its accounts from 127.0.0.1: more than the 5 an hour one source may (test/security.e2e-spec.ts).
  REGISTRATIONS_PER_SOURCE_PER_HOUR: '1000',
  REGISTRATIONS_PER_SOURCE_PER_DAY: '1000',
  CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
};
process.env.BROWSER_TEST_SERVICE_ENV = JSON.stringify(serviceEnv);

export default defineConfig({
  testDir: '.',
  testMatch: '*.browser.ts',
  outputDir: '../../tmp/playwright',
  timeout: 180_000,
  expect: { timeout: 20_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'node dist/src/main.js',
    cwd: '../..',
    url: `http://127.0.0.1:${port}/health/ready`,
    env: serviceEnv,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
