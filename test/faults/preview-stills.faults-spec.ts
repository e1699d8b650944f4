/**
 * Preview stills past their deadline, under load, in a real API process (`src/main.ts`, role `all`: it draws the
 * stills and renders jobs in one process, as the quick start runs it). Several accounts ask for heavy stills (a 4K
 * satellite globe with relief and a tilted camera) with a deadline far shorter than their drawing, so each is
 * cancelled mid-draw, while a job renders in the same process. A cancelled still used to close the shared browser
 * under Remotion's own clean-up, whose rejected `page.close()` nobody handled, and the process exited. Now: every
 * answer is a coded error or a PNG, the process stays up, the job completes, and the next still is drawn.
 */
import { DataSource } from 'typeorm';
import { createAccount, renderBody, TestAccount } from '../support/test-app';
import { RenderJob } from '../../src/modules/rendering/testing';
import { until } from '../support/worker-process';
import { spawnApi, ApiProcess } from './support/api-process';
import { bearer, FaultStack, startFaultStack } from './support/fault-stack';

/** Costly to draw: what the review sent (satellite, relief, a globe, a tilted camera), at 4K on a Studio account. */
const heavyStill = renderBody({
  duration: 10,
  resolution: '4k',
  style: 'satellite',
  terrain: { enabled: true },
  projection: 'globe',
  camera: { preset: 'follow', tilt: 85 },
});

describe('Preview stills past their deadline, under load', () => {
  let stack: FaultStack;
  let api: ApiProcess;
  let callers: TestAccount[];

  beforeAll(async () => {
    stack = await startFaultStack();
    // Two seconds: every heavy still is cancelled mid-draw, most of them while the browser is still busy with it.
    api = await spawnApi(stack.t, { MAPR_ROLE: 'all', PREVIEW_STILL_TIMEOUT_SECONDS: '2' });
    callers = await Promise.all(
      Array.from({ length: 4 }, () =>
        createAccount(stack.t, {
          tier: 'studio',
          overrides: { requests_per_minute: 1000, preview_stills_per_minute: 1000, renders_per_month: 100 },
        }),
      ),
    );
  }, 180_000);

  afterAll(async () => {
    api?.process.kill('SIGKILL');
    await stack?.close();
  });

  const still = (caller: TestAccount, body: object = heavyStill) =>
    api.http
      .post('/v1/render/preview/still')
      .auth(caller.liveKey, bearer)
      .send(body)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('cancels the stills that miss their deadline without taking the process, its browser or its render down', async () => {
    // A job that renders in the same process while the stills are cancelled around it.
    const submitted = await api.http
      .post('/v1/render')
      .auth(callers[0].liveKey, bearer)
      .send(renderBody({ duration: 4, fps: 24, resolution: '720p' }))
      .expect(202);
    const jobId = submitted.body.job_id as string;

    // Three rounds of four heavy stills at once: each still is cancelled at its deadline, or refused up front.
    const statuses: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all(callers.map((caller) => still(caller)));
      for (const res of answers) {
        statuses.push(res.status);
        const error = JSON.parse((res.body as Buffer).toString('utf8')) as Record<string, unknown>;
        expect(error).toMatchObject({
          error_code: expect.stringMatching(/^(SERVICE_UNAVAILABLE|PREVIEW_STILL_BUSY)$/),
          request_id: expect.any(String),
        });
        expect(res.headers['retry-after']).toMatch(/^\d+$/);
      }
      // The process answers between rounds.
      await api.http.get('/health/live').expect(200);
    }
    expect(statuses.every((status) => status === 503 || status === 429)).toBe(true);
    // Some were cancelled mid-draw (503), the moment that used to end the process; the rest refused up front (429).
    expect(statuses).toContain(503);
    expect(api.process.exitCode).toBeNull();
    expect(api.process.signalCode).toBeNull();

    // The job rendered in the same process completes.
    const db = stack.t.app.get(DataSource);
    const job = await until(
      async () => {
        const row = await db.getRepository(RenderJob).findOneBy({ id: jobId });
        return row && ['complete', 'failed', 'cancelled'].includes(row.status) ? row : undefined;
      },
      120_000,
      'the job to end',
    );
    expect(job.status).toBe('complete');

    // After the storm the same process still answers, and has not exited once.
    await api.http.get('/health/live').expect(200);
    expect(api.process.exitCode).toBeNull();
    expect(api.process.signalCode).toBeNull();
  }, 300_000);
});
