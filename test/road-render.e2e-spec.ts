/**
 * A render by truck across a city read from an OpenStreetMap PBF extract (ROAD_NETWORK_FILE, contract §24): the synthetic
 * city of test/support/synthetic-osm-pbf.ts (a street grid, a river with two bridges, one-way streets, a motorway). The
 * job completes, and its route follows the streets: one-way rows driven their way only, the river crossed on a bridge.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RENDERER } from '../src/modules/rendering/testing';
import { FakeRenderer } from './support/fake-renderer';
import { SMALL_CITY, SyntheticCity, writeSyntheticCityPbf } from './support/synthetic-osm-pbf';
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
type LngLat = [number, number];

const city = new SyntheticCity(SMALL_CITY);
const near = (a: number, b: number) => Math.abs(a - b) < 1e-6;
const rowLat = (r: number) => city.at(r, 0)[1];
const ROWS = Array.from({ length: SMALL_CITY.rows }, (_, r) => rowLat(r));
const COLUMNS = Array.from({ length: SMALL_CITY.columns }, (_, c) => city.at(0, c)[0]);
const CARRIAGEWAYS = [rowLat(-2), rowLat(-2.3)];
const waypoint = ([lng, lat]: LngLat, label: string) => ({ lng, lat, label });

describe('A truck render over an OSM PBF road network', () => {
  let t: TestApp;
  let account: TestAccount;

  beforeAll(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mapr-roads-e2e-')), 'city.osm.pbf');
    writeSyntheticCityPbf(file, SMALL_CITY);
    t = await startTestApp(
      { MAPR_ROLE: 'all', ROAD_NETWORK_FILE: file },
      { overrides: [{ provide: RENDERER, useValue: new FakeRenderer({ msPerFrame: 5 }) }] },
    );
    account = await createAccount(t, { tier: 'creator' });
  }, 60_000);
  afterAll(() => t?.close());

  it('completes, its route on the streets: the one-way row not driven westwards, the river crossed on a bridge', async () => {
    const body = {
      transport: 'truck',
      duration: 3,
      fps: 24,
      aspect_ratio: '1:1',
      waypoints: [
        waypoint(city.at(5, 10), 'Market'), // on the one-way (eastbound) row 5, east bank
        waypoint(city.at(5, 7), 'Depot'), // west of it on the same row
        waypoint(city.at(4.5, 1), 'Warehouse'), // on column 1, across the river
      ],
    };
    const created = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body).expect(202);
    // Held reads (wait=) answer when the job's status changes: one request per change, however slow the machine, where
    // polling five times a second ran into the plan's rate limit on a busy one.
    const deadline = Date.now() + 80_000;
    let job: Record<string, unknown>;
    for (;;) {
      job = (await t.http.get(`/v1/render/${created.body.job_id}?wait=20`).auth(account.liveKey, bearer).expect(200)).body;
      if (['complete', 'failed', 'cancelled'].includes(job.status as string) || Date.now() > deadline) break;
    }
    expect(job).toMatchObject({ status: 'complete' });

    const route = (await t.http.get(`/v1/render/${created.body.job_id}/route`).auth(account.liveKey, bearer).expect(200)).body;
    expect(route.features.map((f: { properties: Record<string, unknown> }) => [f.properties.transport, f.properties.mode])).toEqual([
      ['truck', 'road'],
      ['truck', 'road'],
    ]);
    const [first, second] = route.features.map((f: { geometry: { coordinates: LngLat[] } }) => f.geometry.coordinates);
    for (const [lng, lat] of [...first, ...second]) {
      const onStreet = ROWS.some((y) => near(lat, y)) || COLUMNS.some((x) => near(lng, x)) || CARRIAGEWAYS.some((y) => near(lat, y));
      expect(onStreet).toBe(true);
    }
    // Leg 1 goes west from Market to Depot, but never westwards along row 5: round by another row.
    expect(route.features[0].properties.distance_km).toBeGreaterThan(0.6);
    for (let i = 1; i < first.length; i++) {
      if (near(first[i][1], rowLat(5)) && near(first[i - 1][1], rowLat(5)))
        expect(first[i][0]).toBeGreaterThanOrEqual(first[i - 1][0] - 1e-9);
    }
    // Leg 2 crosses the river once, on the street bridge (row 7) or the motorway's.
    const crossings: number[] = [];
    for (let i = 1; i < second.length; i++) {
      const [a, b] = [second[i - 1], second[i]];
      if ((a[0] - city.riverLng) * (b[0] - city.riverLng) < 0) crossings.push(a[1]);
    }
    expect(crossings).toHaveLength(1);
    expect([rowLat(7), ...CARRIAGEWAYS].some((lat) => near(crossings[0], lat))).toBe(true);
  }, 90_000);
});
