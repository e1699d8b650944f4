/**
 * Hostile input at volume against the running API: 10,000 render bodies from a fuzzer that knows the request's
 * fields (valid values, wrong types, edge numbers, every kind of Unicode, junk keys), oversized and deeply nested
 * JSON, Unicode edge cases in labels and place names, and header floods. Every answer must be a 2xx or a 4xx in the
 * one error shape with a request id: never a 5xx, never a hang. Then ~1 MiB bodies of hostile shapes (many keys, many
 * values, deep nesting, long strings, Unicode; test/support/hostile-bodies.ts) four at a time at the public and the
 * authenticated endpoints, while a probe reads /health/live and GET /v1/places: every answer a coded 4xx, small, and
 * the probe always answered (its times are `npm run bench:hostile`'s). Jobs that got through are cancelled afterwards
 * and the books must balance (each cancelled once, its render given back).
 */
import fc from 'fast-check';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { HOSTILE_ENDPOINTS, hostileBodies } from '../support/hostile-bodies';
import { booksLine, drawUpBooks, expectBalanced, waitUntilFinished } from './support/books';
import { bearer, FaultStack, startFaultStack } from './support/fault-stack';

const BODIES = Number(process.env.FAULTS_FUZZ_BODIES ?? 10_000);

/** Strings a user's label or place name may hold: any code point (lone surrogates, NUL, RTL marks, emoji sequences). */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'Lis\u0000bon',
    '\ud800',
    'a\udfffb',
    '\u202eNew York',
    'ZWJ \u200d\u200d',
    '👩‍👩‍👧‍👦',
    'e\u0301\u0301\u0301',
    '\uFEFF',
    '',
  ),
  fc.string({ maxLength: 300 }),
);
const anyNumber = fc.oneof(
  fc.double({ noNaN: false }),
  fc.integer(),
  fc.constantFrom(0, -0, 1e308, -1e308, 90, -90, 180, -180, 90.0000001, Number.MAX_SAFE_INTEGER),
);
/** A value of the wrong kind for any field. */
const junk = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  anyText,
  anyNumber,
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.object({ maxDepth: 2 }),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: junk });

const waypoint = fc.record(
  {
    lat: maybe(fc.double({ min: -90, max: 90, noNaN: true })),
    lng: maybe(fc.double({ min: -180, max: 180, noNaN: true })),
    label: maybe(anyText),
    place: maybe(fc.oneof(anyText, fc.constantFrom('Lisbon', 'New York', 'Zürich', 'São Paulo', '東京'))),
    transport: maybe(fc.constantFrom('plane', 'ship', 'car', 'train', 'walk', 'rocket')),
    dwell: maybe(anyNumber),
    emphasis: maybe(fc.constantFrom('normal', 'major', 'minor')),
  },
  { requiredKeys: [] },
);
const renderBody = fc.record(
  {
    waypoints: maybe(fc.array(waypoint, { maxLength: 6 })),
    duration: maybe(fc.oneof(fc.integer({ min: -5, max: 120 }), anyNumber)),
    resolution: maybe(fc.constantFrom('720p', '1080p', '4k', '8k', '')),
    aspect_ratio: maybe(fc.constantFrom('16:9', '9:16', '1:1', '4:3')),
    fps: maybe(fc.constantFrom(24, 25, 30, 60, 0)),
    style: maybe(anyText),
    mode: maybe(fc.constantFrom('route_animation', 'multi_route', 'region_focus', 'country_data', 'nope')),
    camera: maybe(fc.record({ preset: maybe(anyText), tilt: maybe(anyNumber), start_zoom: maybe(anyNumber) }, { requiredKeys: [] })),
    hud: maybe(fc.oneof(fc.constant(false), fc.record({ distance: maybe(fc.boolean()), position: maybe(anyText) }, { requiredKeys: [] }))),
    title: maybe(fc.record({ text: maybe(anyText), subtitle: maybe(anyText) }, { requiredKeys: [] })),
    text_overlays: maybe(
      fc.array(fc.record({ text: maybe(anyText), start: maybe(anyNumber), end: maybe(anyNumber), position: maybe(anyText) }), {
        maxLength: 4,
      }),
    ),
    units: maybe(fc.constantFrom('km', 'mi', 'nm', 'furlong')),
    webhook_url: maybe(fc.oneof(fc.webUrl(), anyText)),
    template_id: maybe(anyText),
    route: maybe(fc.record({ mode: maybe(anyText), avoid: maybe(fc.array(anyText, { maxLength: 3 })) }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
);
/** Bodies a careful user sends: valid values only, optional fields in any combination (so some are accepted). */
const validBody = fc.record(
  {
    waypoints: fc.array(
      fc.record(
        {
          lat: fc.double({ min: -60, max: 70, noNaN: true }),
          lng: fc.double({ min: -180, max: 180, noNaN: true }),
          label: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
        },
        { requiredKeys: ['lat', 'lng'] },
      ),
      { minLength: 2, maxLength: 5 },
    ),
    duration: fc.integer({ min: 3, max: 20 }),
    resolution: fc.constantFrom('720p', '1080p'),
    aspect_ratio: fc.constantFrom('16:9', '9:16', '1:1'),
    fps: fc.constantFrom(24, 30),
    units: fc.constantFrom('km', 'mi'),
    title: fc.record({ text: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) }),
  },
  { requiredKeys: ['waypoints', 'duration'] },
);
/** Request-shaped bodies, valid or not; sometimes anything JSON at all, or a body with extra keys of every kind. */
const anyBody = fc.oneof(
  { weight: 2, arbitrary: validBody },
  { weight: 6, arbitrary: renderBody },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(anyText, fc.anything({ maxDepth: 2 }), { maxKeys: 5 }) },
);

interface Answer {
  status: number;
  body: string;
  requestId: string | undefined;
}

/** A raw HTTP request (keep-alive): the body is sent exactly as given, whatever it is. */
function send(
  stack: FaultStack,
  method: string,
  path: string,
  body: string | Buffer | null,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(path, stack.t.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        // A header given as '' is left out (an anonymous request: no Authorization).
        headers: Object.fromEntries(
          Object.entries({
            Authorization: `Bearer ${stack.account.liveKey}`,
            ...(body !== null ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) } : {}),
            ...headers,
          }).filter(([, value]) => value !== ''),
        ),
        timeout: 15_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            requestId: res.headers['x-request-id'] as string | undefined,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} did not answer within 15 s`)));
    req.on('error', reject);
    if (body !== null) req.write(body);
    req.end();
  });
}

/** A 2xx, or a 4xx in the one error shape whose request id is the header's. */
function expectWellFormed(answer: Answer, what: string): void {
  if (answer.status >= 500 || answer.status < 200 || (answer.status >= 300 && answer.status < 400)) {
    throw new Error(`${what}: answered ${answer.status} ${answer.body.slice(0, 300)}`);
  }
  if (answer.status >= 400) {
    const parsed = JSON.parse(answer.body) as { error_code?: unknown; message?: unknown; request_id?: unknown };
    if (typeof parsed.error_code !== 'string' || typeof parsed.message !== 'string' || parsed.request_id !== answer.requestId) {
      throw new Error(`${what}: ${answer.status} not in the error shape: ${answer.body.slice(0, 300)}`);
    }
  }
}

describe('hostile input at volume', () => {
  let stack: FaultStack;
  const accepted: string[] = [];
  beforeAll(async () => {
    stack = await startFaultStack();
  }, 60_000);
  afterAll(() => stack?.close());

  it(`answers ${BODIES} fuzzed render bodies with a 2xx or a coded 4xx, never a 5xx`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const answer = await send(stack, 'POST', '/v1/render', JSON.stringify(body));
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        expectWellFormed(answer, `POST /v1/render ${JSON.stringify(body).slice(0, 300)}`);
        if (answer.status === 202) accepted.push((JSON.parse(answer.body) as { job_id: string }).job_id);
      }),
      { numRuns: BODIES, seed: Number(process.env.FAULTS_FUZZ_SEED ?? 20261124), endOnFailure: true },
    );
    console.log(
      `fuzzed bodies: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(', ')}`,
    );
    // The fuzzer reaches both sides: bodies refused for many reasons, and bodies accepted.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(BODIES / 10);
    expect(statuses.get(202) ?? 0).toBeGreaterThan(0);
    // The accepted jobs hold the account's concurrent slots (no worker runs here): cancel them (their books are kept below).
    for (const id of accepted) await stack.t.http.delete(`/v1/render/${id}`).auth(stack.account.liveKey, bearer);
  }, 600_000);

  it.each([
    [
      'a body over the 1 MiB limit',
      (): string => JSON.stringify({ waypoints: [{ lat: 1, lng: 2, label: 'x'.repeat(2 * 1024 * 1024) }] }),
      413,
    ],
    ['JSON nested 5,000 deep', (): string => `{"waypoints":${'['.repeat(5000)}${']'.repeat(5000)}}`, 400],
    [
      'an object nested 5,000 deep in a label',
      (): string => `{"waypoints":[{"lat":1,"lng":2,"label":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}]}`,
      400,
    ],
    ['100,000 waypoints', (): string => JSON.stringify({ waypoints: Array.from({ length: 100_000 }, () => [0, 0]) }), 400],
    ['broken JSON', (): string => '{"waypoints": [', 400],
  ] as const)('refuses %s with a coded 4xx', async (_name, makeBody, status) => {
    const answer = await send(stack, 'POST', '/v1/render', makeBody());
    expectWellFormed(answer, _name);
    expect(answer.status).toBe(status);
  });

  it('strips a NUL from a label and a place (control characters never reach a frame)', async () => {
    const body = {
      waypoints: [
        { place: 'Lis\u0000bon', label: 'a\u0000' },
        { lat: 40.7, lng: -74, label: '\u0000' },
      ],
      duration: 3,
    };
    const answer = await send(stack, 'POST', '/v1/render', JSON.stringify(body));
    expectWellFormed(answer, 'a NUL in a label and a place');
    expect(answer.status).toBe(202);
    const id = (JSON.parse(answer.body) as { job_id: string }).job_id;
    accepted.push(id);
    const read = await stack.t.http.get(`/v1/render/${id}`).auth(stack.account.liveKey, bearer).expect(200);
    expect(read.body.request.waypoints.map((w: { place?: string; label?: string }) => [w.place, w.label])).toEqual([
      ['Lisbon', 'a'],
      [undefined, ''],
    ]);
  });

  it('accepts labels with any Unicode a person may type, and stores them as sent but for format characters', async () => {
    // [sent, stored]: bidirectional controls and joiners that join nothing are stripped (contract §27); emoji sequences stay whole.
    const labels = [
      ['São Paulo → 東京', 'São Paulo → 東京'],
      ['עברית \u202e', 'עברית '],
      ['Ana\u202Egpj.exe', 'Anagpj.exe'],
      ['👩‍👩‍👧‍👦 family', '👩‍👩‍👧‍👦 family'],
      ['e\u0301 combining', 'e\u0301 combining'],
      ['ZW\u200dJ', 'ZWJ'],
      ['Ω≈ç√∫˜µ≤≥÷', 'Ω≈ç√∫˜µ≤≥÷'],
    ];
    for (const [label, stored] of labels) {
      const answer = await send(
        stack,
        'POST',
        '/v1/render',
        JSON.stringify({
          waypoints: [
            { lat: 38.7, lng: -9.1, label },
            { lat: 40.7, lng: -74, label: 'NY' },
          ],
          duration: 3,
        }),
      );
      expectWellFormed(answer, label);
      expect(answer.status).toBe(202);
      const id = (JSON.parse(answer.body) as { job_id: string }).job_id;
      accepted.push(id);
      const read = await stack.t.http.get(`/v1/render/${id}`).auth(stack.account.liveKey, bearer).expect(200);
      expect(read.body.request.waypoints[0].label).toBe(stored);
    }
  });

  it('answers a malformed request line in the error shape', async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(stack.t.baseUrl).port), '127.0.0.1', () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const [head, body] = raw.split('\r\n\r\n');
    expect(JSON.parse(body)).toMatchObject({ error_code: 'MALFORMED_REQUEST', request_id: /X-Request-Id: (\S+)/.exec(head)![1] });
  });

  it.each([
    ['2,000 headers', () => Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`x-flood-${i}`, 'y']))],
    ['one 64 KiB header', () => ({ 'x-flood': 'y'.repeat(64 * 1024) })],
  ] as const)('answers a request with %s with a coded 4xx, and goes on serving', async (_name, makeHeaders) => {
    const answer = await send(stack, 'GET', '/v1/usage', null, makeHeaders());
    expectWellFormed(answer, _name);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ error_code: 'HEADERS_TOO_LARGE' });
    const next = await send(stack, 'GET', '/v1/usage', null);
    expect(next.status).toBe(200);
  });

  it('answers ~1 MiB bodies of hostile shapes, four at a time, with small coded 4xx, and keeps answering a probe', async () => {
    const bodies = hostileBodies(Number(process.env.FAULTS_FUZZ_SEED ?? 20261124));
    const work = bodies.flatMap((body) => HOSTILE_ENDPOINTS.map((endpoint) => ({ body, endpoint })));
    const failures: string[] = [];
    let done = false;
    let probes = 0;
    const probe = (async () => {
      const queries = ['Lis', 'New York', 'Zür', 'São', '東京'];
      for (let i = 0; !done; i++) {
        for (const path of ['/health/live', `/v1/places?q=${encodeURIComponent(queries[i % queries.length])}`]) {
          try {
            const answer = await send(stack, 'GET', path, null);
            if (answer.status !== 200) failures.push(`probe ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
            probes++;
          } catch (err) {
            failures.push(`probe ${path}: ${String(err)}`);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const statuses = new Map<number, number>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < work.length) {
          const { body, endpoint } = work[next++];
          const what = `${body.name} → POST ${endpoint.path}`;
          try {
            const answer = await send(stack, 'POST', endpoint.path, body.body, endpoint.auth ? {} : { Authorization: '' });
            statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
            expectWellFormed(answer, what);
            if (answer.status < 400) failures.push(`${what}: accepted (${answer.status})`);
            // A refusal is small whatever the body: one issue for a bound, at most 50 otherwise.
            if (answer.body.length > 16 * 1024) failures.push(`${what}: a ${answer.body.length}-byte answer`);
            const parsed = JSON.parse(answer.body) as { issues?: Array<{ code: string }> };
            // A body over a shape bound (body-shape.ts) is refused with that one issue.
            const [first, ...others] = parsed.issues ?? [];
            const bound =
              others.length === 0 && ['too_many_keys', 'too_many_values', 'too_deep', 'too_many_items'].includes(first?.code ?? '');
            if (bound && answer.body.length > 1024) failures.push(`${what}: refused for ${first.code} in ${answer.body.length} bytes`);
            if ((parsed.issues?.length ?? 0) > 50) failures.push(`${what}: ${parsed.issues!.length} issues`);
          } catch (err) {
            failures.push(`${what}: ${String(err)}`);
          }
        }
      }),
    );
    done = true;
    await probe;
    console.log(
      `hostile shapes: ${work.length} bodies, ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; probe answered ${probes} times`,
    );
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(0);
  }, 300_000);

  it('keeps the books: every accepted job cancelled once and its render given back', async () => {
    for (const id of accepted) await stack.t.http.delete(`/v1/render/${id}`).auth(stack.account.liveKey, bearer);
    await waitUntilFinished(stack.t, accepted, 60_000);
    const books = await drawUpBooks(stack.t, stack.account, accepted, stack.receiver);
    console.log(booksLine('hostile input', books));
    expectBalanced(books);
    expect(books.cancelled).toBe(accepted.length);
  }, 120_000);
});
