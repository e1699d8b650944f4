import { join } from 'node:path';
import type { LngLat, RouteWaypoint, Transport } from './route-plan';
import { haversineKm } from './great-circle';
import {
  FanOutRoutes,
  MAX_POINTS_PER_LEG,
  planRoute,
  PlanRouteInput,
  refuseRoadLegsWithoutRouter,
  roadLegNames,
  waypointName,
} from './plan-route';
import { FileRoadRouter } from './road/file-road-router';
import { NoRoadRouter } from './road/no-road-router';
import type { RoadRouter } from './road/road-router';

const FIXTURE_ROADS = join(__dirname, '../../../test/fixtures/roads/grid.geojson');

function waypoint(lng: number, lat: number, transport: Transport, extra: Partial<RouteWaypoint> = {}): RouteWaypoint {
  return { lng, lat, transport, ...extra };
}

const LISBON = (t: Transport) => waypoint(-9.13333, 38.71667, t, { place: 'Lisbon' });
const ROTTERDAM = (t: Transport) => waypoint(4.47917, 51.9225, t, { label: 'Rotterdam' });
const SINGAPORE = (t: Transport) => waypoint(103.85007, 1.28967, t, { label: 'Singapore' });
const DENVER = (t: Transport) => waypoint(-104.9847, 39.73915, t, { label: 'Denver' });
const TOKYO = (t: Transport) => waypoint(139.69171, 35.6895, t, { label: 'Tokyo' });
const SAN_FRANCISCO = (t: Transport) => waypoint(-122.4194, 37.7749, t, { label: 'San Francisco' });
const NEW_YORK = (t: Transport) => waypoint(-74.00597, 40.71427, t, { label: 'New York' });

const plan = (waypoints: RouteWaypoint[], route: PlanRouteInput['route'] = { avoid: [] }, roadRouter: RoadRouter = new NoRoadRouter()) =>
  planRoute({ waypoints, transport: waypoints[0].transport, route }, { roadRouter });

function expectOneContinuousLine(legs: { coordinates: LngLat[] }[]): void {
  for (let i = 0; i < legs.length; i++) {
    const c = legs[i].coordinates;
    for (let k = 1; k < c.length; k++) expect(Math.abs(c[k][0] - c[k - 1][0])).toBeLessThan(10);
    if (i > 0) expect(c[0]).toEqual(legs[i - 1].coordinates[legs[i - 1].coordinates.length - 1]);
  }
}

describe('planRoute', () => {
  it('flies plane legs along great circles and adds up the distances', async () => {
    const result = await plan([LISBON('plane'), ROTTERDAM('plane'), SINGAPORE('plane')]);
    expect(result.legs.map((l) => [l.leg, l.from, l.to, l.transport, l.mode])).toEqual([
      [0, 'Lisbon', 'Rotterdam', 'plane', 'great-circle'],
      [1, 'Rotterdam', 'Singapore', 'plane', 'great-circle'],
    ]);
    const direct = haversineKm([-9.13333, 38.71667], [4.47917, 51.9225]);
    expect(result.legs[0].distance_km).toBe(Math.round(direct * 10) / 10);
    expect(result.distance_km).toBeCloseTo(result.legs[0].distance_km + result.legs[1].distance_km, 9);
    expect(result.legs[1].coordinates.length).toBeGreaterThan(100); // densified: smooth on a map
    expect(result.legs[0].coordinates[0]).toEqual([-9.13333, 38.71667]);
    expectOneContinuousLine(result.legs);
  });

  it('routes each leg by the transport of the waypoint it leaves', async () => {
    const result = await plan([ROTTERDAM('ship'), SINGAPORE('plane'), TOKYO('plane')]);
    expect(result.legs.map((l) => [l.transport, l.mode])).toEqual([
      ['ship', 'sea'],
      ['plane', 'great-circle'],
    ]);
    // By sea via Suez is far longer than the great circle would be.
    expect(result.legs[0].distance_km).toBeGreaterThan(15_000);
    expectOneContinuousLine(result.legs);
  });

  it('lets route.mode override every leg', async () => {
    const result = await plan([ROTTERDAM('ship'), SINGAPORE('ship')], { mode: 'manual', avoid: [] });
    expect(result.legs[0].mode).toBe('great-circle');
    expect(result.legs[0].distance_km).toBeLessThan(11_000);
  });

  it('passes avoided chokepoints to sea legs', async () => {
    const viaSuez = await plan([ROTTERDAM('ship'), SINGAPORE('ship')]);
    const viaCape = await plan([ROTTERDAM('ship'), SINGAPORE('ship')], { avoid: ['suez'] });
    expect(viaCape.distance_km).toBeGreaterThan(viaSuez.distance_km * 1.3);
  });

  it('keeps longitudes continuous across the Pacific and from leg to leg', async () => {
    const result = await plan([TOKYO('plane'), SAN_FRANCISCO('plane'), NEW_YORK('plane')]);
    const [first, second] = result.legs;
    expect(first.coordinates[first.coordinates.length - 1][0]).toBeCloseTo(-122.4194 + 360, 9);
    expect(second.coordinates[0][0]).toBeCloseTo(-122.4194 + 360, 9); // continues at 237.6, not -122.4
    expect(second.coordinates[second.coordinates.length - 1][0]).toBeCloseTo(-74.00597 + 360, 9);
    expectOneContinuousLine(result.legs);
  });

  it('names the failing leg and waypoint when a sea leg cannot be routed', async () => {
    await expect(plan([LISBON('plane'), ROTTERDAM('ship'), DENVER('plane')])).rejects.toMatchObject({
      code: 'MARITIME_ROUTE_ERROR',
      message: expect.stringMatching(/^Leg 2 \(Rotterdam → Denver\): Denver is [\d,]+ km from navigable water$/),
    });
  });

  it('fails road legs when no road router is configured', async () => {
    await expect(plan([waypoint(4.47, 51.915, 'car'), waypoint(4.485, 51.93, 'car')])).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message:
        'Leg 1 (51.91°N 4.47°E → 51.93°N 4.49°E): no road router is configured ' +
        '(set ROAD_NETWORK_FILE to an OpenStreetMap extract (.osm.pbf), an OSM XML or a GeoJSON road network file, ' +
        'or ROAD_ROUTER_URL to an OSRM server)',
    });
  });

  it('names the road legs, so intake can refuse them at once when no road router is configured', () => {
    const input = (waypoints: RouteWaypoint[], route: PlanRouteInput['route'] = { avoid: [] }): PlanRouteInput => ({
      waypoints,
      transport: waypoints[0].transport,
      route,
    });
    const trip = input([LISBON('plane'), ROTTERDAM('truck'), ROTTERDAM('car'), DENVER('car'), TOKYO('car')]);
    // The repeated Rotterdam goes nowhere: no road leg.
    expect(roadLegNames(trip)).toEqual(['Leg 3 (Rotterdam → Denver)', 'Leg 4 (Denver → Tokyo)']);
    expect(roadLegNames(input([LISBON('car'), ROTTERDAM('car')], { mode: 'manual', avoid: [] }))).toEqual([]);
    expect(roadLegNames(input([LISBON('plane'), ROTTERDAM('plane')], { mode: 'road', avoid: [] }))).toEqual(['Leg 1 (Lisbon → Rotterdam)']);
    const fanOut = {
      waypoints: [],
      transport: 'plane' as const,
      route: { avoid: [] },
      multi_route: { origin: LISBON('plane'), routes: [DENVER('plane'), TOKYO('truck')] },
    };
    expect(roadLegNames(fanOut)).toEqual(['routes[1] (Tokyo)']);

    expect(() => refuseRoadLegsWithoutRouter(trip, { roadRouter: new NoRoadRouter() })).toThrow(
      expect.objectContaining({
        code: 'ROAD_ROUTE_ERROR',
        message: expect.stringMatching(/^Leg 3 \(Rotterdam → Denver\): no road router is configured/),
      }),
    );
    expect(() =>
      refuseRoadLegsWithoutRouter(input([LISBON('plane'), ROTTERDAM('ship')]), { roadRouter: new NoRoadRouter() }),
    ).not.toThrow();
    expect(() => refuseRoadLegsWithoutRouter(trip, { roadRouter: new FileRoadRouter(FIXTURE_ROADS) })).not.toThrow();
  });

  it('drives car legs over the road router and prefixes its failures with the leg', async () => {
    const roads = new FileRoadRouter(FIXTURE_ROADS);
    const downtown = waypoint(4.47, 51.915, 'car', { label: 'Depot' });
    const uptown = waypoint(4.485, 51.93, 'truck', { label: 'Market' });
    const island = waypoint(4.5225, 51.9175, 'car', { label: 'Island' });
    const result = await plan([downtown, uptown, waypoint(4.47, 51.915, 'car', { label: 'Depot' })], { avoid: [] }, roads);
    expect(result.legs.map((l) => [l.transport, l.mode])).toEqual([
      ['car', 'road'],
      ['truck', 'road'],
    ]);
    expect(result.legs[0].distance_km).toBeGreaterThan(haversineKm([4.47, 51.915], [4.485, 51.93]) * 1.3); // along streets
    expectOneContinuousLine(result.legs);

    await expect(plan([downtown, island], { avoid: [] }, roads)).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: expect.stringMatching(
        /^Leg 1 \(Depot → Island\): no road connects Depot \(51\.91°N 4\.47°E\) and Island \(51\.92°N 4\.52°E\)$/,
      ),
    });
  });

  it('drives truck legs with the truck profile and every other road leg with the car profile', async () => {
    const profiles: (string | undefined)[] = [];
    const recording: RoadRouter = {
      route: async (from, to, profile) => {
        profiles.push(profile);
        return { coordinates: [from, to], distance_km: haversineKm(from, to) };
      },
    };
    const stops = [
      waypoint(4.47, 51.915, 'truck'),
      waypoint(4.48, 51.92, 'car'),
      waypoint(4.49, 51.93, 'plane'),
      waypoint(4.5, 51.94, 'car'),
    ];
    await plan(stops, { avoid: [] }, recording);
    expect(profiles).toEqual(['truck', 'car']);
    await plan(stops, { mode: 'road', avoid: [] }, recording);
    expect(profiles.slice(2)).toEqual(['truck', 'car', 'car']);
  });

  it('thins very long road geometries to the per-leg budget', async () => {
    const dense: RoadRouter = {
      route: async (from, to) => ({
        // A winding road of 30,001 points from `from` to `to`, as OSRM's full overview can be.
        coordinates: Array.from({ length: 30_001 }, (_, i): LngLat => [
          from[0] + ((to[0] - from[0]) * i) / 30_000,
          from[1] + ((to[1] - from[1]) * i) / 30_000 + 0.05 * Math.sin((Math.PI * i) / 1000),
        ]).map((p, i, all) => (i === all.length - 1 ? to : p)),
        distance_km: 123.45,
      }),
    };
    const result = await plan([waypoint(4, 52, 'car'), waypoint(6, 52, 'car')], { avoid: [] }, dense);
    const [leg] = result.legs;
    expect(leg.coordinates.length).toBeLessThanOrEqual(MAX_POINTS_PER_LEG);
    expect(leg.coordinates[0]).toEqual([4, 52]);
    expect(leg.coordinates[leg.coordinates.length - 1]).toEqual([6, 52]);
    expect(leg.distance_km).toBe(123.5);
  });

  it('lets unexpected errors through untouched (they are not routing failures)', async () => {
    const broken: RoadRouter = { route: async () => Promise.reject(new TypeError('bug')) };
    await expect(plan([waypoint(4, 52, 'car'), waypoint(5, 52, 'car')], { avoid: [] }, broken)).rejects.toThrow(TypeError);
  });

  it('treats a repeated waypoint as a zero-length leg in any mode', async () => {
    const result = await plan([ROTTERDAM('ship'), ROTTERDAM('ship')]);
    expect(result.legs[0].distance_km).toBe(0);
    expect(result.legs[0].coordinates).toEqual([
      [4.47917, 51.9225],
      [4.47917, 51.9225],
    ]);
  });

  it('is deterministic', async () => {
    const waypoints = [TOKYO('ship'), SAN_FRANCISCO('plane'), NEW_YORK('plane')];
    expect(await plan(waypoints)).toEqual(await plan(waypoints));
  });
});

describe('planRoute: multi_route fans out from the origin', () => {
  const SHANGHAI = { lat: 31.22222, lng: 121.45806, label: 'Shanghai' };
  const fanOut = (
    routes: FanOutRoutes['routes'],
    route: PlanRouteInput['route'] = { avoid: [] },
    roadRouter: RoadRouter = new NoRoadRouter(),
  ) => planRoute({ waypoints: [], transport: 'ship', route, multi_route: { origin: SHANGHAI, routes } }, { roadRouter });

  it('routes one leg from the origin to each destination by its transport, none chained', async () => {
    const result = await fanOut([ROTTERDAM('ship'), SAN_FRANCISCO('plane'), SINGAPORE('ship')]);
    expect(result.legs.map((l) => [l.leg, l.route, l.from, l.to, l.transport, l.mode])).toEqual([
      [0, 0, 'Shanghai', 'Rotterdam', 'ship', 'sea'],
      [1, 1, 'Shanghai', 'San Francisco', 'plane', 'great-circle'],
      [2, 2, 'Shanghai', 'Singapore', 'ship', 'sea'],
    ]);
    for (const leg of result.legs) {
      // Every route leaves the origin itself, not the previous route's end.
      expect(leg.coordinates[0]).toEqual([121.45806, 31.22222]);
      for (let k = 1; k < leg.coordinates.length; k++) expect(Math.abs(leg.coordinates[k][0] - leg.coordinates[k - 1][0])).toBeLessThan(10);
    }
    // Shanghai → San Francisco crosses the Pacific eastwards: it continues past 180 rather than jumping.
    expect(result.legs[1].coordinates.at(-1)![0]).toBeCloseTo(-122.4194 + 360, 9);
    expect(result.legs[0].distance_km).toBeGreaterThan(15_000); // by sea, through Malacca and Suez
    expect(result.distance_km).toBeCloseTo(
      result.legs.reduce((sum, l) => sum + l.distance_km, 0),
      9,
    );
  });

  it('honours route.mode and avoid for every route', async () => {
    const viaSuez = await fanOut([ROTTERDAM('ship')]);
    const viaCape = await fanOut([ROTTERDAM('ship')], { avoid: ['suez'] });
    expect(viaCape.distance_km).toBeGreaterThan(viaSuez.distance_km * 1.2);
    const manual = await fanOut([ROTTERDAM('ship')], { mode: 'manual', avoid: [] });
    expect(manual.legs[0].mode).toBe('great-circle');
  });

  it('names the route that cannot be routed, with its index and name', async () => {
    await expect(fanOut([ROTTERDAM('ship'), SINGAPORE('ship'), TOKYO('ship'), DENVER('ship')])).rejects.toMatchObject({
      code: 'MARITIME_ROUTE_ERROR',
      message: expect.stringMatching(/^routes\[3\] \(Denver\): Denver is [\d,]+ km from navigable water$/),
    });
    await expect(fanOut([{ ...ROTTERDAM('car'), label: undefined, place: 'Rotterdam' }])).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: expect.stringMatching(/^routes\[0\] \(Rotterdam\): no road router is configured/),
    });
  });
});

describe('planRoute: modes without a route', () => {
  it('gives an empty plan when there are no waypoints and no multi_route', async () => {
    expect(await planRoute({ waypoints: [], transport: 'plane', route: { avoid: [] } }, { roadRouter: new NoRoadRouter() })).toEqual({
      legs: [],
      distance_km: 0,
    });
  });
});

describe('planRoute: the chokepoints a route passes (contract §19)', () => {
  it('finds Gibraltar, Suez, Bab-el-Mandeb and Malacca on Rotterdam → Singapore by sea, in the order sailed', async () => {
    const { passages } = await plan([ROTTERDAM('ship'), SINGAPORE('ship')]);
    expect(passages!.map((p) => p.chokepoint)).toEqual(['gibraltar', 'suez', 'bab-el-mandeb', 'malacca']);
    const suez = passages!.find((p) => p.chokepoint === 'suez')!;
    expect(suez).toMatchObject({ name: 'the Suez Canal', leg: 0 });
    // The canal runs from Port Said (31.3°N) to Suez (30.0°N): the passage sits on it.
    expect(suez.lng).toBeGreaterThan(32.0);
    expect(suez.lng).toBeLessThan(32.7);
    expect(suez.lat).toBeGreaterThan(29.6);
    expect(suez.lat).toBeLessThan(31.3);
    const fractions = passages!.map((p) => p.fraction);
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
  });

  it('passes the Cape, not Suez, when Suez is avoided; a flight passes none', async () => {
    const round = await plan([ROTTERDAM('ship'), SINGAPORE('ship')], { avoid: ['suez'] });
    expect(round.passages!.map((p) => p.chokepoint)).not.toContain('suez');
    expect(round.passages!.map((p) => p.chokepoint)).not.toContain('bab-el-mandeb');
    const flight = await plan([LISBON('plane'), NEW_YORK('plane')]);
    expect(flight.passages).toEqual([]);
  });
});

describe('planRoute: the route avoided, for the reroute story (contract §19)', () => {
  const reroute = (waypoints: RouteWaypoint[], avoid: PlanRouteInput['route']['avoid']) =>
    planRoute({ waypoints, transport: 'ship', route: { avoid }, showAvoidedRoute: true }, { roadRouter: new NoRoadRouter() });

  it('plans the shorter route through Suez beside the one round the Cape, and names both', async () => {
    const plan = await reroute([ROTTERDAM('ship'), SINGAPORE('ship')], ['suez']);
    expect(plan.avoided).toMatchObject({ via: 'the Cape', avoiding: ['the Suez Canal'] });
    expect(plan.distance_km - plan.avoided!.distance_km).toBeGreaterThan(5000);
    expect(plan.avoided!.legs).toHaveLength(1);
  });

  it('plans nothing more when the avoided passage was not on the way, or for another camera', async () => {
    expect((await reroute([ROTTERDAM('ship'), NEW_YORK('ship')], ['panama'])).avoided).toBeUndefined();
    expect((await plan([ROTTERDAM('ship'), SINGAPORE('ship')], { avoid: ['suez'] })).avoided).toBeUndefined();
  });
});

describe('waypointName', () => {
  it('prefers the label, then the place, then formatted coordinates', () => {
    expect(waypointName({ lat: 1, lng: 2, label: 'Home', place: 'Lisbon' })).toBe('Home');
    expect(waypointName({ lat: 1, lng: 2, place: 'Lisbon' })).toBe('Lisbon');
    expect(waypointName({ lat: 51.9225, lng: 4.47917 })).toBe('51.92°N 4.48°E');
    expect(waypointName({ lat: -33.8679, lng: -70.65 })).toBe('33.87°S 70.65°W');
  });
});
