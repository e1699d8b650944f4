/**
 * Road legs with no road router configured (contract §24 and its amendment in §26): POST /v1/render, POST /v1/render/batch,
 * POST /v1/render/preview and its still refuse them at once with 422 ROAD_ROUTE_ERROR, naming the leg and the two settings
 * that enable road legs, instead of accepting a job that spends a render and then fails. No job, batch or quota is used.
 */
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

const LISBON = { lat: 38.7223, lng: -9.1393, label: 'Lisbon' };
const PORTO = { lat: 41.1579, lng: -8.6291, label: 'Porto' };
const MADRID = { lat: 40.4168, lng: -3.7038, label: 'Madrid' };
const byTruck = { waypoints: [LISBON, PORTO, MADRID], transport: 'truck', duration: 5 };
/** The message names the first road leg and both settings. */
const REFUSAL = /^Leg 1 \(Lisbon → Porto\): no road router is configured \(set ROAD_NETWORK_FILE .+\.osm\.pbf.+ or ROAD_ROUTER_URL .+\)$/;

describe('Road legs without a road router are refused at intake', () => {
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    t = await startTestApp();
    account = await createAccount(t, { tier: 'creator' });
  }, 60_000);
  afterAll(() => t?.close());

  async function expectNothingSpent(): Promise<void> {
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer).expect(200)).body.data).toHaveLength(0);
    expect((await t.http.get('/v1/batches').auth(account.liveKey, bearer).expect(200)).body.data).toHaveLength(0);
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200)).body.renders_used).toBe(0);
  }

  it('POST /v1/render: 422 ROAD_ROUTE_ERROR naming the leg and the settings, no job and no quota (a retry with the key is not held to it)', async () => {
    const refused = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'road-intake-1')
      .send(byTruck)
      .expect(422);
    expect(refused.body).toMatchObject({ error_code: 'ROAD_ROUTE_ERROR', message: expect.stringMatching(REFUSAL) });
    expect(refused.body.request_id).toBe(refused.headers['x-request-id']);
    // A leg's own transport counts: only the car leg is a road leg here.
    const mixed = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({ ...byTruck, transport: 'plane', waypoints: [LISBON, { ...PORTO, transport: 'car' }, MADRID] })
      .expect(422);
    expect(mixed.body.message).toMatch(/^Leg 2 \(Porto → Madrid\): no road router is configured/);
    await expectNothingSpent();

    // The same trip by plane goes through under the same key, and takes its render.
    await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .set('Idempotency-Key', 'road-intake-1')
      .send({ ...byTruck, transport: 'plane' })
      .expect(202);
    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(1);
    const [job] = (await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data;
    await t.http.delete(`/v1/render/${job.job_id}`).auth(account.liveKey, bearer).expect(200);
  });

  describe('with a fresh account', () => {
    beforeEach(async () => {
      account = await createAccount(t, { tier: 'creator' });
    });

    it('POST /v1/render/batch: 422 naming the job and its leg; no batch, no job, no quota', async () => {
      const refused = await t.http
        .post('/v1/render/batch')
        .auth(account.liveKey, bearer)
        .send({ jobs: [{ ...byTruck, transport: 'plane' }, byTruck] })
        .expect(422);
      expect(refused.body.error_code).toBe('ROAD_ROUTE_ERROR');
      expect(refused.body.message).toMatch(
        /^jobs\[1\]: Leg 1 \(Lisbon → Porto\): no road router is configured \(set ROAD_NETWORK_FILE .+ ROAD_ROUTER_URL/,
      );
      await expectNothingSpent();
    });

    it('POST /v1/render/preview and its still: the same 422, before any frame; route.mode "road" counts as a road leg', async () => {
      const preview = await t.http.post('/v1/render/preview').auth(account.liveKey, bearer).send(byTruck).expect(422);
      expect(preview.body).toMatchObject({ error_code: 'ROAD_ROUTE_ERROR', message: expect.stringMatching(REFUSAL) });
      const still = await t.http.post('/v1/render/preview/still').auth(account.liveKey, bearer).send(byTruck).expect(422);
      expect(still.headers['content-type']).toMatch(/^application\/json/);
      expect(still.body).toMatchObject({ error_code: 'ROAD_ROUTE_ERROR', message: preview.body.message });
      const forced = await t.http
        .post('/v1/render/preview')
        .auth(account.liveKey, bearer)
        .send({ ...byTruck, transport: 'plane', route: { mode: 'road' } })
        .expect(422);
      expect(forced.body.message).toMatch(REFUSAL);
      await expectNothingSpent();
      // A preview without road legs is answered.
      await t.http
        .post('/v1/render/preview')
        .auth(account.liveKey, bearer)
        .send({ ...byTruck, transport: 'plane' })
        .expect(200);
    });
  });
});
