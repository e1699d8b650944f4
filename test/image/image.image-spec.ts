/**
 * The image's start command and health checks, run as processes against the service the test command built (dist/,
 * remotion-bundle/): no container engine runs here, so the image itself is never built (README, "What has been run").
 * Everything is read from the Dockerfile and docker-compose.yml, not copied: the last stage's ENTRYPOINT (Debian's
 * tini, as the image installs it) and CMD run in the repository, which stands for its WORKDIR, with its ENV and what an
 * operator sets (compose's environment, pointed at the test Postgres and Redis and a temporary DATA_DIR); the
 * HEALTHCHECK runs through /bin/sh with the container's environment, as Docker runs it, within its --timeout.
 *
 * What differs from a container: the user (the image's USER is mapr), the port (a free one here: PORT, which the
 * health check follows; EXPOSE is checked against the default PORT by dockerfile.spec.ts), the node binary (Node
 * from .tools/, the release of .nvmrc like the image's base) and tini's place (not PID 1, so it is made a subreaper).
 *
 * Run by the test command after the service is built (jest project `image`).
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Redis from 'ioredis';
import { parse as parseYaml } from 'yaml';
import { freePort } from '../support/test-app';
import { until } from '../support/worker-process';
import { imageRuntime } from './dockerfile-rules';

const root = join(__dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const image = imageRuntime(dockerfile);
interface ComposeService {
  command?: string[];
  environment: Record<string, string>;
  ports?: string[];
  healthcheck: { test: string[] };
}
const compose = parseYaml(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
/** The most a graceful shutdown takes (src/bootstrap.ts); README and operations.md promise it. */
const graceMs = Number(
  /const SHUTDOWN_GRACE_MS = ([\d_]+);/.exec(readFileSync(join(root, 'src/bootstrap.ts'), 'utf8'))![1].replace(/_/g, ''),
);

interface Container {
  process: ChildProcess;
  env: NodeJS.ProcessEnv;
  /** The last lines it printed, for a failure's message. */
  output: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts the image's ENTRYPOINT + `command` (its CMD unless compose overrides it) in the WORKDIR, with `env` only. */
function run(command: string[], env: NodeJS.ProcessEnv): Container {
  const [bin, ...args] = [...image.entrypoint, ...command];
  const child = spawn(bin, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n').filter(Boolean));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { process: child, env, output, exited };
}

/** Runs a health check as Docker does: in the WORKDIR, with the container's environment, killed at its timeout. */
function check(argv: string[], env: NodeJS.ProcessEnv): number | null {
  const [bin, ...args] = argv;
  return spawnSync(bin, args, { cwd: root, env, timeout: image.healthcheck!.timeoutSeconds * 1000, stdio: 'ignore' }).status;
}
const healthcheck = (env: NodeJS.ProcessEnv) => check(image.healthcheck!.argv, env);
/** A compose health check (`CMD` form), with the container's port where the container is on another here. */
const composeCheck = (service: string, env: NodeJS.ProcessEnv, port?: number) => {
  const [form, ...argv] = compose.services[service].healthcheck.test;
  if (form !== 'CMD') throw new Error(`docker-compose.yml ${service}: a health check in ${form} form`);
  const container = compose.services.api.ports![0].split(':').pop()!;
  return check(
    argv.map((arg) => (port ? arg.replace(`127.0.0.1:${container}`, `127.0.0.1:${port}`) : arg)),
    env,
  );
};

/** Sends the image's STOPSIGNAL and waits for the process to end; how long it took. */
async function stop(container: Container): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  container.process.kill(image.stopSignal as NodeJS.Signals);
  const { code } = await container.exited;
  return { code, ms: Date.now() - started };
}

async function healthy(what: string, probe: () => number | null, container: Container, timeoutMs = 60_000): Promise<void> {
  try {
    await until(() => (probe() === 0 ? true : undefined), timeoutMs, what);
  } catch (error) {
    throw new Error(`${(error as Error).message}; its last lines:\n${container.output.join('\n')}`, { cause: error });
  }
}

/** The .js files under a folder. */
function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

describe('the image’s node_modules', () => {
  it('hold every package the built service loads: none is one that `npm prune --omit=dev` removes', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    const loaded = new Set<string>();
    for (const file of scripts(join(root, 'dist', 'src'))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/require\(["']([^"'.][^"']*)["']\)/g)) {
        if (!specifier.startsWith('node:')) loaded.add(/^(@[^/]+\/)?[^/]+/.exec(specifier)![0]);
      }
    }
    // TypeORM loads the database drivers by name: Postgres's and the embedded SQLite's.
    loaded.add('pg').add('better-sqlite3');
    expect(loaded.size).toBeGreaterThan(20);
    const removed = [...loaded].filter((name) => {
      const entry = lock.packages[`node_modules/${name}`];
      return builtinModules.includes(name) ? false : !entry || entry.dev === true;
    });
    expect(removed).toEqual([]);
  });
});

describe('the image’s start command and health checks, as processes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mapr-image-'));
  const running: Container[] = [];
  let port = 0;
  let apiEnv: NodeJS.ProcessEnv = {};

  beforeAll(async () => {
    for (const built of ['dist/src/main.js', 'dist/src/worker.js', 'dist/src/worker-health.js', 'remotion-bundle']) {
      if (!existsSync(join(root, built)))
        throw new Error(`${built} is missing: build the service first (npx nest build, npm run build:remotion)`);
    }
    if (!existsSync(image.entrypoint[0])) throw new Error(`${image.entrypoint[0]} is missing: bash scripts/install-system-deps.sh --tests`);
    port = Number(process.env.IMAGE_TEST_PORT ?? (await freePort()));
    // What an operator sets (docker-compose.yml's environment for the API), pointed at this machine's services.
    const operator: Record<string, string> = {
      MAPR_ROLE: compose.services.api.environment.MAPR_ROLE,
      DATABASE_URL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      SMTP_URL: '',
      MAIL_OUTBOX_DIR: join(dataDir, 'outbox'),
      ROAD_ROUTER_URL: '', // compose's default: no road router
    };
    // Every variable compose sets has its value here: one added there is set here too, or this fails.
    expect(Object.keys(operator).sort()).toEqual(Object.keys(compose.services.api.environment).sort());
    apiEnv = {
      // A container's environment is its image's ENV and what it is given, nothing of the host's.
      PATH: `${dirname(process.execPath)}:/usr/local/bin:/usr/bin:/bin`,
      HOME: dataDir,
      ...image.env,
      ...operator,
      PORT: String(port),
      // Its own keys in the Redis the tests share; no lost-entry sweep over the queue of the e2e apps' shared database.
      REDIS_KEY_PREFIX: `image${process.pid}`,
      RENDER_QUEUE_SWEEP_SECONDS: '0',
      // tini is PID 1 in the container; here it is registered as a subreaper instead, to reap as it does there.
      TINI_SUBREAPER: '1',
    };
  });

  afterAll(async () => {
    for (const container of running) {
      if (container.process.exitCode === null && container.process.signalCode === null) {
        container.process.kill('SIGKILL');
        await container.exited;
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
    // The queues' and the workers' keys under this run's prefix.
    const redis = new Redis(apiEnv.REDIS_URL!, { maxRetriesPerRequest: 1 });
    try {
      const keys = (await redis.keys(`${apiEnv.REDIS_KEY_PREFIX}:*`)) as string[];
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  it('starts the API with ENTRYPOINT and CMD; the HEALTHCHECK and compose’s readiness check pass once it answers', async () => {
    expect(healthcheck(apiEnv)).not.toBe(0); // nothing answers yet
    const api = run(image.cmd, apiEnv);
    running.push(api);
    await healthy('the HEALTHCHECK to pass on the API', () => healthcheck(apiEnv), api);
    await healthy('compose’s API health check to pass', () => composeCheck('api', apiEnv, port), api);
  }, 90_000);

  it('runs a worker as the Dockerfile and compose say; its HEALTHCHECK passes while it beats, fails once it has stopped', async () => {
    const worker = compose.services.worker;
    expect(worker.command).toBeDefined();
    // The Dockerfile's own instructions for a worker name the same command.
    expect(dockerfile).toContain(`-e MAPR_ROLE=${worker.environment.MAPR_ROLE} IMAGE ${worker.command!.join(' ')}`);
    const env = { ...apiEnv, MAPR_ROLE: worker.environment.MAPR_ROLE };
    expect(healthcheck(env)).not.toBe(0); // no worker of this host beats yet (the API alone does not)
    const container = run(worker.command!, env);
    running.push(container);
    await healthy('the HEALTHCHECK to pass on the worker', () => healthcheck(env), container);
    expect(composeCheck('worker', env)).toBe(0);

    const stopped = await stop(container);
    expect({ code: stopped.code, withinGrace: stopped.ms < graceMs }).toEqual({ code: 0, withinGrace: true });
    await until(() => (healthcheck(env) !== 0 ? true : undefined), 15_000, 'the HEALTHCHECK to fail once the worker is gone');
    expect(composeCheck('worker', env)).not.toBe(0);
  }, 120_000);

  it('stops the API on the STOPSIGNAL within the graceful shutdown’s time, through tini; the HEALTHCHECK then fails', async () => {
    const api = running[0];
    expect(api.process.exitCode).toBeNull();
    const stopped = await stop(api);
    expect({ code: stopped.code, withinGrace: stopped.ms < graceMs }).toEqual({ code: 0, withinGrace: true });
    expect(healthcheck(apiEnv)).not.toBe(0);
  }, 60_000);
});
