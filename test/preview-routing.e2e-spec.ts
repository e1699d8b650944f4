/**
 * A preview's sea and road legs are planned off the event loop, within a budget (contract §27; ADR 0036): the API
 * keeps answering while a long route is planned on the routing thread, and a route still running past the budget
 * (PREVIEW_ROUTING_BUDGET_MS) is refused with 422 ROUTE_TOO_COMPLEX. A 25-leg sea route with avoided passages used to
 * hold the API's event loop 3.3 s cold, 0.4–0.8 s warm.
 */
import { RoutingThread } from '../src/modules/routing/testing';
import { createAccount, renderBody, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const port = (label: string, lat: number, lng: number) => ({ lat, lng, label });
/** Six ports round the world, twice over: ten sea legs, each a search over the sea lanes' graph. */
const PORTS = [
  port('Rotterdam', 51.92, 4.48),
  port('Singapore', 1.29, 103.85),
  port('Shanghai', 31.23, 121.47),
  port('Santos', -23.96, -46.33),
  port('Lagos', 6.45, 3.39),
  port('Mumbai', 18.94, 72.84),
];
const SEA_ROUTE = renderBody({ transport: 'ship', route: { avoid: ['suez'] }, waypoints: [...PORTS, ...PORTS] });

describe('Preview routing off the event loop', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
  }, 60_000);
  afterAll(() => t?.close());

  it('answers GET /health/live while a preview’s sea route is being planned', async () => {
    const thread = t.app.get(RoutingThread);
    // The routing thread waits before the route as a long computation would: the route ends when released, not before.
    const release = thread.holdRoutes();
    try {
      const started = thread.routeStarted();
      let answered = false;
      const preview = t.http
        .post('/v1/render/preview')
        .auth(account.liveKey, bearer)
        .send(SEA_ROUTE)
        .then((res) => {
          answered = true;
          return res;
        });
      await started;
      await t.http.get('/health/live').expect(200);
      expect(answered).toBe(false);
      release();
      const res = await preview;
      expect(res.status).toBe(200);
      expect(res.body.route.features.map((f: { properties: { mode: string } }) => f.properties.mode)).toEqual(Array(11).fill('sea'));
    } finally {
      release();
    }
  }, 60_000);
});

describe('Preview routing budget', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await startTestApp({ PREVIEW_ROUTING_BUDGET_MS: '1' });
    account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
  }, 60_000);
  afterAll(() => t?.close());

  it('refuses a preview whose route takes longer to plan than the budget with 422 ROUTE_TOO_COMPLEX', async () => {
    const res = await t.http.post('/v1/render/preview').auth(account.liveKey, bearer).send(SEA_ROUTE).expect(422);
    expect(res.body).toEqual({
      error: 'Route too complex',
      error_code: 'ROUTE_TOO_COMPLEX',
      message:
        'Planning this route took longer than 1 ms, the time a preview may take to route; a route with fewer sea or road legs, ' +
        'or fewer avoided passages, plans faster.',
      request_id: expect.any(String),
    });
    // Great circles are planned at once, on the API's thread, whatever the budget; the render itself has no budget.
    await t.http.post('/v1/render/preview').auth(account.liveKey, bearer).send(renderBody()).expect(200);
    await t.http.post('/v1/render').auth(account.liveKey, bearer).send(SEA_ROUTE).expect(202);
  }, 60_000);
});
