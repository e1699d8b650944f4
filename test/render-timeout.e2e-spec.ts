import { RENDERER } from '../src/modules/rendering/testing';
import { FakeRenderer } from './support/fake-renderer';
import { createAccount, startTestApp, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

describe('a render that runs too long', () => {
  let t: TestApp;
  beforeAll(async () => {
    // 1200 frames at 20 ms each: well past the 5 s limit (the real renderer honours it the same way).
    t = await startTestApp(
      { MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '5' },
      { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 20 }) }] },
    );
  });
  afterAll(() => t.close());

  it('ends RENDER_TIMEOUT and gives the render back', async () => {
    const account = await createAccount(t, { tier: 'studio' });
    const created = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({
        waypoints: [
          { lat: 38.72, lng: -9.14 },
          { lat: 40.71, lng: -74.0 },
        ],
        duration: 40,
        resolution: '1080p',
      })
      .expect(202);
    let job: Record<string, unknown> = {};
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      job = (await t.http.get(`/v1/render/${created.body.job_id}`).auth(account.liveKey, bearer).expect(200)).body;
      if (job.status === 'failed' || job.status === 'complete') break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(job).toMatchObject({ status: 'failed', error: 'RENDER_TIMEOUT', message: expect.stringMatching(/5 s|time/i) });
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(0);
  }, 120_000);
});
