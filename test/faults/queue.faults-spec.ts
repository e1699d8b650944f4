/**
 * The queue's worst habits: the same entry delivered twice (two workers render one job side by side), and workers
 * killed outright at random moments of their jobs (claimed, mid-frames, storing) and started again. Every job
 * still ends once, with its files in place, one webhook, and the quota equal to the ledger.
 */
import Queue from 'bull';
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { FaultStack, killWorker, startFaultStack } from './support/fault-stack';
import { RENDER_QUEUE } from '../../src/modules/rendering/testing';
import { until } from '../support/worker-process';

describe('the queue delivering one job twice, and workers killed at random', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack();
  }, 60_000);
  afterAll(() => stack?.close());

  it('renders a job whose entry arrives twice on two workers, and ends it once with its files and one webhook', async () => {
    const workers = [
      await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '40' }),
      await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '40' }),
    ];
    const jobIds = await stack.submit(3);
    // A second entry for each job, as Bull hands an entry out again when a worker's lock lapses while it still runs.
    const queue = new Queue(RENDER_QUEUE, { redis: stack.t.config.redis.url!, prefix: `${stack.t.config.redis.keyPrefix}:bull` });
    try {
      for (const jobId of jobIds)
        await queue.add({ jobId, accountId: stack.account.id }, { jobId: `${jobId}-again`, removeOnComplete: true });
    } finally {
      await queue.close();
    }
    await waitUntilFinished(stack.t, jobIds, 60_000);
    await waitUntilDelivered(stack.t, jobIds, 30_000);
    const books = await drawUpBooks(stack.t, stack.account, jobIds, stack.receiver);
    console.log(booksLine('duplicate queue entries', books));
    // Both workers rendered: the duplicate was real.
    const started = workers.map((w) => w.lines.filter((l) => l.msg === 'Render job started' && jobIds.includes(l.job_id ?? '')).length);
    expect(started.reduce((a, b) => a + b, 0)).toBeGreaterThan(jobIds.length);
    expectBalanced(books);
    expect(books.complete).toBe(3);
    expect(books.webhooksReceived).toBe(3);
    for (const w of workers) await killWorker(w);
  }, 120_000);

  // Killed at a named moment (after routing, while encoding, between the uploads): crash-points.faults-spec.ts.
  it('ends a job once when its worker is killed mid-frames and another takes it up', async () => {
    const first = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '60' });
    const [jobId] = await stack.submit(1);
    await until(async () => ((await stack.job(jobId))?.progress ?? 0) >= 0.3 || undefined, 30_000, 'the job to be a third done');
    await killWorker(first);
    const second = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
    await waitUntilFinished(stack.t, [jobId], 60_000);
    await waitUntilDelivered(stack.t, [jobId], 30_000);
    const books = await drawUpBooks(stack.t, stack.account, [jobId], stack.receiver);
    console.log(booksLine('worker killed mid-frames', books));
    expectBalanced(books);
    expect(await stack.job(jobId)).toMatchObject({ status: 'complete', attempts: 2 });
    await killWorker(second);
  }, 120_000);

  it('ends every job once when workers are killed at random moments and started again', async () => {
    const jobIds = await stack.submit(8);
    let kills = 0;
    // Two workers (a job takes about 12 s); every 1.2 s, once its replacement has started, one of them is killed
    // (mid-claim, mid-frames or mid-upload, wherever it is) and a fresh one takes its place, until the jobs are done or
    // twelve kills were made. Jobs long enough that a slow start of the replacements still leaves time for kills: with
    // 6 s jobs, a loaded machine (the whole test command on two cores) started replacements so slowly that the jobs
    // were done after 3 kills.
    const slow = { FAKE_RENDER_MS_PER_FRAME: '160' };
    let alive = [await stack.startWorker('fake', slow), await stack.startWorker('fake', slow)];
    const deadline = Date.now() + 120_000;
    while (kills < 12 && Date.now() < deadline) {
      const open = await Promise.all(jobIds.map((id) => stack.job(id)));
      if (open.every((j) => j && ['complete', 'failed', 'cancelled'].includes(j.status))) break;
      await new Promise((r) => setTimeout(r, 1200));
      const victim = alive[kills % 2];
      await killWorker(victim);
      kills += 1;
      alive = alive.map((w) => (w === victim ? null : w)).filter((w): w is NonNullable<typeof w> => w !== null);
      alive.push(await stack.startWorker('fake', slow));
    }
    await waitUntilFinished(stack.t, jobIds, 120_000);
    // A delivery whose worker was killed mid-send is taken up again by Bull's stall check of the webhook queue (its
    // defaults: a 30 s lock, checked every 30 s), so a correct run may need up to a minute for its last webhook.
    await waitUntilDelivered(stack.t, jobIds, 90_000);
    const books = await drawUpBooks(stack.t, stack.account, jobIds, stack.receiver);
    console.log(`${booksLine('workers killed at random', books)}; ${kills} kills`);
    expect(kills).toBeGreaterThanOrEqual(4);
    expectBalanced(books);
    // A job abandoned after repeated stalls fails (and is refunded) rather than hanging; normally all complete.
    expect(books.complete + books.failed).toBe(8);
    await until(() => (alive.length === 2 ? true : undefined), 1000, 'workers');
  }, 360_000);
});
