/**
 * The database gone for 10 s: its connections cut and new ones refused (the suite's own database only), while
 * requests arrive and workers finish jobs. Requests meanwhile get a coded 503 with a request id, never a bare 500;
 * /health/ready says not ready; afterwards every job ends once with one webhook and the quota equal to the ledger.
 */
import { Client } from 'pg';
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { faultDatabaseUrl } from './support/fault-env';
import { bearer, FaultStack, startFaultStack } from './support/fault-stack';
import { renderBody } from '../support/test-app';
import { TEST_DATABASE_URL } from '../support/test-env';
import { until } from '../support/worker-process';

const OUTAGE_MS = 10_000;

/** Refuses new connections to the suite's database and cuts the open ones, again and again, for `ms`. */
async function databaseOutage(ms: number, onStarted: () => void = () => undefined): Promise<void> {
  const name = new URL(faultDatabaseUrl()).pathname.slice(1);
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS false`);
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    onStarted();
    const end = Date.now() + ms;
    while (Date.now() < end) {
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS true`);
    await admin.end();
  }
}

describe('the database gone for 10 s during intake and job completion', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack();
    await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '25' });
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  });

  it('answers 503s meanwhile, then ends every accepted job once with the books balanced', async () => {
    const jobIds = await stack.submit(6);
    await until(async () => ((await stack.job(jobIds[0]))?.status === 'processing' ? true : undefined), 30_000, 'a job to start');

    // The requests below go once no connection is allowed and the open ones are cut.
    let started!: () => void;
    const outageStarted = new Promise<void>((resolve) => (started = resolve));
    const outage = databaseOutage(OUTAGE_MS, started);
    await Promise.race([outageStarted, outage]);
    // Readiness first, while the outage is certainly on (the requests below may take longer than it lasts).
    const ready = await stack.t.http.get('/health/ready').timeout(10_000);
    // Requests during the outage: each answered, with a code and a request id; a 202 is a job really accepted (one
    // sent after the outage has ended, however slowly the requests before it were answered).
    const answers: Array<{ status: number; code?: string; requestId?: string; jobId?: string }> = [];
    while (answers.length < 8) {
      const res = await stack.t.http
        .post('/v1/render')
        .auth(stack.account.liveKey, bearer)
        .send(renderBody({ duration: 3, fps: 24, aspect_ratio: '1:1', webhook_url: stack.receiver.url() }))
        .timeout(20_000);
      answers.push({ status: res.status, code: res.body.error_code, requestId: res.body.request_id, jobId: res.body.job_id });
      // Spread over the outage's first seconds, to meet the pool in its different states (nothing waits on this).
      await new Promise((r) => setTimeout(r, 500));
    }
    await outage;

    console.log(`during the database outage: ${answers.map((a) => a.status).join(' ')}; /health/ready ${ready.status}`);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    for (const a of answers.filter((x) => x.status >= 400))
      expect(a).toMatchObject({ code: expect.any(String), requestId: expect.any(String) });
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(ready.status).toBe(503);

    const readyMs = await stack.readyAgain(30_000);
    const accepted = [...jobIds, ...answers.filter((a) => a.status === 202).map((a) => a.jobId!)];
    await waitUntilFinished(stack.t, accepted, 120_000).catch((err) => {
      const worker = stack.workers[0];
      console.log(
        `worker exit ${worker.process.exitCode}\n${worker.lines
          .slice(-60)
          .map((l) => JSON.stringify(l).slice(0, 400))
          .join('\n')}`,
      );
      throw err;
    });
    await waitUntilDelivered(stack.t, accepted, 60_000);
    const books = await drawUpBooks(stack.t, stack.account, accepted, stack.receiver);
    console.log(`${booksLine('database gone', books)}; ready again after ${readyMs} ms`);
    expectBalanced(books);
    expect(books.webhooksReceived).toBe(books.complete + books.failed);
  }, 240_000);
});
