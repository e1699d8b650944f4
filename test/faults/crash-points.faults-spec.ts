/**
 * Processes killed with SIGKILL at the worst moments of a job, for real: the process arms a failpoint
 * (src/common/util/failpoints.ts) and kills itself there, with nothing cleaned up.
 * - The API, after storing an accepted job and its usage, before the queue add. The client never hears back and
 *   retries with its Idempotency-Key: it must get the job that exists (not a second one, not a second charge), and
 *   the job must still be rendered.
 * - A worker after planning the route (before saving it), while encoding (every frame captured), and between
 *   the video's upload and the thumbnail's. Another worker takes the job up; it ends once, files in place.
 * - A worker after storing the job's end, before what follows it (usage, event, webhook): the job-end sweep of
 *   another worker runs it. A worker holding a webhook attempt, before sending it: another worker sends it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { processScratchDir } from '../../src/common/util/process-scratch';
import { RenderJob } from '../../src/modules/rendering/testing';
import { WebhookDelivery } from '../../src/modules/webhooks/testing';
import type { FailpointName } from '../../src/common/util/failpoints';
import { renderBody } from '../support/test-app';
import { booksLine, drawUpBooks, expectBalanced, waitUntilDelivered, waitUntilFinished } from './support/books';
import { exited, exitedWithin, spawnApi } from './support/api-process';
import { bearer, FaultStack, killWorker, startFaultStack } from './support/fault-stack';
import { until } from '../support/worker-process';

describe('processes killed at the worst moments', () => {
  let stack: FaultStack;
  beforeAll(async () => {
    stack = await startFaultStack();
  }, 60_000);
  afterAll(() => stack?.close());

  it('the API killed after storing a job, before queueing it: the retry with its Idempotency-Key gets that job, which renders once', async () => {
    const api = await spawnApi(stack.t, { MAPR_FAILPOINTS: 'intake.before-queue-add=kill' });
    const body = renderBody({ duration: 3, fps: 24, aspect_ratio: '1:1', webhook_url: stack.receiver.url() });
    const key = `crash-${Date.now()}`;
    const since = new Date();

    const unanswered = await api.http
      .post('/v1/render')
      .auth(stack.account.liveKey, bearer)
      .set('Idempotency-Key', key)
      .send(body)
      .then(
        (res) => `answered ${res.status}`,
        (err: Error) => err.message,
      );
    expect(await exited(api)).toBe('SIGKILL');
    expect(unanswered).not.toMatch(/^answered/);

    const db = stack.t.app.get(DataSource);
    const stored = await db
      .getRepository(RenderJob)
      .createQueryBuilder('job')
      .where('job.account_id = :account AND job.created_at >= :since', { account: stack.account.id, since })
      .getMany();
    expect(stored.map((j) => j.status)).toEqual(['queued']);
    const [job] = stored;

    // The client retries at once, as it would after a dropped connection, against an API that is up.
    const retry = await stack.t.http.post('/v1/render').auth(stack.account.liveKey, bearer).set('Idempotency-Key', key).send(body);
    expect(retry.status).toBe(202);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toMatchObject({ job_id: job.id, status: 'queued' });

    const started = Date.now();
    const worker = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
    await waitUntilFinished(stack.t, [job.id], 60_000);
    await waitUntilDelivered(stack.t, [job.id], 30_000);
    const after = await db
      .getRepository(RenderJob)
      .createQueryBuilder('job')
      .where('job.account_id = :account AND job.created_at >= :since', { account: stack.account.id, since })
      .getCount();
    expect(after).toBe(1);
    const books = await drawUpBooks(stack.t, stack.account, [job.id], stack.receiver);
    console.log(`${booksLine('API killed before the queue add', books)}; rendered ${Date.now() - started} ms after a worker started`);
    expectBalanced(books);
    expect(books.complete).toBe(1);
    expect(books.webhooksReceived).toBe(1);
    await killWorker(worker);
  }, 150_000);

  it.each([
    ['worker.after-routing', 'after planning the route'],
    ['renderer.encoding', 'while encoding'],
    ['worker.between-uploads', 'between the uploads of the video and the thumbnail'],
  ] as [FailpointName, string][])(
    'a worker killed at %s (%s): another ends the job once, files in place',
    async (point, when) => {
      const first = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10', MAPR_FAILPOINTS: `${point}=kill` });
      const [jobId] = await stack.submit(1);
      expect(await exitedWithin(first, 30_000)).toBe('SIGKILL');

      const crashed = await stack.job(jobId);
      expect(crashed).toMatchObject({ status: 'processing', attempts: 1 });
      if (point === 'worker.between-uploads' && stack.t.config.storage.driver === 'local') {
        const storageDir = stack.t.config.storage.dir;
        // The crash left a stored video for a job that is not complete: the next attempt must replace it, not leak it.
        expect(existsSync(join(storageDir, `renders/${jobId}.mp4`))).toBe(true);
        expect(existsSync(join(storageDir, `renders/${jobId}_thumb.jpg`))).toBe(false);
      }

      // The killed worker's scratch folder (its job's work folder) is left behind; the next worker of the host removes it.
      const scratch = processScratchDir(stack.t.config.rendering.tempDir, 'worker', first.process.pid!);
      expect(existsSync(join(scratch, 'jobs', jobId))).toBe(true);
      const second = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
      expect(existsSync(scratch)).toBe(false);
      await waitUntilFinished(stack.t, [jobId], 60_000);
      await waitUntilDelivered(stack.t, [jobId], 30_000);
      const books = await drawUpBooks(stack.t, stack.account, [jobId], stack.receiver);
      console.log(booksLine(`worker killed ${when}`, books));
      expectBalanced(books);
      expect(await stack.job(jobId)).toMatchObject({ status: 'complete', attempts: 2 });
      await killWorker(second);
    },
    120_000,
  );

  it("a worker killed after storing a job's end, before what follows it: the job-end sweep sends its webhook and frees its slot", async () => {
    const first = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10', MAPR_FAILPOINTS: 'lifecycle.after-end=kill' });
    const [jobId] = await stack.submit(1);
    expect(await exitedWithin(first, 30_000)).toBe('SIGKILL');
    // Complete, with nothing that follows done: no event, no delivery, the render still counted as running.
    const ended = await stack.job(jobId);
    expect(ended).toMatchObject({ status: 'complete' });
    expect(ended?.followUpsDueAt).toBeInstanceOf(Date);
    expect(await stack.t.app.get(DataSource).getRepository(WebhookDelivery).countBy({ jobId })).toBe(0);

    const started = Date.now();
    const second = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
    await waitUntilDelivered(stack.t, [jobId], 60_000);
    const books = await drawUpBooks(stack.t, stack.account, [jobId], stack.receiver);
    console.log(`${booksLine('worker killed after the job ended', books)}; webhook ${Date.now() - started} ms after a worker started`);
    expectBalanced(books);
    expect(books.webhooksReceived).toBe(1);
    expect(await stack.job(jobId)).toMatchObject({ status: 'complete', attempts: 1, followUpsDueAt: null });
    await killWorker(second);
  }, 120_000);

  it('a worker killed holding a webhook attempt, before sending it: another worker sends it within seconds', async () => {
    const first = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10', MAPR_FAILPOINTS: 'webhooks.before-send=kill' });
    const [jobId] = await stack.submit(1);
    expect(await exitedWithin(first, 30_000)).toBe('SIGKILL');
    const deliveries = stack.t.app.get(DataSource).getRepository(WebhookDelivery);
    expect(await deliveries.findOneBy({ jobId })).toMatchObject({ status: 'pending', attemptCount: 0 });

    const started = Date.now();
    const second = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
    // The dead worker's lock on the attempt lapses (WEBHOOK_LOCK_SECONDS, 4 here) and the queue hands it on.
    await waitUntilDelivered(stack.t, [jobId], 30_000);
    // The first worker died inside its own job's follow-ups (its webhook consumer took the attempt as it was queued),
    // so the job-end sweep finishes them (waitUntilDelivered waits for that too); running them again sends nothing twice.
    const books = await drawUpBooks(stack.t, stack.account, [jobId], stack.receiver);
    console.log(
      `${booksLine('worker killed holding a webhook attempt', books)}; webhook ${Date.now() - started} ms after a worker started`,
    );
    expectBalanced(books);
    expect(books.webhooksReceived).toBe(1);
    expect(await deliveries.findOneBy({ jobId })).toMatchObject({ status: 'delivered', attemptCount: 1 });
    await killWorker(second);
  }, 120_000);

  it('a real worker (Remotion and Chromium) killed while its encoder finishes the file: the job ends once, no browser left behind', async () => {
    const first = await stack.startWorker('real', { MAPR_FAILPOINTS: 'renderer.encoding=kill' });
    // The worker's own processes (its browser), noted while it lives: after the kill they must go too.
    const children = new Set<number>();
    const watch = setInterval(() => childProcesses(first.process.pid!).forEach((pid) => children.add(pid)), 200);
    const [jobId] = await stack.submit(1, { duration: 3, fps: 24, resolution: '720p' });
    const ended = await exitedWithin(first, 150_000);
    clearInterval(watch);
    expect(ended).toBe('SIGKILL');
    expect(await stack.job(jobId)).toMatchObject({ status: 'processing', attempts: 1 });
    expect(children.size).toBeGreaterThan(0);
    await until(() => ([...children].every((pid) => !alive(pid)) ? true : undefined), 20_000, "the killed worker's browser to exit");
    // Its frames and partial video, in its scratch folder, are removed by the next worker of the host.
    const scratch = processScratchDir(stack.t.config.rendering.tempDir, 'worker', first.process.pid!);
    expect(existsSync(scratch)).toBe(true);

    const second = await stack.startWorker('fake', { FAKE_RENDER_MS_PER_FRAME: '10' });
    expect(existsSync(scratch)).toBe(false);
    await waitUntilFinished(stack.t, [jobId], 60_000);
    await waitUntilDelivered(stack.t, [jobId], 30_000);
    const books = await drawUpBooks(stack.t, stack.account, [jobId], stack.receiver);
    console.log(booksLine('real worker killed while encoding', books));
    expectBalanced(books);
    expect(await stack.job(jobId)).toMatchObject({ status: 'complete', attempts: 2 });
    await killWorker(second);
  }, 300_000);
});

/** The direct children of a process. */
function childProcesses(pid: number): number[] {
  const out = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' });
  return out.stdout.split('\n').filter(Boolean).map(Number);
}

/** Running (a zombie waiting for its reaper has exited). */
function alive(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
