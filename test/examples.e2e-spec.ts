import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER } from '../src/modules/rendering/testing';
import { signPayload, webhookHeaders, type WebhookSigningSecrets } from '../src/modules/webhooks/testing';
import { FakeRenderer } from './support/fake-renderer';
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';
import { waitFor } from './support/webhooks';

const bearer = { type: 'bearer' } as const;
const EXAMPLES = join(__dirname, '..', 'examples');
/** Debian's interpreter; `scripts/install-system-deps.sh` installs it when it is missing. */
const PYTHON = '/usr/bin/python3';
const PLAN = { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 100_000 } } as const;

/** An example receiver (examples/python-receiver/receiver.py, examples/node-receiver/receiver.mjs) as a child process, with what it printed. */
class ExampleReceiver {
  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
    /** Every line it printed so far. */
    private readonly lines: string[],
  ) {}

  static async start(secret: string, language: 'python' | 'node' = 'python', env: Record<string, string> = {}): Promise<ExampleReceiver> {
    if (language === 'python' && !existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: run scripts/install-system-deps.sh`);
    const [command, script] =
      language === 'python'
        ? [PYTHON, join(EXAMPLES, 'python-receiver', 'receiver.py')]
        : [process.execPath, join(EXAMPLES, 'node-receiver', 'receiver.mjs')];
    const child = spawn(command, [script], {
      env: { PATH: process.env.PATH ?? '', MAPR_WEBHOOK_SECRET: secret, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      lines.push(...parts);
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const listening = await waitFor(
      () => {
        if (child.exitCode !== null) throw new Error(`${script} exited ${child.exitCode}: ${stderr}`);
        return lines.find((l) => l.startsWith('listening on '));
      },
      (line) => line !== undefined,
      15_000,
    );
    return new ExampleReceiver(child, listening!.slice('listening on '.length), lines);
  }

  /** Lines it printed that are not events (the Node receiver's "refused: <reason>"). */
  notes(): string[] {
    return this.lines.filter((l) => !l.startsWith('{'));
  }

  /** The events it accepted, as it printed them. */
  accepted(): { delivery: string; event: string; payload: Record<string, unknown> }[] {
    return this.lines.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  }

  post(body: string, headers: Record<string, string>): Promise<Response> {
    return fetch(`${this.url}/hooks/mapr`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** Every header a delivery of `body` carries, signed now (or at `timestamp`) with `secrets`, as plain strings. */
function deliveryHeaders(body: string, deliveryId: string, secrets: WebhookSigningSecrets, timestamp = Math.floor(Date.now() / 1000)) {
  return { ...webhookHeaders(body, { event: 'render.complete', deliveryId }, secrets, timestamp) } as Record<string, string>;
}

describe('examples/', () => {
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    t = await startTestApp(
      { MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '120', WEBHOOK_TIMEOUT_MS: '5000' },
      { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 1 }) }] },
    );
    account = await createAccount(t, PLAN);
  }, 120_000);
  afterAll(() => t?.close());

  describe('python-receiver/receiver.py (standard library only)', () => {
    let receiver: ExampleReceiver;
    let secret: string;

    beforeAll(async () => {
      secret = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body.secret;
      receiver = await ExampleReceiver.start(secret);
    });
    afterAll(() => receiver?.stop());

    it('accepts a real delivery: the delivery log says delivered with 200, and it printed the event', async () => {
      const created = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .send({ waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], duration: 3, webhook_url: `${receiver.url}/hooks/mapr` })
        .expect(202);
      const jobId: string = created.body.job_id;
      const [delivery] = await waitFor(
        async () => (await t.http.get('/v1/webhooks/deliveries').query({ job_id: jobId }).auth(account.liveKey, bearer)).body.deliveries,
        (d: { id: string; status: string; attempts: object[] }[]) => d[0]?.status === 'delivered',
        90_000,
      );
      expect(delivery.attempts).toEqual([expect.objectContaining({ outcome: 'delivered', status_code: 200 })]);
      expect(receiver.accepted()).toContainEqual({
        delivery: delivery.id,
        event: 'render.complete',
        payload: expect.objectContaining({ event: 'render.complete', job_id: jobId, status: 'complete' }),
      });
    });

    it('accepts an event forwarded from GET /v1/events unchanged, as a dashboard session reads it; not as an API key does', async () => {
      // A dashboard session's events are signed with the webhook secret this receiver holds.
      const [event] = (await t.http.get('/v1/events').query({ limit: 1 }).auth(account.accessToken, bearer).expect(200)).body.data;
      expect((await receiver.post(event.body, event.headers)).status).toBe(200);
      // An API key's are signed with the listen secret: no API key can make a signature this receiver trusts.
      const [asKey] = (await t.http.get('/v1/events').query({ limit: 1 }).auth(account.liveKey, bearer).expect(200)).body.data;
      expect((await receiver.post(asKey.body, asKey.headers)).status).toBe(401);
    });

    it('answers 401 to a tampered body, an old timestamp, a wrong secret, a changed webhook-id and the plain signature alone', async () => {
      const body = JSON.stringify({ event: 'render.complete', job_id: 'job_example', status: 'complete', sandbox: false });
      const now = Math.floor(Date.now() / 1000);
      const signed = deliveryHeaders(body, 'dlv_python_1', { current: secret }, now);
      // The control: the same request, untouched, passes.
      expect((await receiver.post(body, signed)).status).toBe(200);
      // During a rotation any v1 entry may match.
      expect(
        (
          await receiver.post(
            body,
            deliveryHeaders(body, 'dlv_python_2', { current: `whsec_${Buffer.alloc(32, 9).toString('base64')}`, previous: secret }),
          )
        ).status,
      ).toBe(200);

      expect((await receiver.post(body.replace('complete', 'failed'), signed)).status).toBe(401);
      expect((await receiver.post(body, deliveryHeaders(body, 'dlv_python_3', { current: secret }, now - 600))).status).toBe(401);
      expect(
        (await receiver.post(body, deliveryHeaders(body, 'dlv_python_4', { current: `whsec_${Buffer.alloc(32, 1).toString('base64')}` })))
          .status,
      ).toBe(401);
      // The id is signed: a captured delivery sent again under another id is refused, not taken for a new delivery.
      expect((await receiver.post(body, { ...signed, 'webhook-id': 'dlv_python_5', 'X-Service-Delivery': 'dlv_python_5' })).status).toBe(
        401,
      );
      const plain = signPayload(body, { current: secret }, now);
      expect((await receiver.post(body, { 'X-Service-Signature': plain['X-Service-Signature'] })).status).toBe(401);
      expect((await receiver.post(body, { ...plain })).status).toBe(401);
      expect((await receiver.post(body, {})).status).toBe(401);
      expect((await receiver.post(body, { ...signed, 'webhook-timestamp': '9'.repeat(4300) })).status).toBe(401);
    });

    it('handles a delivery once however often it comes, by its signed webhook-id', async () => {
      const body = JSON.stringify({ event: 'render.complete', job_id: 'job_python_once', status: 'complete', sandbox: false });
      const signed = deliveryHeaders(body, 'dlv_python_once', { current: secret });
      for (const headers of [signed, signed, { ...signed, 'X-Service-Delivery': 'dlv_python_other' }]) {
        expect((await receiver.post(body, headers)).status).toBe(200);
      }
      expect(receiver.accepted().filter((line) => line.payload.job_id === 'job_python_once')).toEqual([
        { delivery: 'dlv_python_once', event: 'render.complete', payload: JSON.parse(body) },
      ]);
    });
  });

  describe('node-receiver/receiver.mjs (verifies with @mapr/sdk)', () => {
    let receiver: ExampleReceiver;
    let previous: string;
    let current: string;

    beforeAll(async () => {
      // Mid-rotation: the receiver holds the new secret and the previous one, as its README says to.
      previous = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200)).body.secret;
      current = (await t.http.post('/v1/webhooks/secret/rotate').auth(account.accessToken, bearer).expect(200)).body.secret;
      receiver = await ExampleReceiver.start(`${current},${previous}`, 'node');
    });
    afterAll(() => receiver?.stop());

    it('accepts a real delivery (delivered, 200) and prints the event once, even when the delivery comes again', async () => {
      const created = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .send({ waypoints: [{ place: 'Lisbon' }, { place: 'Porto' }], duration: 3, webhook_url: `${receiver.url}/hooks/mapr` })
        .expect(202);
      const jobId: string = created.body.job_id;
      const deliveries = () => t.http.get('/v1/webhooks/deliveries').query({ job_id: jobId }).auth(account.liveKey, bearer);
      const [delivery] = await waitFor(
        async () => (await deliveries()).body.deliveries,
        (d: { id: string; status: string; attempts: object[] }[]) => d[0]?.status === 'delivered',
        90_000,
      );
      expect(delivery.attempts).toEqual([expect.objectContaining({ outcome: 'delivered', status_code: 200 })]);
      expect(receiver.accepted()).toEqual([
        { delivery: delivery.id, event: 'render.complete', payload: expect.objectContaining({ job_id: jobId, status: 'complete' }) },
      ]);

      // A redelivery is answered 200 again but not handled twice (deduplicated by X-Service-Delivery).
      await t.http.post(`/v1/webhooks/deliveries/${delivery.id}/redeliver`).auth(account.liveKey, bearer).expect(202);
      await waitFor(
        async () => (await deliveries()).body.deliveries[0].attempts,
        (attempts: object[]) => attempts.length === 2,
        30_000,
      );
      expect((await deliveries()).body.deliveries[0].attempts[1]).toMatchObject({ outcome: 'delivered', status_code: 200 });
      expect(receiver.accepted()).toHaveLength(1);
    });

    it('answers 401 to a tampered body, an old timestamp, a wrong secret and a changed webhook-id, and says why', async () => {
      const body = JSON.stringify({ event: 'render.complete', job_id: 'job_example', status: 'complete', sandbox: false });
      const now = Math.floor(Date.now() / 1000);
      const headersFor = (payload: string, secret: string, timestamp: number, id = 'dlv_example') =>
        deliveryHeaders(payload, id, { current: secret }, timestamp);
      expect((await receiver.post(body, headersFor(body, previous, now))).status).toBe(200);
      expect((await receiver.post(body.replace('complete', 'failed'), headersFor(body, current, now))).status).toBe(401);
      expect((await receiver.post(body, headersFor(body, current, now - 600))).status).toBe(401);
      expect((await receiver.post(body, headersFor(body, `whsec_${Buffer.alloc(32, 1).toString('base64')}`, now))).status).toBe(401);
      // The id is signed: a captured delivery sent again under another id is refused, not taken for a new delivery.
      const renamed = { ...headersFor(body, current, now), 'webhook-id': 'dlv_renamed', 'X-Service-Delivery': 'dlv_renamed' };
      expect((await receiver.post(body, renamed)).status).toBe(401);
      expect(receiver.notes()).toEqual(expect.arrayContaining(['refused: signature_mismatch', 'refused: timestamp_out_of_tolerance']));
      expect(receiver.accepted().filter((line) => line.delivery === 'dlv_renamed')).toEqual([]);
    });

    it('handles a delivery once when it comes again under another X-Service-Delivery', async () => {
      const body = JSON.stringify({ event: 'render.complete', job_id: 'job_node_once', status: 'complete', sandbox: false });
      const signed = deliveryHeaders(body, 'dlv_node_once', { current });
      for (const headers of [signed, { ...signed, 'X-Service-Delivery': 'dlv_node_other' }]) {
        expect((await receiver.post(body, headers)).status).toBe(200);
      }
      expect(receiver.accepted().filter((line) => line.payload.job_id === 'job_node_once')).toEqual([
        { delivery: 'dlv_node_once', event: 'render.complete', payload: JSON.parse(body) },
      ]);
    });

    it('refuses sandbox work without the sandbox secret, and takes it, marked, with MAPR_WEBHOOK_SANDBOX_SECRET', async () => {
      const { sandbox_secret: sandboxSecret } = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, bearer).expect(200))
        .body;
      const withSandbox = await ExampleReceiver.start(current, 'node', { MAPR_WEBHOOK_SANDBOX_SECRET: sandboxSecret });
      try {
        const sandboxJobTo = async (to: ExampleReceiver) =>
          (
            await t.http
              .post('/v1/render')
              .auth(account.testKey, bearer)
              .send({ waypoints: [{ place: 'Lisbon' }, { place: 'Porto' }], duration: 3, webhook_url: `${to.url}/hooks/mapr` })
              .expect(202)
          ).body.job_id as string;
        const firstAttempt = (jobId: string) =>
          waitFor(
            async () =>
              (await t.http.get('/v1/webhooks/deliveries').query({ job_id: jobId }).auth(account.testKey, bearer)).body.deliveries,
            (d: { attempts: { status_code: number | null }[] }[]) => d[0]?.attempts.length > 0,
            90_000,
          ).then(([delivery]) => delivery.attempts[0].status_code);

        // The live receiver holds the live secret only: sandbox work, signed with the sandbox secret, is refused.
        expect(await firstAttempt(await sandboxJobTo(receiver))).toBe(401);
        const taken = await sandboxJobTo(withSandbox);
        expect(await firstAttempt(taken)).toBe(200);
        expect(withSandbox.accepted()).toEqual([
          expect.objectContaining({ event: 'render.complete', payload: expect.objectContaining({ job_id: taken, sandbox: true }) }),
        ]);
      } finally {
        await withSandbox.stop();
      }
    });
  });

  describe('requests/*.json', () => {
    // A newcomer is on Free (10 s, 720p): the README's walkthrough renders these files with a new account.
    let free: TestAccount;
    beforeAll(async () => {
      free = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
    });

    it.each(['flight.json', 'shipping.json', 'multi-route.json'])(
      '%s is a valid render on the Free plan: the preview routes it and a job is accepted',
      async (file) => {
        const body = JSON.parse(readFileSync(join(EXAMPLES, 'requests', file), 'utf8'));
        const preview = await t.http.post('/v1/render/preview').auth(free.liveKey, bearer).send(body);
        expect(preview.status).toBe(200);
        expect(preview.body.route.features.length).toBeGreaterThanOrEqual(2);
        if (file === 'shipping.json') {
          // Its title says so: with Bab-el-Mandeb avoided, the sea route rounds the Cape of Good Hope.
          const points: number[][] = preview.body.route.features.flatMap(
            (f: { geometry: { coordinates: number[][] } }) => f.geometry.coordinates,
          );
          expect(points.some(([lng, lat]) => lat < -33 && lng > 10 && lng < 30)).toBe(true);
        }
        const created = await t.http.post('/v1/render').auth(free.liveKey, bearer).send(body);
        expect(created.status).toBe(202);
        await t.http.delete(`/v1/render/${created.body.job_id}`).auth(free.liveKey, bearer);
      },
    );
  });
});
