/**
 * The compose file, tested: build the image and run the README's first render against `docker compose up` (API,
 * worker, Postgres and Redis as containers, each with its health check). Needs a container engine (Docker, or
 * Podman's `podman compose`): where none answers, the test is skipped and says why. It takes minutes (image build,
 * a real render), as the deployment it checks does.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './support/test-app';
import { until } from './support/worker-process';

/** The first container engine that answers, with its compose command; null where there is none. */
function containerEngine(): { bin: string; compose: string[] } | null {
  for (const bin of ['docker', 'podman']) {
    if (spawnSync(bin, ['info'], { stdio: 'ignore', timeout: 20_000 }).status === 0) return { bin, compose: ['compose'] };
  }
  return null;
}

const engine = containerEngine();
if (!engine) {
  console.warn(
    'test/compose.e2e-spec.ts skipped: no container engine answers here (`docker info` and `podman info` failed), so the ' +
      'image cannot be built nor docker-compose.yml started. It runs wherever Docker or Podman does.',
  );
}

(engine ? describe : describe.skip)('docker compose up: the README’s first render', () => {
  const project = `mapr-compose-${randomBytes(3).toString('hex')}`;
  let baseUrl = '';
  let env: NodeJS.ProcessEnv = {};
  const compose = (...args: string[]) =>
    execFileSync(engine!.bin, [...engine!.compose, '-p', project, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 20 * 60_000,
    });
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    env = { ...process.env, MAPR_PORT: String(port), PUBLIC_URL: baseUrl, JWT_SECRET: randomBytes(32).toString('hex') };
    // --wait: until every service's health check passes (the API ready, the worker beating in Redis).
    compose('up', '--detach', '--build', '--wait');
  }, 25 * 60_000);

  afterAll(() => {
    if (engine) compose('down', '--volumes', '--remove-orphans');
  }, 5 * 60_000);

  it(
    'registers, verifies, creates a key, renders examples/requests/flight.json and serves the MP4',
    async () => {
      const email = `compose-${randomBytes(4).toString('hex')}@example.com`;
      const password = 'correct horse battery';
      expect((await api('POST', '/v1/auth/register', { email, password, name: 'Compose' })).status).toBe(201);
      // The operator's way to verify an address (no mail server in the stack): the CLI inside the API container.
      compose('exec', '-T', 'api', 'node', 'dist/src/cli.js', 'account:verify-email', email);
      const token = (await api('POST', '/v1/auth/login', { email, password })).body.accessToken as string;
      const key = (await api('POST', '/v1/api-keys', { name: 'compose', mode: 'live' }, token)).body.key as string;
      const request = JSON.parse(readFileSync(join(__dirname, '..', 'examples', 'requests', 'flight.json'), 'utf8')) as unknown;
      const created = await api('POST', '/v1/render', request, key);
      expect(created.status).toBe(202);
      const job = await until(
        async () => {
          const read = await api('GET', `/v1/render/${created.body.job_id as string}`, undefined, key);
          return ['complete', 'failed'].includes(read.body.status as string) ? read.body : undefined;
        },
        10 * 60_000,
        'the render to end',
      );
      expect(job).toMatchObject({ status: 'complete' });
      const video = await fetch(job.video_url as string);
      expect(video.headers.get('content-type')).toBe('video/mp4');
      expect(
        Buffer.from(await video.arrayBuffer())
          .subarray(4, 8)
          .toString('latin1'),
      ).toBe('ftyp');
    },
    15 * 60_000,
  );
});
