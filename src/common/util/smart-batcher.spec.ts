import { SmartBatcher } from './smart-batcher';

/** A flush whose calls stay open until the test releases them, recording what each call carried. */
function controllableFlush(fail: (items: string[]) => boolean = () => false) {
  const calls: { items: string[]; release: () => void }[] = [];
  const flush = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ items, release: () => (fail(items) ? reject(new Error(`refused ${items.join(',')}`)) : resolve()) });
    });
  return { calls, flush };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('SmartBatcher', () => {
  it('flushes an item at once when a slot is free', async () => {
    const { calls, flush } = controllableFlush();
    const batcher = new SmartBatcher(flush, { maxConcurrentFlushes: 1, maxWeight: 100 });
    const done = batcher.submit('a');
    expect(calls.map((c) => c.items)).toEqual([['a']]);
    calls[0].release();
    await expect(done).resolves.toBeUndefined();
  });

  it('sends the items that arrived during a flush together in the next one', async () => {
    const { calls, flush } = controllableFlush();
    const batcher = new SmartBatcher(flush, { maxConcurrentFlushes: 1, maxWeight: 100 });
    const first = batcher.submit('a');
    const rest = ['b', 'c', 'd'].map((item) => batcher.submit(item));
    expect(calls).toHaveLength(1);

    calls[0].release();
    await first;
    await tick();
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1].release();
    await Promise.all(rest);
  });

  it('runs up to maxConcurrentFlushes at once', async () => {
    const { calls, flush } = controllableFlush();
    const batcher = new SmartBatcher(flush, { maxConcurrentFlushes: 2, maxWeight: 100 });
    const all = ['a', 'b', 'c', 'd'].map((item) => batcher.submit(item));
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b']]);

    calls[0].release();
    await tick();
    expect(calls.map((c) => c.items)).toEqual([['a'], ['b'], ['c', 'd']]);
    calls.slice(1).forEach((c) => c.release());
    await Promise.all(all);
  });

  it('keeps each flush within maxWeight, and flushes an overweight item alone', async () => {
    const { calls, flush } = controllableFlush();
    const weights: Record<string, number> = { busy: 1, a: 2, b: 2, c: 2, huge: 9 };
    const batcher = new SmartBatcher(flush, { maxConcurrentFlushes: 1, maxWeight: 5, weigh: (item) => weights[item] });
    const all = ['busy', 'a', 'b', 'c', 'huge'].map((item) => batcher.submit(item));
    for (let i = 0; i < 4; i++) {
      calls[i].release();
      await tick();
    }
    await Promise.all(all);
    expect(calls.map((c) => c.items)).toEqual([['busy'], ['a', 'b'], ['c'], ['huge']]);
  });

  it('fails only the bad item of a failed batch: the others are flushed again on their own', async () => {
    const flushed: string[][] = [];
    const batcher = new SmartBatcher(
      async (items: string[]) => {
        flushed.push(items);
        await tick();
        if (items.includes('bad')) throw new Error('duplicate key');
      },
      { maxConcurrentFlushes: 1, maxWeight: 100 },
    );
    const busy = batcher.submit('busy');
    const outcomes = Promise.allSettled(['a', 'bad', 'b'].map((item) => batcher.submit(item)));
    await busy;

    const [a, bad, b] = await outcomes;
    expect(a.status).toBe('fulfilled');
    expect(b.status).toBe('fulfilled');
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('duplicate key') });
    expect(flushed).toEqual([['busy'], ['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
  });

  it('rejects a lone item with its own error, without trying it again', async () => {
    const { calls, flush } = controllableFlush(() => true);
    const batcher = new SmartBatcher(flush, { maxConcurrentFlushes: 1, maxWeight: 100 });
    const done = batcher.submit('a');
    calls[0].release();
    await expect(done).rejects.toThrow('refused a');
    expect(calls).toHaveLength(1);
  });
});
