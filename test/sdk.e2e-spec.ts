/**
 * The TypeScript SDK (packages/sdk, as built: its CommonJS file) against the real service on a port:
 * create → wait → download, paging, an idempotent retry after a lost answer, a 429 waited out, and the
 * typed errors. The renderer is the fake one (a real tiny MP4): these tests are about the client.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type Redis from 'ioredis';
import { Mapr, MaprConnectionError, MaprError, RenderFailedError, WebhookVerificationError, type Render } from '@mapr/sdk';
import { REDIS } from '../src/infrastructure/redis/redis.module';
import { PlansService, type TierLimits } from '../src/modules/billing';
import { storageHitKey } from '../src/modules/billing/testing';
import { RENDERER } from '../src/modules/rendering/testing';
import { webhookHeaders } from '../src/modules/webhooks/testing';
import { FAKE_VIDEO_FIXTURE, FakeRenderer } from './support/fake-renderer';
import {
  createAccount,
  passwordResetLinkFor,
  renderBody,
  resetTokenOf,
  startTestApp,
  verificationLinkFor,
  type TestApp,
} from './support/test-app';
import { waitFor, WebhookReceiver } from './support/webhooks';

/** A fetch that records every request the SDK sends (method, path, status) and can be told to fail. */
function recordingFetch(options: { dropAnswerOf?: (request: Request) => boolean } = {}) {
  const seen: { method: string; path: string; status: number | 'dropped'; idempotencyKey: string | null }[] = [];
  let dropped = 0;
  const fetchImpl = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const entry = {
      method: request.method,
      path: new URL(request.url).pathname + new URL(request.url).search,
      idempotencyKey: request.headers.get('idempotency-key'),
    };
    const response = await fetch(request);
    if (options.dropAnswerOf?.(request) && dropped === 0) {
      // The request reached the service and was carried out; only the answer is lost on the way back.
      dropped += 1;
      seen.push({ ...entry, status: 'dropped' });
      throw new TypeError('fetch failed: socket hang up');
    }
    seen.push({ ...entry, status: response.status });
    return response;
  };
  return { fetch: fetchImpl as typeof fetch, seen };
}

describe('SDK (@mapr/sdk) against the running service', () => {
  let t: TestApp;
  const renderer = new FakeRenderer({ msPerFrame: 15 });
  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'all' }, { overrides: [{ provide: RENDERER, useValue: renderer }] });
  });
  afterAll(() => t.close());

  /** A Creator account whose limits are `overrides` from now on (its set-up requests are not counted against them). */
  async function clientFor(overrides: Partial<TierLimits> = {}, options: ConstructorParameters<typeof Mapr>[0] = {}) {
    const account = await createAccount(t, { tier: 'creator', overrides: { requests_per_minute: 1000, concurrent_jobs: 10 } });
    if (Object.keys(overrides).length > 0) {
      await t.app.get(PlansService).setTier(account.id, 'creator', { requests_per_minute: 1000, concurrent_jobs: 10, ...overrides });
      await t.app.get<Redis>(REDIS).del(rateWindowKey(account.id));
    }
    return { account, mapr: new Mapr({ apiKey: account.liveKey, baseUrl: t.baseUrl, ...options }) };
  }

  const rateWindowKey = (accountId: string) => storageHitKey(`${t.config.redis.keyPrefix}:rate:account:${accountId}`);

  it('creates a render, waits for it with progress, and downloads the finished video', async () => {
    const { mapr } = await clientFor();
    const accepted = await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 3 });
    expect(accepted).toMatchObject({ job_id: expect.stringMatching(/^job_/), status: 'queued' });

    const seen: Pick<Render, 'status' | 'progress'>[] = [];
    const render = await mapr.renders.wait(accepted.job_id, {
      intervalMs: 100,
      onProgress: (r) => seen.push({ status: r.status, progress: r.progress }),
    });
    expect(render).toMatchObject({
      job_id: accepted.job_id,
      status: 'complete',
      progress: 1,
      video_url: `${t.baseUrl}/cdn/renders/${accepted.job_id}.mp4`,
    });
    expect(seen.at(-1)).toEqual({ status: 'complete', progress: 1 });
    // Progress only moves forward, and each call reports a change.
    for (let i = 1; i < seen.length; i++) expect(seen[i].progress).toBeGreaterThanOrEqual(seen[i - 1].progress);
    expect(new Set(seen.map((s) => `${s.status}:${s.progress}`)).size).toBe(seen.length);

    const video = await mapr.renders.download(render);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await video.arrayBuffer()).equals(readFileSync(FAKE_VIDEO_FIXTURE))).toBe(true);
  });

  it('wait() on a Free-tier rate (10 requests a minute, nearly spent) sees the end at once with held reads', async () => {
    const recorder = recordingFetch();
    const { mapr } = await clientFor({ requests_per_minute: 10 }, { fetch: recorder.fetch });
    // A render of about 4.5 s here (300 frames at 15 ms), and the window nearly spent, as after a quick start's calls.
    const { job_id } = await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 10 });
    for (let i = 0; i < 7; i++) await mapr.renders.get(job_id);
    const render = await mapr.renders.wait(job_id);
    const resolvedAt = Date.now();
    expect(render.status).toBe('complete');
    // The answer came as the job completed, not after the rate window's reset (up to a minute on).
    expect(resolvedAt - new Date(render.completed_at!).getTime()).toBeLessThan(10_000);
    const reads = recorder.seen.filter((r) => r.path.startsWith(`/v1/render/${job_id}?wait=`));
    expect(reads.length).toBeGreaterThanOrEqual(1);
    expect(reads.length).toBeLessThanOrEqual(2);
    expect(recorder.seen.filter((r) => r.status === 429)).toEqual([]);
  });

  it('wait() rejects with RenderFailedError carrying the job when the render is cancelled', async () => {
    const { mapr } = await clientFor();
    const { job_id } = await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 10 });
    const waiting = mapr.renders.wait(job_id, { intervalMs: 100 }).catch((e: unknown) => e);
    await mapr.renders.cancel(job_id);
    const error = await waiting;
    expect(error).toBeInstanceOf(RenderFailedError);
    expect(error).toMatchObject({ status: 'cancelled', job: { job_id, status: 'cancelled' } });
  });

  it('creates a batch and waits until none of its jobs is queued or processing', async () => {
    const recorder = recordingFetch();
    const { mapr } = await clientFor({}, { fetch: recorder.fetch });
    const accepted = await mapr.batches.create({
      jobs: [
        { waypoints: renderBody().waypoints, duration: 3 },
        { waypoints: renderBody().waypoints, duration: 3, transport: 'ship' },
      ],
    });
    expect(accepted.total).toBe(2);
    const counts: string[] = [];
    const batch = await mapr.batches.wait(accepted.batch_id, {
      intervalMs: 100,
      onProgress: (b) => counts.push(`${b.completed}/${b.total}`),
    });
    expect(batch).toMatchObject({ batch_id: accepted.batch_id, status: 'complete', completed: 2, failed: 0, queued: 0, processing: 0 });
    expect(batch.jobs.map((job) => job.status)).toEqual(['complete', 'complete']);
    expect(counts.at(-1)).toBe('2/2');
    // Held reads, progress reported or not: the first read answers at once, the others wait for a job to start or end
    // (two jobs: four changes at most), where reads every 100 ms growing to 5 s would have been many more.
    const reads = recorder.seen.filter((r) => r.path.startsWith(`/v1/batch/${accepted.batch_id}`)).map((r) => r.path);
    expect(reads[0]).toBe(`/v1/batch/${accepted.batch_id}`);
    expect(reads.slice(1).every((path) => path.endsWith('?wait=25'))).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(6);
    const listed: string[] = [];
    for await (const summary of mapr.batches.list()) listed.push(summary.batch_id);
    expect(listed).toEqual([accepted.batch_id]);
  });

  it('lists every render across pages with an async iterator, newest first', async () => {
    const recorder = recordingFetch();
    const { mapr } = await clientFor({}, { fetch: recorder.fetch });
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 3 })).job_id);

    const listed: string[] = [];
    for await (const render of mapr.renders.list({ limit: 2 })) listed.push(render.job_id);
    expect(listed).toEqual([...created].reverse());
    const pageReads = recorder.seen.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/renders'));
    expect(pageReads).toHaveLength(3); // 2 + 2 + 1
    expect(pageReads[1].path).toContain('cursor=');

    // Breaking out of the loop stops fetching pages.
    const before = recorder.seen.length;
    for await (const render of mapr.renders.list({ limit: 2 })) {
      expect(render.job_id).toBe(created[4]);
      break;
    }
    expect(recorder.seen.length - before).toBe(1);
  });

  it('retries a create whose answer was lost with the same Idempotency-Key: one job, one render spent', async () => {
    const recorder = recordingFetch({ dropAnswerOf: (request) => request.method === 'POST' && request.url.endsWith('/v1/render') });
    const { mapr } = await clientFor({}, { fetch: recorder.fetch, retry: { initialDelayMs: 50 } });
    const before = await mapr.usage.get();

    const { render, replayed } = await mapr.renders.createWithDetails({ waypoints: renderBody().waypoints, duration: 3 });
    expect(replayed).toBe(true);
    const posts = recorder.seen.filter((r) => r.method === 'POST');
    expect(posts.map((p) => p.status)).toEqual(['dropped', 202]);
    expect(posts[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1].idempotencyKey).toBe(posts[0].idempotencyKey);

    const jobs: string[] = [];
    for await (const job of mapr.renders.list()) jobs.push(job.job_id);
    expect(jobs).toEqual([render.job_id]);
    expect((await mapr.usage.get()).renders_used).toBe(before.renders_used + 1);
  });

  it('never retries a POST that has no idempotency key (creating a template) after a lost answer', async () => {
    const recorder = recordingFetch({ dropAnswerOf: (request) => request.method === 'POST' && request.url.endsWith('/v1/templates') });
    const { mapr } = await clientFor({}, { fetch: recorder.fetch, retry: { initialDelayMs: 50 } });
    const error = await mapr.templates.create({ name: 'Brand', settings: { transport: 'ship' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaprConnectionError);
    expect(recorder.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
    // The service did create it: the caller learns so by listing, not by a duplicate.
    expect((await mapr.templates.list()).filter((tpl) => tpl.name === 'Brand')).toHaveLength(1);
  });

  it('waits out a 429 for as long as Retry-After says, then succeeds', async () => {
    const recorder = recordingFetch();
    const { account, mapr } = await clientFor({ requests_per_minute: 2 }, { fetch: recorder.fetch });
    await mapr.usage.get();
    await mapr.usage.get();
    // Arrange a window that ends in 2.5 s instead of a minute, so the test does not wait a minute.
    await t.app.get<Redis>(REDIS).pexpire(rateWindowKey(account.id), 2500);

    const started = Date.now();
    const usage = await mapr.usage.get();
    expect(usage.renders_limit).toBeGreaterThan(0);
    expect(recorder.seen.slice(-2).map((r) => r.status)).toEqual([429, 200]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
  });

  it('hands over a 429 whose Retry-After is longer than it will wait, as a typed error', async () => {
    const { mapr } = await clientFor({ requests_per_minute: 1 }, { retry: { maxRetryAfterSeconds: 5 } });
    await mapr.usage.get();
    const error = (await mapr.usage.get().catch((e: unknown) => e)) as MaprError;
    expect(error).toBeInstanceOf(MaprError);
    expect(error).toMatchObject({ status: 429, error_code: 'RATE_LIMIT_EXCEEDED', request_id: expect.stringMatching(/^req_/) });
    expect(error.retry_after_seconds).toBeGreaterThan(5);
    expect(error.retry_after_seconds).toBeLessThanOrEqual(60);
  });

  it('reports validation errors with every issue, and never retries them', async () => {
    const recorder = recordingFetch();
    const { mapr } = await clientFor({}, { fetch: recorder.fetch });
    const error = (await mapr.renders
      .create({
        waypoints: [
          { lat: 95, lng: 0 },
          { lat: 0, lng: 0 },
        ],
        duration: 3,
      })
      .catch((e: unknown) => e)) as MaprError;
    expect(error).toBeInstanceOf(MaprError);
    expect(error.status).toBe(400);
    expect(error.error_code).toBe('VALIDATION_ERROR');
    expect(error.issues).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'waypoints[0].lat' })]));
    expect(recorder.seen.filter((r) => r.method === 'POST')).toHaveLength(1);

    const missing = (await mapr.renders.get('job_doesnotexist000000000000').catch((e: unknown) => e)) as MaprError;
    expect(missing).toMatchObject({ status: 404, error_code: 'NOT_FOUND' });
  });

  describe('webhooks.verify on real deliveries', () => {
    let receiver: WebhookReceiver;
    beforeAll(async () => {
      receiver = await WebhookReceiver.start();
    });
    afterAll(() => receiver.close());

    async function deliveredTo(mapr: Mapr, path: string) {
      const { job_id } = await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 3, webhook_url: receiver.url(path) });
      const [delivery] = await waitFor(
        () => receiver.on(path),
        (received) => received.length > 0,
      );
      return { job_id, delivery };
    }

    it('accepts a genuine delivery and answers its typed event; refuses tampered, replayed and wrong-secret ones', async () => {
      const { account, mapr } = await clientFor();
      const { secret } = await new Mapr({ apiKey: account.accessToken, baseUrl: t.baseUrl }).webhooks.secret();
      const { job_id, delivery } = await deliveredTo(mapr, '/sdk/genuine');

      const event = await mapr.webhooks.verify(delivery.body, delivery.headers, secret);
      expect(event).toMatchObject({ event: 'render.complete', job_id, status: 'complete' });
      // Buffers and Fetch API Headers work as well as strings and Node's header object.
      const fetchHeaders = new Headers(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
      await expect(mapr.webhooks.verify(Buffer.from(delivery.body), fetchHeaders, secret)).resolves.toMatchObject({ job_id });

      const refusal = (body: string, headers: Record<string, string | string[] | undefined>, key: string, now?: number) =>
        mapr.webhooks.verify(body, headers, key, { now }).then(
          () => 'accepted',
          (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : String(error)),
        );
      expect(await refusal(delivery.body.replace('"complete"', '"failed"'), delivery.headers, secret)).toBe('signature_mismatch');
      const signedAt = Number(delivery.headers['x-service-timestamp']);
      expect(await refusal(delivery.body, delivery.headers, secret, signedAt + 301)).toBe('timestamp_out_of_tolerance');
      expect(await refusal(delivery.body, delivery.headers, secret, signedAt + 299)).toBe('accepted');
      expect(await refusal(delivery.body, delivery.headers, 'whsec_someone_else_0123456789abcdefghijklmnop')).toBe('signature_mismatch');
      expect(await refusal(delivery.body, { 'content-type': 'application/json' }, secret)).toBe('missing_signature');
      // A captured delivery with the timestamped header stripped, replayed 30 days later, is refused: the
      // interface's X-Service-Signature alone has no timestamp. Only an explicit opt-in accepts it.
      const {
        ['x-service-signature-v2']: _v2,
        ['webhook-id']: _id,
        ['webhook-timestamp']: _ts,
        ['webhook-signature']: _standard,
        ...v1Only
      } = delivery.headers;
      const thirtyDaysLater = signedAt + 30 * 86_400;
      expect(await refusal(delivery.body, v1Only, secret, thirtyDaysLater)).toBe('missing_signature');
      const optedIn = (body: string) =>
        mapr.webhooks.verify(body, v1Only, secret, { now: thirtyDaysLater, allowReplayableBodyOnlySignature: true }).then(
          () => 'accepted',
          (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : String(error)),
        );
      expect(await optedIn(delivery.body)).toBe('accepted');
      expect(await optedIn(delivery.body + ' ')).toBe('signature_mismatch');
    });

    it('verifies by the Standard Webhooks headers when they are all a proxy left, as the published vectors say', async () => {
      const { account, mapr } = await clientFor();
      const { secret } = await new Mapr({ apiKey: account.accessToken, baseUrl: t.baseUrl }).webhooks.secret();
      const { job_id, delivery } = await deliveredTo(mapr, '/sdk/standard');
      const standardOnly = Object.fromEntries(Object.entries(delivery.headers).filter(([name]) => name.startsWith('webhook-')));
      expect(Object.keys(standardOnly).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
      await expect(mapr.webhooks.verify(delivery.body, standardOnly, secret)).resolves.toMatchObject({ job_id });
      const reason = (body: string, key: string, now?: number) =>
        mapr.webhooks.verify(body, standardOnly, key, { now }).then(
          () => 'accepted',
          (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : String(error)),
        );
      expect(await reason(delivery.body.replace('"complete"', '"failed"'), secret)).toBe('signature_mismatch');
      expect(await reason(delivery.body, secret, Number(standardOnly['webhook-timestamp']) + 301)).toBe('timestamp_out_of_tolerance');
      expect(await reason(delivery.body, 'whsec_Yj4wsAn+7/c5jGmAJlvY4ExT42tJ5PJFfaqjxcyirAI=')).toBe('signature_mismatch');

      const vectors = JSON.parse(readFileSync(join(__dirname, '..', 'docs', 'webhook-test-vectors.json'), 'utf8')) as {
        standard_webhooks: {
          signing: Array<{ secrets: { current: string }; timestamp: number; body: string; expected_headers: Record<string, string> }>;
        };
      };
      for (const vector of vectors.standard_webhooks.signing) {
        await expect(
          mapr.webhooks.verify(vector.body, vector.expected_headers, vector.secrets.current, { now: vector.timestamp }),
        ).resolves.toEqual(JSON.parse(vector.body));
      }
    });

    it('verifies sandbox work with the sandbox secret only, and takes what that secret signs as sandbox work only', async () => {
      const { account, mapr } = await clientFor();
      const secrets = (await t.http.get('/v1/webhooks/secret').auth(account.accessToken, { type: 'bearer' }).expect(200)).body as {
        secret: string;
        sandbox_secret: string;
      };
      const sandboxClient = new Mapr({ apiKey: account.testKey, baseUrl: t.baseUrl });
      const { delivery } = await deliveredTo(sandboxClient, '/sdk/sandbox');
      const outcome = (body: string, headers: Record<string, string | string[] | undefined>, key: string, options = {}) =>
        mapr.webhooks.verify(body, headers, key, options).then(
          (event) => `accepted sandbox=${String((event as { sandbox?: unknown }).sandbox)}`,
          (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : String(error)),
        );
      expect(JSON.parse(delivery.body)).toMatchObject({ event: 'render.complete', sandbox: true });
      expect(await outcome(delivery.body, delivery.headers, secrets.secret)).toBe('signature_mismatch');
      expect(await outcome(delivery.body, delivery.headers, secrets.secret, { sandboxSecret: secrets.sandbox_secret })).toBe(
        'accepted sandbox=true',
      );
      // Whoever holds the sandbox secret cannot pass a body off as live work, by any of the three signatures.
      const forged = delivery.body.replace('"sandbox":true', '"sandbox":false');
      const now = Math.floor(Date.now() / 1000);
      const forgedHeaders: Record<string, string> = {
        ...webhookHeaders(forged, { event: 'render.complete', deliveryId: 'dlv_forged' }, { current: secrets.sandbox_secret }, now),
      };
      for (const scheme of ['v2', 'standard_webhooks', 'body_only'] as const) {
        const options = { sandboxSecret: secrets.sandbox_secret, scheme, allowReplayableBodyOnlySignature: true };
        expect({ scheme, outcome: await outcome(forged, forgedHeaders, secrets.secret, options) }).toEqual({
          scheme,
          outcome: 'signature_mismatch',
        });
      }

      // The delivery id is signed by the Standard Webhooks signature only: changed, that one fails while V2 still passes.
      const { delivery: live } = await deliveredTo(mapr, '/sdk/live-id');
      const renamed = { ...live.headers, 'webhook-id': 'dlv_replayed', 'x-service-delivery': 'dlv_replayed' };
      expect(await outcome(live.body, renamed, secrets.secret, { scheme: 'standard_webhooks' })).toBe('signature_mismatch');
      expect(await outcome(live.body, renamed, secrets.secret)).toBe('accepted sandbox=false');
    });

    it('refuses malformed signature headers with a reason, never another error', async () => {
      const { mapr } = await clientFor();
      const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      const reason = (headers: Record<string, string>, options = {}) =>
        mapr.webhooks.verify('{}', headers, secret, options).then(
          () => 'accepted',
          (error: unknown) => (error instanceof WebhookVerificationError ? error.reason : `${(error as Error).name}: ${String(error)}`),
        );
      const digits = '9'.repeat(4300);
      expect(await reason({ 'x-service-signature-v2': `t=${digits},v1=${'0'.repeat(64)}` })).toBe('malformed_signature');
      expect(await reason({ 'webhook-id': 'dlv_1', 'webhook-timestamp': digits, 'webhook-signature': 'v1,AAAA' })).toBe(
        'malformed_signature',
      );
      // A secret with no key bytes after whsec_ cannot have signed a Standard Webhooks header.
      const emptyKey = await mapr.webhooks
        .verify(
          '{}',
          { 'webhook-id': 'a', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
          'whsec_A',
        )
        .catch((error: unknown) => (error instanceof WebhookVerificationError ? error.reason : String(error)));
      expect(emptyKey).toBe('signature_mismatch');
      // A little fuzzing: pieces of every header, put together at random (seeded).
      let seed = 20260326;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const pieces = [
        't',
        'v1',
        '=',
        ',',
        ' ',
        'v1,',
        String(Math.floor(Date.now() / 1000)),
        digits,
        '0'.repeat(64),
        '\udcff',
        'é',
        '\u0000',
        '٣',
      ];
      const noise = () => Array.from({ length: Math.floor(random() * 12) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const names = ['x-service-signature-v2', 'x-service-signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature'];
      const schemes = [undefined, 'v2', 'standard_webhooks', 'body_only'] as const;
      const outcomes = new Set<string>();
      for (let i = 0; i < 1000; i++) {
        const headers = Object.fromEntries(names.filter(() => random() < 0.7).map((name) => [name, noise()]));
        const scheme = schemes[Math.floor(random() * schemes.length)];
        outcomes.add(await reason(headers, { scheme, allowReplayableBodyOnlySignature: random() < 0.5 }));
      }
      expect(
        [...outcomes].filter(
          (o) => !['missing_signature', 'malformed_signature', 'timestamp_out_of_tolerance', 'signature_mismatch'].includes(o),
        ),
      ).toEqual([]);
    });

    it('accepts deliveries signed during a secret rotation with the old secret or the new one', async () => {
      const { account, mapr } = await clientFor();
      const withToken = new Mapr({ apiKey: account.accessToken, baseUrl: t.baseUrl });
      const { secret: previous } = await withToken.webhooks.secret();
      const { secret: current } = await withToken.webhooks.rotateSecret();
      expect(current).not.toBe(previous);
      const { delivery } = await deliveredTo(mapr, '/sdk/rotation');
      await expect(mapr.webhooks.verify(delivery.body, delivery.headers, previous)).resolves.toMatchObject({ event: 'render.complete' });
      await expect(mapr.webhooks.verify(delivery.body, delivery.headers, current)).resolves.toMatchObject({ event: 'render.complete' });
      await expect(mapr.webhooks.verify(delivery.body, delivery.headers, [previous, current])).resolves.toMatchObject({
        event: 'render.complete',
      });
    });
  });

  it('events.stream() starts now, skipping earlier events, and yields each new one with headers that verify', async () => {
    const { account, mapr } = await clientFor();
    const earlier = await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 3 });
    await mapr.renders.wait(earlier.job_id, { intervalMs: 100 });
    await waitFor(
      () => mapr.events.list(),
      (page) => page.data.length === 1,
    );

    // The stream's own client, whose requests the test sees: the new render is made once the stream has found where
    // "now" is and asks for what comes after it (its long poll), not after a guessed pause.
    const requested: URL[] = [];
    const streamer = new Mapr({
      apiKey: account.liveKey,
      baseUrl: t.baseUrl,
      fetch: (input, init) => {
        requested.push(new URL(input instanceof Request ? input.url : String(input)));
        return fetch(input, init);
      },
    });
    const stop = new AbortController();
    const seen: string[] = [];
    const streaming = (async () => {
      for await (const event of streamer.events.stream({ signal: stop.signal })) {
        seen.push(event.job_id ?? '');
        // Read with an API key: signed with the account's listen secret, not the webhook secret.
        const listenSecret = await mapr.events.listenSecret();
        const { secret } = await new Mapr({ apiKey: account.accessToken, baseUrl: t.baseUrl }).webhooks.secret();
        expect(event.signed_with).toBe('listen_secret');
        await expect(mapr.webhooks.verify(event.body, event.headers, listenSecret)).resolves.toEqual(event.payload);
        await expect(mapr.webhooks.verify(event.body, event.headers, secret)).rejects.toMatchObject({ reason: 'signature_mismatch' });
        stop.abort();
      }
    })();
    await waitFor(
      () => requested.filter((url) => url.pathname === '/v1/events' && url.searchParams.has('after')).length,
      (longPolls) => longPolls > 0,
    );
    const later = await mapr.renders.create({ waypoints: renderBody().waypoints, duration: 3 });
    await streaming;
    expect(seen).toEqual([later.job_id]);
  });

  it('serves a browser session: logs in, resends the verification link that then verifies, searches places without credentials', async () => {
    const unverified = await createAccount(t, { verified: false, keys: false });
    const { accessToken } = await new Mapr({ baseUrl: t.baseUrl }).auth.logIn({ email: unverified.email, password: unverified.password });
    const session = new Mapr({ apiKey: accessToken, baseUrl: t.baseUrl });
    expect((await session.account.get()).emailVerified).toBe(false);

    const resent = await session.auth.resendVerification();
    expect(resent).toEqual({ message: expect.any(String), expires_in_hours: expect.any(Number) });
    const link = new URL(verificationLinkFor(t, unverified.email));
    await fetch(`${t.baseUrl}${link.pathname}${link.search}`, { headers: { Accept: 'application/json' } });
    expect((await session.account.get()).emailVerified).toBe(true);
    // Once verified there is nothing to resend: a typed 4xx, not retried.
    const again = await session.auth.resendVerification().catch((e: unknown) => e);
    expect(again).toBeInstanceOf(MaprError);
    expect((again as MaprError).status).toBeLessThan(500);

    const { fetch: anonymousFetch, seen } = recordingFetch();
    const places = await new Mapr({ baseUrl: t.baseUrl, fetch: anonymousFetch }).catalog.places('san', { limit: 3 });
    expect(places).toHaveLength(3);
    expect(places.every((place) => place.name.toLowerCase().includes('san'))).toBe(true);
    expect(places[0].display_name).toBe(`${places[0].name}, ${places[0].admin1}, ${places[0].country_name}`);
    expect(seen).toEqual([expect.objectContaining({ method: 'GET', path: '/v1/places?q=san&limit=3', status: 200 })]);
  });

  it('resets a forgotten password: the same answer for any address, the link once, a typed INVALID_RESET_TOKEN after', async () => {
    const account = await createAccount(t, { keys: false });
    const anonymous = new Mapr({ baseUrl: t.baseUrl });
    const known = await anonymous.auth.forgotPassword(account.email);
    expect(await anonymous.auth.forgotPassword(`nobody-${Date.now()}@example.com`)).toEqual(known);
    const token = resetTokenOf(await passwordResetLinkFor(t, account.email));
    expect(await anonymous.auth.resetPassword(token, 'a new password for the sdk')).toEqual({ message: expect.any(String) });
    const reused = await anonymous.auth.resetPassword(token, 'another new password').catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(MaprError);
    expect(reused).toMatchObject({ status: 400, error_code: 'INVALID_RESET_TOKEN' });
    await expect(new Mapr({ apiKey: account.accessToken, baseUrl: t.baseUrl }).account.get()).rejects.toMatchObject({ status: 401 });
    const { accessToken } = await anonymous.auth.logIn({ email: account.email, password: 'a new password for the sdk' });
    expect((await new Mapr({ apiKey: accessToken, baseUrl: t.baseUrl }).account.get()).email).toBe(account.email);
  });

  it('stops a read, retries included, when its signal aborts', async () => {
    const { mapr } = await clientFor();
    const controller = new AbortController();
    controller.abort(new Error('the page was left'));
    await expect(mapr.account.get({ signal: controller.signal })).rejects.toThrow('the page was left');
    await expect(mapr.batches.listPage({}, { signal: controller.signal })).rejects.toThrow('the page was left');
  });

  it('answers a MaprConnectionError when nothing listens, after its retries', async () => {
    const mapr = new Mapr({ apiKey: 'mapr_live_x', baseUrl: 'http://127.0.0.1:9', retry: { maxRetries: 1, initialDelayMs: 10 } });
    const error = await mapr.usage.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaprConnectionError);
    expect((error as MaprConnectionError).message).toContain('GET http://127.0.0.1:9/v1/usage failed');
  });

  it('follows a redirect to another origin without the API key, and one within the service with it', async () => {
    const seen: { server: string; path: string; authorization: string | null }[] = [];
    const listen = (name: string, answer: (path: string, res: ServerResponse) => void) =>
      new Promise<Server>((resolve) => {
        const server = createServer((req, res) => {
          seen.push({ server: name, path: req.url!, authorization: req.headers.authorization ?? null });
          answer(req.url!, res);
        });
        server.listen(0, '127.0.0.1', () => resolve(server));
      });
    const other = await listen('other', (_path, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const service = await listen('service', (path, res) => {
      if (path === '/v1/usage') res.writeHead(302, { location: '/v1/usage/moved' }).end();
      else if (path === '/v1/usage/moved')
        res.writeHead(307, { location: `http://127.0.0.1:${(other.address() as AddressInfo).port}/collect` }).end();
      else res.writeHead(404).end();
    });
    try {
      const mapr = new Mapr({ apiKey: 'mapr_live_redirected', baseUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}` });
      await mapr.usage.get();
      expect(seen).toEqual([
        { server: 'service', path: '/v1/usage', authorization: 'Bearer mapr_live_redirected' },
        { server: 'service', path: '/v1/usage/moved', authorization: 'Bearer mapr_live_redirected' },
        { server: 'other', path: '/collect', authorization: null },
      ]);
    } finally {
      service.close();
      other.close();
    }
  });
});
