/**
 * The `mapr` command as a user runs it: the built file (packages/cli/dist/mapr.cjs) in a child process,
 * against the real service on a port, with its own config file. Checks output, files and exit codes.
 */
import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Mapr, verifyWebhook } from '@mapr/sdk';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { ensureRemotionBundle } from '../src/modules/rendering/renderer';
import { RENDERER } from '../src/modules/rendering/testing';
import { FAKE_VIDEO_FIXTURE, FakeRenderer } from './support/fake-renderer';
import { createAccount, renderBody, startTestApp, type TestAccount, type TestApp } from './support/test-app';
import { waitFor } from './support/webhooks';

const MAPR_BIN = join(__dirname, '..', 'packages', 'cli', 'dist', 'mapr.cjs');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('mapr CLI (the built binary, as a child process)', () => {
  let t: TestApp;
  let account: TestAccount;
  let dir: string;
  let configFile: string;

  beforeAll(async () => {
    await ensureRemotionBundle(); // `mapr preview --out` has the service draw a real frame
    t = await startTestApp({ MAPR_ROLE: 'all' }, { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 10 }) }] });
    account = await createAccount(t, { tier: 'creator', overrides: { requests_per_minute: 1000, concurrent_jobs: 10 } });
    dir = mkdtempSync(join(tmpdir(), 'mapr-cli-'));
    configFile = join(dir, 'config', 'mapr', 'config.json');
  });
  afterAll(() => t.close());

  /** Runs `mapr …` with only the environment a user would have (no MAPR_API_KEY unless given). */
  function mapr(args: string[], env: Record<string, string> = {}, stdin?: string): Promise<Run> {
    return new Promise((resolve) => {
      const child = execFile(
        process.execPath,
        [MAPR_BIN, ...args],
        {
          cwd: dir,
          env: { PATH: process.env.PATH ?? '', HOME: dir, MAPR_CONFIG_FILE: configFile, MAPR_BASE_URL: t.baseUrl, ...env },
          timeout: 60_000,
        },
        (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      if (stdin !== undefined) child.stdin!.end(stdin);
      else child.stdin!.end();
    });
  }
  const withKey = () => ({ MAPR_API_KEY: account.liveKey });
  function file(name: string, content: unknown): string {
    const path = join(dir, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  }

  it('prints help with examples and exit codes, and exits 2 on a usage mistake', async () => {
    const help = await mapr(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('mapr render examples/requests/flight.json --wait --out flight.mp4');
    expect(help.stdout).toContain('Exit codes:');
    const renderHelp = await mapr(['render', '--help']);
    expect(renderHelp.stdout).toContain('--template <id>');

    const unknown = await mapr(['rendr', 'x.json']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'rendr'");
    expect((await mapr(['render'])).code).toBe(2); // missing argument
  });

  it('logs in: checks the key, saves it readable by the user only, and uses it afterwards', async () => {
    const wrong = await mapr(['login', '--api-key', 'mapr_live_wrongwrongwrongwrongwrongwrong']);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toMatch(/INVALID_(API_KEY|TOKEN) \(HTTP 401\)/);
    expect(existsSync(configFile)).toBe(false);

    const login = await mapr(['login', '--api-key', account.liveKey]);
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`as ${account.email} (creator)`);
    expect(login.stdout).not.toContain(account.liveKey); // masked
    expect(statSync(configFile).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(configFile, 'utf8'))).toEqual({ api_key: account.liveKey, base_url: t.baseUrl });

    const whoami = await mapr(['whoami', '--json'], { MAPR_BASE_URL: '' });
    expect(whoami.code).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: account.email, tier: 'creator' });
    // The environment wins over the saved key.
    const other = await mapr(['whoami'], { MAPR_API_KEY: 'mapr_live_nottherightkeynottherightkey00' });
    expect(other.code).toBe(3);

    expect((await mapr(['logout'])).code).toBe(0);
    expect(existsSync(configFile)).toBe(false);
    const loggedOut = await mapr(['usage']);
    expect(loggedOut.code).toBe(2);
    expect(loggedOut.stderr).toContain('mapr login');
  });

  it('renders, waits and downloads the video with --wait --out; --json prints the finished job', async () => {
    const request = file('trip.json', { waypoints: renderBody().waypoints, duration: 3 });
    const run = await mapr(['render', request, '--wait', '--out', 'trip.mp4', '--json'], withKey());
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const job = JSON.parse(run.stdout);
    expect(job).toMatchObject({ status: 'complete', progress: 1, saved_to: 'trip.mp4', video_url: expect.stringContaining(job.job_id) });
    expect(readFileSync(join(dir, 'trip.mp4')).equals(readFileSync(FAKE_VIDEO_FIXTURE))).toBe(true);
    expect(existsSync(join(dir, 'trip.mp4.part'))).toBe(false);

    // Without --json: status lines on stderr (no terminal, so no bar), the result on stdout.
    const human = await mapr(['render', request, '--out', 'again.mp4'], withKey());
    expect(human.code).toBe(0);
    expect(human.stderr).toMatch(/Queued job_\w+/);
    expect(human.stderr).toContain('complete 100%');
    expect(human.stdout).toContain('Saved again.mp4');

    const queuedOnly = await mapr(['render', '-', '--json'], withKey(), JSON.stringify({ waypoints: renderBody().waypoints, duration: 3 }));
    expect(JSON.parse(queuedOnly.stdout)).toMatchObject({ status: 'queued', job_id: expect.stringMatching(/^job_/) });
  });

  it('refuses bad input before sending anything (exit 2), and reports API refusals with their code (exit 3)', async () => {
    const missing = await mapr(['render', 'nope.json'], withKey());
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('Cannot read nope.json: no such file');
    const broken = await mapr(['render', file('broken.json', '{"waypoints": [')], withKey());
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('is not valid JSON');

    const invalid = await mapr(
      [
        'render',
        file('invalid.json', {
          waypoints: [
            { lat: 95, lng: 0 },
            { lat: 0, lng: 0 },
          ],
          duration: 3,
        }),
      ],
      withKey(),
    );
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toContain('VALIDATION_ERROR (HTTP 400)');
    expect(invalid.stderr).toContain('waypoints[0].lat');
    expect(invalid.stderr).toMatch(/request id: req_\w+/);

    const asJson = await mapr(['render', join(dir, 'invalid.json'), '--json'], withKey());
    expect(asJson.code).toBe(3);
    expect(JSON.parse(asJson.stderr).error).toMatchObject({ status: 400, error_code: 'VALIDATION_ERROR', issues: expect.any(Array) });

    const unreachable = await mapr(['usage'], { ...withKey(), MAPR_BASE_URL: 'http://127.0.0.1:9' });
    expect(unreachable.code).toBe(5);
  });

  it('exits 4 when the render fails, with its failure code', async () => {
    const inland = file('inland.json', {
      transport: 'ship',
      waypoints: [
        { lat: 47.92, lng: 106.92, label: 'Ulaanbaatar' },
        { lat: 39.74, lng: -104.99, label: 'Denver' },
      ],
      duration: 3,
    });
    const run = await mapr(['render', inland, '--wait', '--json'], withKey());
    expect(run.code).toBe(4);
    expect(JSON.parse(run.stderr).error).toMatchObject({ error_code: 'MARITIME_ROUTE_ERROR', job: { status: 'failed' } });
  });

  it('lists, reads and cancels renders, shows usage, and manages templates', async () => {
    const own = await createAccount(t, { tier: 'creator', overrides: { requests_per_minute: 1000, concurrent_jobs: 10 } });
    const env = { MAPR_API_KEY: own.liveKey };
    // The longest render a Creator may ask for (about 4.5 s here), cancelled by the very next command: on a busy
    // machine a few CLI starts in between took longer than the render.
    const request = file('slow.json', { waypoints: renderBody().waypoints, duration: 15 });
    const { job_id } = JSON.parse((await mapr(['render', request, '--json'], env)).stdout);
    const cancelled = await mapr(['renders', 'cancel', job_id, '--json'], env);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({ job_id, status: 'cancelled' });

    const list = await mapr(['renders', 'list', '--json'], env);
    expect(JSON.parse(list.stdout).map((r: { job_id: string }) => r.job_id)).toEqual([job_id]);
    const table = await mapr(['renders', 'list'], env);
    expect(table.stdout.split('\n')[0]).toMatch(/^JOB\s+STATUS\s+PROGRESS\s+CREATED\s+VIDEO$/);
    expect((await mapr(['renders', 'list', '--status', 'bogus'], env)).code).toBe(2);
    expect((await mapr(['renders', 'list', '--limit', '0'], env)).code).toBe(2);

    const got = await mapr(['renders', 'get', job_id], env);
    expect(got.stdout).toContain(`${job_id}: cancelled`);
    const again = await mapr(['renders', 'cancel', job_id], env);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('JOB_NOT_CANCELLABLE');

    const usage = JSON.parse((await mapr(['usage', '--json'], env)).stdout);
    expect(usage).toMatchObject({ renders_used: 0, renders_limit: expect.any(Number) }); // the cancelled render was given back

    const created = await mapr(
      ['templates', 'create', file('tpl.json', { name: 'Shipping', settings: { transport: 'ship' } }), '--json'],
      env,
    );
    const template = JSON.parse(created.stdout);
    expect(template).toMatchObject({ id: expect.stringMatching(/^tpl_/), name: 'Shipping' });
    const templates = await mapr(['templates', 'list'], env);
    expect(templates.stdout).toMatch(new RegExp(`${template.id}\\s+Shipping\\s+yours`));
    expect(JSON.parse((await mapr(['templates', 'get', template.id, '--json'], env)).stdout).settings).toMatchObject({ transport: 'ship' });
    expect((await mapr(['templates', 'delete', template.id], env)).code).toBe(0);
    expect((await mapr(['templates', 'get', template.id], env)).code).toBe(3);
  });

  it('previews without spending: the composition, and one frame saved as PNG with --out', async () => {
    const request = file('preview.json', { waypoints: renderBody().waypoints, duration: 3, resolution: '720p' });
    const summary = await mapr(['preview', request], withKey());
    expect(summary.code).toBe(0);
    expect(summary.stdout).toContain('1280x720, 3 s at 30 fps (90 frames)');
    // A place given by name: which one the service took.
    const byName = file('by-name.json', { waypoints: [renderBody().waypoints[0], { place: 'Atlantis' }], duration: 3 });
    const named = await mapr(['preview', byName], withKey());
    expect(named.stdout).toContain('waypoints[1].place: Atlantis → Atlantis, Western Cape, South Africa (-33.56668, 18.48335)');

    const saved = await mapr(['preview', request, '--out', 'still.png', '--frame', '45', '--json'], withKey());
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    expect(JSON.parse(saved.stdout)).toMatchObject({
      composition: { width: 1280, height: 720, duration_in_frames: 90 },
      saved_to: 'still.png',
    });
    const png = PNG.sync.read(readFileSync(join(dir, 'still.png')));
    expect([png.width, png.height]).toEqual([1280, 720]);

    const pastTheEnd = await mapr(['preview', request, '--out', 'late.png', '--frame', '90'], withKey());
    expect(pastTheEnd.code).toBe(3);
    expect(pastTheEnd.stderr).toContain('frame');
    expect(existsSync(join(dir, 'late.png'))).toBe(false);

    // Longer than the plan renders: previewed, and the refusal a render would get is said.
    const long = await mapr(['preview', file('long.json', { waypoints: renderBody().waypoints, duration: 45 })], withKey());
    expect(long.code).toBe(0);
    expect(long.stdout).toContain('Render refused: duration 45 s exceeds the');
  });

  it('webhooks listen: forwards a real event, signed with the listen secret it prints, to a local receiver, and prints its answer', async () => {
    const own = await createAccount(t, { tier: 'creator', overrides: { requests_per_minute: 1000, concurrent_jobs: 10 } });
    const { secret: webhookSecret } = await new Mapr({ apiKey: own.accessToken, baseUrl: t.baseUrl }).webhooks.secret();
    const listenSecret = await new Mapr({ apiKey: own.liveKey, baseUrl: t.baseUrl }).events.listenSecret();
    expect(listenSecret).toMatch(/^whsec_/);
    expect(listenSecret).not.toBe(webhookSecret);
    // The receiver verifies exactly as production code would, with the listen secret the command prints; the
    // production webhook secret must not verify a forwarded event (an API key cannot mint real signatures).
    const received: { verified: boolean; event: string; headers: IncomingHttpHeaders; byWebhookSecret: boolean }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = Buffer.concat(chunks);
        const byWebhookSecret = await verifyWebhook(body, req.headers, webhookSecret).then(
          () => true,
          () => false,
        );
        verifyWebhook<{ event: string }>(body, req.headers, listenSecret).then(
          (event) => {
            received.push({ verified: true, event: event.event, headers: req.headers, byWebhookSecret });
            res.writeHead(204).end();
          },
          () => {
            received.push({ verified: false, event: '', headers: req.headers, byWebhookSecret });
            res.writeHead(401).end();
          },
        );
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/mapr`;

    const listener = spawn(process.execPath, [MAPR_BIN, 'webhooks', 'listen', '--forward-to', target, '--json'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: dir, MAPR_CONFIG_FILE: configFile, MAPR_BASE_URL: t.baseUrl, MAPR_API_KEY: own.liveKey },
    });
    let stdout = '';
    let stderr = '';
    listener.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    listener.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => listener.on('exit', (code) => resolve(code)));
    try {
      await waitFor(
        () => stderr,
        (text) => text.includes('Ready: forwarding'),
        20_000,
      );
      expect(stderr).toContain(`Your listen secret is ${listenSecret}`);
      // A job without a webhook_url: only the event stream tells about its end.
      const { job_id } = JSON.parse(
        (
          await mapr(['render', file('listen.json', { waypoints: renderBody().waypoints, duration: 3 }), '--json'], {
            MAPR_API_KEY: own.liveKey,
          })
        ).stdout,
      );
      const line = await waitFor(
        () => stdout.split('\n').filter(Boolean),
        (lines) => lines.length > 0,
        30_000,
      );
      expect(JSON.parse(line[0])).toMatchObject({ event: 'render.complete', job_id, status: 204, id: expect.stringMatching(/^evt_/) });
      expect(received).toEqual([expect.objectContaining({ verified: true, event: 'render.complete', byWebhookSecret: false })]);
      expect(received[0].headers).toMatchObject({ 'x-service-event': 'render.complete', 'webhook-id': expect.stringMatching(/^evt_/) });
    } finally {
      listener.kill('SIGINT');
      receiver.close();
    }
    expect(await exited).toBe(0);
  });
});
