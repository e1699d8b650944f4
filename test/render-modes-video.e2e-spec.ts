/**
 * Every render mode through the real worker and Remotion renderer, from POST /v1/render to an MP4
 * a player accepts: the file's frames, size and duration are probed, not trusted from the record.
 * Short and small (3 s of 720x720 at 24 fps), so the four renders stay well under a minute each.
 */
import { join } from 'node:path';
import { probeVideo } from '../src/modules/rendering/renderer';
import { createAccount, startTestApp, TestApp, TestAccount } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const small = { duration: 3, fps: 24, aspect_ratio: '1:1' };

async function renderToEnd(t: TestApp, key: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const created = await t.http
    .post('/v1/render')
    .auth(key, bearer)
    .send({ ...small, ...body })
    .expect(202);
  const deadline = Date.now() + 150_000;
  for (;;) {
    const res = await t.http.get(`/v1/render/${created.body.job_id}`).auth(key, bearer).expect(200);
    if (['complete', 'failed', 'cancelled'].includes(res.body.status)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${created.body.job_id} still ${res.body.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Render modes: each mode renders a playable MP4', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '150' });
    account = await createAccount(t, { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 1000 } });
  }, 120_000);
  afterAll(() => t.close());

  async function expectPlayable(job: Record<string, unknown>) {
    expect(job).toMatchObject({ status: 'complete', resolution: '720x720', duration_seconds: 3 });
    const file = join(t.config.storage.driver === 'local' ? t.config.storage.dir : '', 'renders', `${String(job.job_id)}.mp4`);
    const probed = await probeVideo(file);
    expect(probed).toMatchObject({ width: 720, height: 720, codec: 'h264', frames: 72 });
    expect(probed.durationSeconds).toBeCloseTo(3, 1);
    const thumb = await t.http.get(new URL(job.thumbnail_url as string).pathname).expect(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
  }

  it('multi_route: three destinations by ship and plane, one route feature each', async () => {
    const job = await renderToEnd(t, account.liveKey, {
      mode: 'multi_route',
      transport: 'ship',
      multi_route: {
        origin: { place: 'Rotterdam' },
        routes: [
          { place: 'New York', data_label: '9 days' },
          { place: 'Lagos', data_label: '14 days' },
          { place: 'Dubai', transport: 'plane', data_label: '7 h', color: '#ff3b7f' },
        ],
        stagger: 0.2,
      },
      text_overlays: [{ text: 'Weekly sailings', start: 0.5, end: 2.5, position: 'top', style: 'headline' }],
    });
    await expectPlayable(job);
    const route = await t.http
      .get(`/v1/render/${String(job.job_id)}/route`)
      .auth(account.liveKey, bearer)
      .expect(200);
    expect(route.body.features.map((f: { properties: { to: string; mode: string } }) => [f.properties.to, f.properties.mode])).toEqual([
      ['New York City', 'sea'],
      ['Lagos', 'sea'],
      ['Dubai', 'great-circle'],
    ]);
  }, 180_000);

  it('region_focus: Portugal from the continent, with markers', async () => {
    const job = await renderToEnd(t, account.liveKey, {
      mode: 'region_focus',
      region_focus: { region: 'PT', from: 'continent', markers: [{ place: 'Lisbon' }, { place: 'Porto' }] },
    });
    await expectPlayable(job);
  }, 180_000);

  it('country_data: a ranked choropleth with a legend', async () => {
    const job = await renderToEnd(t, account.liveKey, {
      mode: 'country_data',
      style: 'dark',
      country_data: {
        values: [
          { country: 'FR', value: 68 },
          { country: 'Germany', value: 84 },
          { country: 'ESP', value: 48 },
          { country: 'Italy', value: 59 },
          { country: 'Poland', value: 37 },
        ],
        legend: { title: 'Population', unit: 'M' },
      },
    });
    await expectPlayable(job);
  }, 180_000);

  it('route_animation with text overlays, a zoom override and a camera hold', async () => {
    const job = await renderToEnd(t, account.liveKey, {
      waypoints: [{ place: 'Lisbon' }, { place: 'Madrid', camera_zoom_override: 6, camera_hold_seconds: 0.5 }, { place: 'Paris' }],
      camera: { intensity: 'bold' },
      text_overlays: [
        { text: 'Day 1', start: 0.2, end: 1.4, position: 'top-left' },
        { text: 'Three capitals', start: 0.5, end: 2.8, style: 'lower-third' },
      ],
    });
    await expectPlayable(job);
  }, 180_000);
});
