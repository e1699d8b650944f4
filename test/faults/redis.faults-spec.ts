/**
 * Redis killed while jobs are queued and rendering, then started again: with its append-only file (what it
 * acknowledged survives) and without persistence (the queue, the counters and the locks are gone). Either way every
 * job ends exactly once, with one webhook and the quota matching the ledger; while Redis is away the API answers a
 * coded error with a request id, never a bare 500, and /health/ready says it is not ready.
 */
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { bearer, FaultStack, startFaultStack } from './support/fault-stack';
import { renderBody } from '../support/test-app';
import { until } from '../support/worker-process';

const OUTAGE_MS = 10_000;

describe.each([
  ['with its append-only file', 'aof'],
  ['without persistence (everything in it lost)', 'volatile'],
] as const)('Redis killed for 10 s and started again %s', (_name, mode) => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack({ redis: mode });
    await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '30' });
  }, 120_000);
  afterAll(() => stack?.close());

  it('ends every job once, with one webhook each, and the quota equal to the ledger', async () => {
    const jobIds = await stack.submit(6);
    // Rendering has begun (the first job is processing) and others wait in the queue.
    await until(async () => ((await stack.job(jobIds[0]))?.status === 'processing' ? true : undefined), 30_000, 'a job to start');

    await stack.redis!.kill();
    const during = await stack.t.http
      .post('/v1/render')
      .auth(stack.account.liveKey, bearer)
      .send(renderBody({ duration: 3 }));
    expect(during.status).toBeGreaterThanOrEqual(400);
    expect(during.body).toMatchObject({ error_code: expect.any(String), request_id: expect.any(String) });
    expect(during.headers['x-request-id']).toBe(during.body.request_id);
    expect((await stack.t.http.get('/health/ready')).status).toBe(503);
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    await stack.redis!.startAgain();

    const readyMs = await stack.readyAgain(30_000);
    await waitUntilFinished(stack.t, jobIds, 120_000);
    // Once back, new work is admitted and counted as before.
    const after = await stack.submit(2);
    await waitUntilFinished(stack.t, after, 60_000);
    await waitUntilDelivered(stack.t, [...jobIds, ...after], 60_000).catch(() => undefined);
    const books = await drawUpBooks(stack.t, stack.account, [...jobIds, ...after], stack.receiver);
    console.log(`${booksLine(`redis ${mode}`, books)}; ready again after ${readyMs} ms`);
    expectBalanced(books);
    expect(books.complete).toBe(8);
    expect(books.webhooksReceived).toBe(8);
  }, 240_000);
});
