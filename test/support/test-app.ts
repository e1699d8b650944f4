import { AbstractLoader, ExpressLoader } from '@nestjs/serve-static';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { configureHttpApp, createHttpAdapter, HTTP_APP_OPTIONS } from '../../src/app.factory';
import { AppModule } from '../../src/app.module';
import { AppConfig, loadConfiguration } from '../../src/config';
import { randomBase62 } from '../../src/common/util/ids';
import { ApiKeysService } from '../../src/modules/auth/testing';
import { PlansService, TierId, TierLimits } from '../../src/modules/billing';
import { assertTestDatabaseName, TEST_DATABASE_KIND, TEST_DATABASE_URL, TEST_REDIS_URL } from './test-env';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  http: ReturnType<typeof request>;
  baseUrl: string;
  close(): Promise<void>;
}

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A provider of the app replaced for a test, e.g. `{ provide: RENDERER, useValue: new FakeRenderer() }`. */
export interface ProviderOverride {
  provide: unknown;
  useValue: unknown;
}

export interface TestAppOptions {
  /** Providers to replace (Nest's overrideProvider); everything else is the production app. */
  overrides?: ProviderOverride[];
}

/**
 * Boots the real HTTP app on a free port against the machine's Postgres and Redis (or SQLite),
 * with its own Redis key prefix and data folder so test files never see each other's counters.
 * The app is built from the production module and configured as in production (configureHttpApp);
 * `options.overrides` replaces single providers, such as the renderer.
 */
export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'mapr-e2e-'));
  const database = TEST_DATABASE_KIND === 'sqlite' ? {} : (assertTestDatabaseName(TEST_DATABASE_URL), { DATABASE_URL: TEST_DATABASE_URL });
  const config = loadConfiguration({
    NODE_ENV: 'test',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_KEY_PREFIX: `t${randomBase62(10).toLowerCase()}`,
    JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256-0123456789',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    // Suites share one database but each app has its own Redis prefix: a worker's sweep would see
    // every other suite's queued jobs as lost and render them. The sweep has its own test.
    RENDER_QUEUE_SWEEP_SECONDS: '0',
    MAPR_ROLE: 'api',
    // Every test account registers and logs in from 127.0.0.1; the per-IP limits have their own tests.
    ANONYMOUS_REQUESTS_PER_MINUTE: '100000',
    REGISTRATIONS_PER_SOURCE_PER_HOUR: '100000',
    REGISTRATIONS_PER_SOURCE_PER_DAY: '100000',
    // Likewise every preview still comes from 127.0.0.1; the per-address still limit has its own test.
    PREVIEW_STILLS_PER_SOURCE_PER_MINUTE: '100000',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // No style previews unless a suite brings its own: the repository's build may or may not have rendered them.
    STYLE_PREVIEWS_DIR: join(dataDir, 'style-previews'),
    // Likewise no dashboard unless a suite brings one (test/dashboard-hosting.e2e-spec.ts).
    DASHBOARD_DIR: join(dataDir, 'dashboard'),
    ...database,
    ...env,
  });
  if (TEST_DATABASE_KIND === 'sqlite') {
    config.database = { kind: 'sqlite', path: join(process.env.MAPR_TEST_SQLITE_DIR ?? dataDir, 'mapr-e2e.sqlite') };
  }
  const builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] });
  // ServeStaticModule picks its loader when the module compiles, which in a testing module is before
  // the HTTP adapter exists (it would pick the no-op one); NestFactory.create has the adapter first.
  builder.overrideProvider(AbstractLoader).useValue(new ExpressLoader());
  for (const override of options.overrides ?? []) builder.overrideProvider(override.provide).useValue(override.useValue);
  const testingModule = await builder.compile();
  const app = configureHttpApp(testingModule.createNestApplication<NestExpressApplication>(createHttpAdapter(), HTTP_APP_OPTIONS), config);
  await app.listen(port, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${port}`;
  return { app, config, http: request(baseUrl), baseUrl, close: () => app.close() };
}

/** The verification link of the newest e-mail to `email` in the outbox folder. */
export function verificationLinkFor(t: TestApp, email: string): string {
  const dir = t.config.mail.outboxDir;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  for (const file of files.reverse()) {
    const raw = readFileSync(join(dir, file), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    // Quoted-printable may wrap long lines with "=\n"; unwrap before searching.
    const unwrapped = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /(http:\/\/[^\s"<>]+\/v1\/auth\/verify-email\?token=[A-Za-z0-9._%-]+)/.exec(unwrapped);
    if (match) return match[1];
  }
  throw new Error(`No verification e-mail to ${email} in ${dir}`);
}

/**
 * The password reset link of the newest reset e-mail to `email`, waited for: the service sends it after answering
 * (so that the answer's timing says nothing about the account). Newer than `after` (a link already seen) if given.
 */
export async function passwordResetLinkFor(t: TestApp, email: string, after?: string): Promise<string> {
  const dir = t.config.mail.outboxDir;
  const deadline = Date.now() + 5_000;
  for (;;) {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse();
    for (const file of files) {
      const raw = readFileSync(join(dir, file), 'utf8');
      if (!raw.includes(`To: ${email}`)) continue;
      const unwrapped = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /(http:\/\/[^\s"<>]+\/reset-password#token=[A-Za-z0-9._%-]+)/.exec(unwrapped);
      if (match && match[1] !== after) return match[1];
      if (match) break;
    }
    if (Date.now() > deadline) throw new Error(`No password reset e-mail to ${email} in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The token of a password reset link (it travels in the fragment). */
export function resetTokenOf(link: string): string {
  return decodeURIComponent(new URL(link).hash.slice('#token='.length));
}

export interface TestAccount {
  id: string;
  email: string;
  password: string;
  accessToken: string;
  liveKey: string;
  testKey: string;
}

let counter = 0;
export function uniqueEmail(tag = 'user'): string {
  counter += 1;
  return `${tag}-${Date.now()}-${counter}-${randomBase62(4).toLowerCase()}@example.com`;
}

/** An account with room for the many requests of one test (the rate limit and the concurrent limit have their own tests). */
export function createRoomyAccount(t: TestApp, tier: TierId = 'studio'): Promise<TestAccount> {
  return createAccount(t, { tier, overrides: { requests_per_minute: 100_000, concurrent_jobs: 100 } });
}

/** Queues `body` with the account's live key and returns the job's stored request. */
export async function storedRequestOf(t: TestApp, owner: TestAccount, body: object) {
  const job = await t.http.post('/v1/render').auth(owner.liveKey, { type: 'bearer' }).send(body).expect(202);
  return (await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, { type: 'bearer' }).expect(200)).body.request;
}

/**
 * Registers (and by default verifies, through the real e-mail link) an account with live and test keys. The API makes
 * keys for verified accounts only; an unverified account's keys are made as an account that had them before that rule
 * would have them (inside the service), so that what such keys may do stays tested.
 */
export async function createAccount(
  t: TestApp,
  options: { verified?: boolean; tier?: TierId; overrides?: Partial<TierLimits>; keys?: boolean } = {},
): Promise<TestAccount> {
  const email = uniqueEmail();
  const password = 'correct horse battery';
  const registered = await t.http.post('/v1/auth/register').send({ email, password, name: 'Test User' }).expect(201);
  const verified = options.verified ?? true;
  if (verified) {
    const link = new URL(verificationLinkFor(t, email));
    await t.http.get(`${link.pathname}${link.search}`).set('Accept', 'application/json').expect(200);
  }
  const id = registered.body.user.id as string;
  if (options.tier) await t.app.get(PlansService).setTier(id, options.tier, options.overrides ?? null);
  const login = await t.http.post('/v1/auth/login').send({ email, password }).expect(200);
  const accessToken = login.body.accessToken as string;
  let liveKey = '';
  let testKey = '';
  if ((options.keys ?? true) && verified) {
    liveKey = (await t.http.post('/v1/api-keys').auth(accessToken, { type: 'bearer' }).send({ name: 'live', mode: 'live' }).expect(201))
      .body.key;
    testKey = (await t.http.post('/v1/api-keys').auth(accessToken, { type: 'bearer' }).send({ name: 'test', mode: 'test' }).expect(201))
      .body.key;
  } else if (options.keys ?? true) {
    const apiKeys = t.app.get(ApiKeysService);
    liveKey = (await apiKeys.create(id, { name: 'live', mode: 'live' })).key;
    testKey = (await apiKeys.create(id, { name: 'test', mode: 'test' })).key;
  }
  return { id, email, password, accessToken, liveKey, testKey };
}

/** A small valid render body. */
export function renderBody(overrides: Record<string, unknown> = {}) {
  return {
    waypoints: [
      { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
      { lat: 40.7128, lng: -74.006, label: 'New York' },
    ],
    duration: 5,
    ...overrides,
  };
}
