import { planRoute, type PlanRouteInput } from './plan-route';
import { NoRoadRouter } from './road/no-road-router';
import type { LngLat, Transport } from './route-plan';
import { RoutingError } from './routing.errors';
import { RoutingThread } from './routing-thread';

const ship = (label: string, [lng, lat]: LngLat) => ({ lat, lng, label, transport: 'ship' as Transport });
const ROTTERDAM = ship('Rotterdam', [4.48, 51.92]);
const SINGAPORE = ship('Singapore', [103.85, 1.29]);
const SHANGHAI = ship('Shanghai', [121.47, 31.23]);
const SANTOS = ship('Santos', [-46.33, -23.96]);
const DENVER = ship('Denver', [-104.99, 39.74]);

const route = (...waypoints: ReturnType<typeof ship>[]): PlanRouteInput => ({ waypoints, transport: 'ship', route: { avoid: [] } });
/** Many sea legs, round the world and back: hundreds of milliseconds of routing. */
const LONG = route(...Array.from({ length: 6 }, () => [ROTTERDAM, SINGAPORE, SHANGHAI, SANTOS]).flat());

describe('RoutingThread', () => {
  let thread: RoutingThread;
  beforeAll(() => {
    thread = new RoutingThread({});
    thread.start();
  });
  afterAll(() => thread.stop());

  it('plans a sea route on its thread, as it is planned inline', async () => {
    const input = route(ROTTERDAM, SINGAPORE, SHANGHAI);
    const onThread = await thread.plan(input, { budgetMs: null });
    expect(onThread).toEqual(await planRoute(input, { roadRouter: new NoRoadRouter() }));
    expect(onThread.legs.map((leg) => leg.mode)).toEqual(['sea', 'sea']);
  }, 60_000);

  it('answers a leg it cannot route with the RoutingError a job fails with', async () => {
    const failed = thread.plan(route(ROTTERDAM, DENVER), { budgetMs: null });
    await expect(failed).rejects.toBeInstanceOf(RoutingError);
    await expect(failed).rejects.toMatchObject({
      code: 'MARITIME_ROUTE_ERROR',
      message: expect.stringMatching(/^Leg 1 \(Rotterdam → Denver\): Denver is [\d,]+ km from navigable water$/),
    });
  }, 60_000);

  it('refuses a route past its budget with ROUTE_TOO_COMPLEX; the thread stops it at its next leg and routes the next', async () => {
    const started = thread.threadsStarted;
    await expect(thread.plan(LONG, { budgetMs: 1 })).rejects.toMatchObject({ code: 'ROUTE_TOO_COMPLEX' });
    await expect(thread.plan(route(ROTTERDAM, SINGAPORE), { budgetMs: null })).resolves.toMatchObject({ legs: [{ mode: 'sea' }] });
    expect(thread.threadsStarted).toBe(started); // it stopped by itself: no thread ended
  }, 60_000);

  it('ends a thread that does not stop past the budget and routes what waits on a fresh one', async () => {
    const started = thread.threadsStarted;
    // The held thread waits as a long computation would: it cannot stop at a leg, nor read a message.
    const release = thread.holdRoutes();
    try {
      const heldStarted = thread.routeStarted();
      const over = thread.plan(route(ROTTERDAM, SINGAPORE), { budgetMs: 20 });
      await heldStarted;
      const nextStarted = thread.routeStarted();
      const waiting = thread.plan(route(SINGAPORE, SHANGHAI), { budgetMs: null });
      await expect(over).rejects.toMatchObject({ code: 'ROUTE_TOO_COMPLEX' });
      await nextStarted; // taken up by the thread that replaced the held one
      expect(thread.threadsStarted).toBe(started + 1);
      release();
      await expect(waiting).resolves.toMatchObject({ legs: [{ from: 'Singapore', to: 'Shanghai', mode: 'sea' }] });
    } finally {
      release();
    }
  }, 60_000);

  it('refuses what waits once stopped', async () => {
    const stopping = new RoutingThread({});
    const release = stopping.holdRoutes();
    const started = stopping.routeStarted();
    const running = expect(stopping.plan(route(ROTTERDAM, SINGAPORE), { budgetMs: null })).rejects.toThrow('Routing has stopped');
    const waiting = expect(stopping.plan(route(SINGAPORE, SHANGHAI), { budgetMs: null })).rejects.toThrow('Routing has stopped');
    await started;
    await stopping.stop();
    release();
    await running;
    await waiting;
    await expect(stopping.plan(route(ROTTERDAM, SINGAPORE), { budgetMs: null })).rejects.toThrow('Routing has stopped');
  }, 60_000);
});
