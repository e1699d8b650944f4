/**
 * The API killed between writing a job and putting it on the queue. What that leaves behind is a job row `queued`,
 * its render counted in the ledger, and no queue entry: this scenario makes exactly that state (the entries of
 * accepted jobs removed before any worker saw them) rather than timing a kill to the microsecond. The workers'
 * sweep must find the jobs and queue them again; each then ends once with one webhook and the books balanced.
 */
import Queue from 'bull';
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { FaultStack, startFaultStack } from './support/fault-stack';
import { RENDER_QUEUE } from '../../src/modules/rendering/testing';

describe('the API dying between the database write and the queue add', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack();
  }, 60_000);
  afterAll(() => stack?.close());

  it('leaves jobs the sweep queues again: each ends once, one webhook, quota equal to the ledger', async () => {
    const jobIds = await stack.submit(4);
    const queue = new Queue(RENDER_QUEUE, { redis: stack.t.config.redis.url!, prefix: `${stack.t.config.redis.keyPrefix}:bull` });
    try {
      for (const id of jobIds) await (await queue.getJob(id))?.remove();
      expect(await Promise.all(jobIds.map((id) => queue.getJob(id)))).toEqual([null, null, null, null]);
    } finally {
      await queue.close();
    }
    const started = Date.now();
    await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
    await waitUntilFinished(stack.t, jobIds, 90_000);
    await waitUntilDelivered(stack.t, jobIds, 30_000);
    const books = await drawUpBooks(stack.t, stack.account, jobIds, stack.receiver);
    console.log(`${booksLine('API killed before the queue add', books)}; recovered in ${Date.now() - started} ms`);
    expectBalanced(books);
    expect(books.complete).toBe(4);
    expect(books.webhooksReceived).toBe(4);
  }, 150_000);
});
