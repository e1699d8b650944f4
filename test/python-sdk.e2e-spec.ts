/**
 * The Python SDK (packages/python) against the real service: pytest, with Debian's python3, runs
 * packages/python/tests (the webhook test vectors, the type generator, and tests/service: create → wait →
 * download, paging, an idempotent retry after a lost answer, a 429 waited out, typed errors, real webhook
 * deliveries checked with all three signature schemes, the event stream, and `python -m mapr render --wait --out`).
 *
 * This file is the service's side only: it boots the app as test/sdk.e2e-spec.ts does (fake renderer: these tests
 * are about the client) and offers pytest a small control server on 127.0.0.1 for what a client cannot do by
 * itself: make a verified account with keys and chosen limits, and shorten an account's rate-limit window.
 * pytest's output is shown when it fails.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { REDIS } from '../src/infrastructure/redis/redis.module';
import { PlansService, type TierLimits } from '../src/modules/billing';
import { storageHitKey } from '../src/modules/billing/testing';
import { RENDERER } from '../src/modules/rendering/testing';
import { FAKE_VIDEO_FIXTURE, FakeRenderer } from './support/fake-renderer';
import { createAccount, startTestApp, type TestApp } from './support/test-app';

const PYTHON = '/usr/bin/python3';
const PACKAGE = join(__dirname, '..', 'packages', 'python');

/** Runs a command to its end without blocking the event loop (the service answers pytest from this process). */
function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    // The SDK reads MAPR_API_KEY and MAPR_BASE_URL, and its command the config file: none of the machine's reach the tests.
    const { MAPR_API_KEY: _key, MAPR_BASE_URL: _url, MAPR_CONFIG_FILE: _file, ...inherited } = process.env;
    const child = spawn(command, args, { cwd: PACKAGE, env: { ...inherited, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

describe('Python SDK (packages/python) against the running service', () => {
  let t: TestApp;
  let control: Server;
  const renderer = new FakeRenderer({ msPerFrame: 15 });

  const rateWindowKey = (accountId: string) => storageHitKey(`${t.config.redis.keyPrefix}:rate:account:${accountId}`);

  /**
   * POST /accounts { overrides? }: a verified Creator account with live and test keys, roomy limits unless
   * `overrides` says otherwise (its set-up requests are not counted against them).
   * POST /accounts/{id}/rate-window { expire_ms }: the account's current rate-limit window ends in that time.
   */
  async function handleControl(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    const path = req.url ?? '';
    if (req.method === 'POST' && path === '/accounts') {
      const overrides = (body.overrides ?? {}) as Partial<TierLimits>;
      const roomy = { requests_per_minute: 1000, concurrent_jobs: 10 };
      const account = await createAccount(t, { tier: 'creator', overrides: roomy });
      if (Object.keys(overrides).length > 0) {
        await t.app.get(PlansService).setTier(account.id, 'creator', { ...roomy, ...overrides });
        await t.app.get<Redis>(REDIS).del(rateWindowKey(account.id));
      }
      const { id, email, password, accessToken, liveKey, testKey } = account;
      return answer(res, 201, { id, email, password, access_token: accessToken, live_key: liveKey, test_key: testKey });
    }
    const window = /^\/accounts\/([^/]+)\/rate-window$/.exec(path);
    if (req.method === 'POST' && window) {
      await t.app.get<Redis>(REDIS).pexpire(rateWindowKey(decodeURIComponent(window[1])), Number(body.expire_ms));
      return answer(res, 204);
    }
    answer(res, 404, { error: `no control endpoint ${req.method} ${path}` });
  }

  function answer(res: ServerResponse, status: number, body?: unknown): void {
    res.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  }

  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'all' }, { overrides: [{ provide: RENDERER, useValue: renderer }] });
    control = createServer((req, res) => {
      handleControl(req, res).catch((error: unknown) => answer(res, 500, { error: String(error) }));
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    control.closeAllConnections();
    await new Promise<void>((resolve) => control.close(() => resolve()));
    await t.close();
  });

  it('passes pytest: unit tests, the generator, and the SDK and its command against this service', async () => {
    if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: run scripts/install-system-deps.sh --tests`);
    const { code, output } = await run(
      PYTHON,
      // No cache folder and no bytecode in the repository; -rA lists every test with its outcome.
      ['-B', '-m', 'pytest', '-p', 'no:cacheprovider', '-rA', '--color=no', 'tests'],
      {
        MAPR_TEST_BASE_URL: t.baseUrl,
        MAPR_TEST_CONTROL_URL: `http://127.0.0.1:${(control.address() as AddressInfo).port}`,
        MAPR_TEST_VIDEO_FIXTURE: FAKE_VIDEO_FIXTURE,
        PYTHONDONTWRITEBYTECODE: '1',
      },
    );
    if (code !== 0) throw new Error(`pytest failed (exit ${code}):\n${output}`);
    // Every service test file ran (none skipped or left out for want of the service).
    expect(output).not.toMatch(/\bskipped\b/);
    const serviceFiles = readdirSync(join(PACKAGE, 'tests', 'service')).filter((name) => /^test_.*\.py$/.test(name));
    expect(serviceFiles.length).toBeGreaterThan(0);
    for (const name of serviceFiles) expect(output).toContain(`PASSED tests/service/${name}::`);
  }, 240_000);
});
