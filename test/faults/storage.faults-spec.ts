/**
 * Storage failing while videos are stored (the folder the CDN serves replaced by something no file can be written
 * into, as a full or read-only volume refuses writes; a file in its place works even for root), then recovering.
 * Jobs whose upload failed end `failed` with STORAGE_ERROR, their render given back and one webhook each, leaving
 * no partial file; once storage is back, jobs complete normally.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { FaultStack, startFaultStack } from './support/fault-stack';

describe('storage refusing writes during the upload, then recovering', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack();
    await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
  }, 60_000);
  afterAll(() => stack?.close());

  it('fails the jobs it could not store with STORAGE_ERROR (refunded, one webhook), then completes new ones', async () => {
    const storageDir = stack.t.config.storage.driver === 'local' ? stack.t.config.storage.dir : '';
    const renders = join(storageDir, 'renders');
    rmSync(renders, { recursive: true, force: true });
    mkdirSync(storageDir, { recursive: true });
    writeFileSync(renders, 'not a folder');
    const refused = await stack.submit(3);
    await waitUntilFinished(stack.t, refused, 60_000);

    rmSync(renders, { force: true });
    const after = await stack.submit(3);
    await waitUntilFinished(stack.t, after, 60_000);
    const all = [...refused, ...after];
    await waitUntilDelivered(stack.t, all, 30_000);
    const books = await drawUpBooks(stack.t, stack.account, all, stack.receiver);
    console.log(booksLine('storage refusing writes', books));
    expectBalanced(books);
    for (const id of refused) expect(await stack.job(id)).toMatchObject({ status: 'failed', errorCode: 'STORAGE_ERROR' });
    for (const id of after) expect((await stack.job(id))?.status).toBe('complete');
    expect(books.webhooksReceived).toBe(6);
  }, 180_000);
});
