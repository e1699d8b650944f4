import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMALL_CITY, SyntheticCity, writeSyntheticCityPbf } from '../../../../../test/support/synthetic-osm-pbf';
import type { LngLat } from '../../route-plan';
import { haversineKm } from '../../great-circle';
import { planRoute } from '../../plan-route';
import { createRoadRouter } from '../create-road-router';
import { parseMaxSpeed, wayProfileSpeeds } from '../road-profiles';
import { OsmPbfError, readOsmPbf } from './osm-pbf-reader';
import { PbfRoadRouter } from './pbf-road-router';
import { loadPbfRoadGraph } from './road-graph';
import { loadPbfRoadGraphOffThread } from './road-graph-thread';

const dir = mkdtempSync(join(tmpdir(), 'mapr-pbf-'));
const CITY_FILE = join(dir, 'city.osm.pbf');
const written = writeSyntheticCityPbf(CITY_FILE, SMALL_CITY);
const city = new SyntheticCity(SMALL_CITY);
const { spacingDeg, columns, rows } = SMALL_CITY;
const BLOCK_KM = haversineKm(city.at(4, 1), city.at(4, 2));
const ROW_KM = haversineKm(city.at(4, 1), city.at(5, 1));
const near = (a: number, b: number) => Math.abs(a - b) < 1e-7;
const rowLat = (r: number) => city.at(r, 0)[1];
const columnLng = (c: number) => city.at(0, c)[0];
const MOTORWAY_EAST = rowLat(-2);
const MOTORWAY_WEST = rowLat(-2.3);

/** Where a point of a route lies: on which row or column of the grid, or on which carriageway. */
function onRoad([lng, lat]: LngLat): boolean {
  const onRow = Array.from({ length: rows }, (_, r) => r).some((r) => near(lat, rowLat(r)));
  const onColumn = Array.from({ length: columns }, (_, c) => c).some((c) => near(lng, columnLng(c)));
  return onRow || onColumn || near(lat, MOTORWAY_EAST) || near(lat, MOTORWAY_WEST);
}

/** The latitudes at which a route crosses the river. */
function riverCrossings(coordinates: LngLat[]): number[] {
  const crossings: number[] = [];
  for (let i = 1; i < coordinates.length; i++) {
    const [a, b] = [coordinates[i - 1], coordinates[i]];
    if ((a[0] - city.riverLng) * (b[0] - city.riverLng) < 0) crossings.push(Number(((a[1] + b[1]) / 2).toFixed(7)));
  }
  return crossings;
}

describe('OSM PBF road networks (ROAD_NETWORK_FILE=….osm.pbf)', () => {
  const router = new PbfRoadRouter(CITY_FILE);

  it('reads only what routing needs: the nodes of the drivable ways, not the buildings or the footbridge', () => {
    expect(written.nodes).toBeGreaterThan(800); // 500 of them are buildings' corners
    const graph = loadPbfRoadGraph(CITY_FILE);
    const gridNodes = rows * columns + rows * (columns - 1) * SMALL_CITY.shapePoints + (rows - 1) * columns * SMALL_CITY.shapePoints;
    const riverGaps = rows - SMALL_CITY.bridgeRows.length; // the unbridged gaps' shape points, and the footbridge's, are no road
    expect(graph.size.nodes).toBe(gridNodes - riverGaps * SMALL_CITY.shapePoints + 2 * columns);
    // Junctions only where roads meet or end: the grid's crossings, and on each carriageway its links and its far end;
    // the shape points along blocks and the motorway's other nodes are no vertices.
    const links = Math.ceil(columns / SMALL_CITY.linkEvery);
    expect(graph.size.junctions).toBe(rows * columns + 2 * (links + 1));
    expect(createRoadRouter({ networkFile: CITY_FILE })).toBeInstanceOf(PbfRoadRouter);
  });

  it('reads plain Node messages and node blocks out of id order alike', () => {
    const dense = loadPbfRoadGraph(CITY_FILE);
    const other = join(dir, 'plain-reversed.osm.pbf');
    writeSyntheticCityPbf(other, SMALL_CITY, { plainNodes: true, reverseNodeBlocks: true, nodesPerBlock: 100 });
    const plain = loadPbfRoadGraph(other);
    expect(plain.size).toEqual(dense.size);
    const from = city.at(4.2, 1);
    const to = city.at(4, 9.5);
    const route = (graph: typeof dense) => graph.route(graph.snap(from, 'car', 2)!, graph.snap(to, 'car', 2)!, 'car');
    expect(route(plain)).toEqual(route(dense));
  });

  it('splits a way where the extract lacks its nodes (cut at its border), and routes round the gap', async () => {
    const cut = join(dir, 'cut.osm.pbf');
    const missing = city.horizontal(4, 8, 0); // the shape point between junctions (4, 8) and (4, 9)
    writeSyntheticCityPbf(cut, SMALL_CITY, { omitNode: (id) => id === missing });
    const whole = await new PbfRoadRouter(CITY_FILE).route(city.at(4, 8), city.at(4, 9), 'car');
    expect(whole.distance_km).toBeCloseTo(BLOCK_KM, 4);
    const gap = await new PbfRoadRouter(cut).route(city.at(4, 8), city.at(4, 9), 'car');
    expect(gap.distance_km).toBeGreaterThanOrEqual(BLOCK_KM + 2 * ROW_KM - 1e-4);
  });

  it('drives a truck across the river on a bridge, along the streets, joined exactly to the waypoints', async () => {
    const from = city.at(4.2, 1); // on column 1, between rows
    const to = city.at(4, 9.5); // on row 4, between columns
    const route = await router.route(from, to, 'truck');
    expect(route.coordinates[0]).toEqual(from);
    expect(route.coordinates[route.coordinates.length - 1]).toEqual(to);
    for (const point of route.coordinates) expect(onRoad(point)).toBe(true);
    // Once, on the street bridge or the motorway's; never over the footbridge or through the water.
    const crossings = riverCrossings(route.coordinates);
    expect(crossings).toHaveLength(1);
    expect([rowLat(7), MOTORWAY_EAST].map((lat) => Number(lat.toFixed(7)))).toContain(crossings[0]);
    expect(route.distance_km).toBeGreaterThan(haversineKm(from, to));
  });

  it('takes the motorway, east- or westbound as drawn, when it is faster than the streets', async () => {
    const eastbound = await router.route(city.at(0, 0), city.at(0, 11), 'car');
    expect(eastbound.coordinates.some(([, lat]) => near(lat, MOTORWAY_EAST))).toBe(true);
    expect(eastbound.coordinates.some(([, lat]) => near(lat, MOTORWAY_WEST))).toBe(false);
    const westbound = await router.route(city.at(0, 11), city.at(0, 0), 'car');
    expect(westbound.coordinates.some(([, lat]) => near(lat, MOTORWAY_WEST))).toBe(true);
    expect(westbound.coordinates.some(([, lat]) => near(lat, MOTORWAY_EAST))).toBe(false);
  });

  it('drives the one-way row eastwards only', async () => {
    const west = city.at(5, 1);
    const east = city.at(5, 4);
    const eastbound = await router.route(west, east, 'car');
    expect(eastbound.distance_km).toBeCloseTo(3 * BLOCK_KM, 4);
    const westbound = await router.route(east, west, 'car');
    expect(westbound.distance_km).toBeGreaterThanOrEqual(3 * BLOCK_KM + 2 * ROW_KM - 1e-4); // off the row and back
    // Never westwards along row 5.
    const c = westbound.coordinates;
    for (let i = 1; i < c.length; i++) {
      if (near(c[i][1], rowLat(5)) && near(c[i - 1][1], rowLat(5))) expect(c[i][0]).toBeGreaterThanOrEqual(c[i - 1][0]);
    }
  });

  it('keeps a truck off a street closed to lorries, which a car takes', async () => {
    const from = city.at(2, 0);
    const to = city.at(2, 4);
    const car = await router.route(from, to, 'car');
    expect(car.distance_km).toBeCloseTo(4 * BLOCK_KM, 4);
    const truck = await router.route(from, to, 'truck');
    expect(truck.distance_km).toBeGreaterThanOrEqual(4 * BLOCK_KM + 2 * ROW_KM - 1e-4);
    const c = truck.coordinates;
    // No stretch along row 2 (the waypoints' own junctions lie on it).
    for (let i = 1; i < c.length; i++) {
      const alongRow2 = near(c[i][1], rowLat(2)) && near(c[i - 1][1], rowLat(2)) && haversineKm(c[i - 1], c[i]) > 0.001;
      expect(alongRow2).toBe(false);
    }
  });

  it('answers ROAD_ROUTE_ERROR naming the waypoint that is farther than the snap limit from any road', async () => {
    const sea: LngLat = [city.at(0, 0)[0], city.at(-40, 0)[1]]; // 8.4 km south of the motorway
    await expect(router.route(city.at(3, 3), sea, 'truck')).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: expect.stringMatching(/^no road network covers 41\.06°N 8\.64°W \(nearest road a truck may drive 8\.4 km away\)$/),
    });
    const plan = planRoute(
      {
        waypoints: [
          { ...lngLat(city.at(3, 3)), label: 'Depot', transport: 'truck' },
          { ...lngLat(sea), label: 'Quay', transport: 'truck' },
        ],
        transport: 'truck',
        route: { avoid: [] },
      },
      { roadRouter: router },
    );
    await expect(plan).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: expect.stringMatching(/^Leg 1 \(Depot → Quay\): no road network covers Quay \(41\.06°N 8\.64°W\) \(nearest road/),
    });
    // Within the limit, the waypoint is joined to the nearest street.
    const offRoad: LngLat = [columnLng(columns - 1) + 0.005, rowLat(3)]; // 420 m east of the city's last street
    const close = await router.route(city.at(3, 3), offRoad, 'car');
    const [lng, lat] = close.coordinates[close.coordinates.length - 2];
    expect([lng, lat].map((x) => x.toFixed(6))).toEqual(city.at(3, columns - 1).map((x) => x.toFixed(6)));
    expect(close.coordinates[close.coordinates.length - 1]).toEqual(offRoad);
  });

  it('refuses a file that is not an OSM PBF extract without naming it, and reads it again once corrected', async () => {
    const bad = join(dir, 'bad.osm.pbf');
    for (const content of [Buffer.alloc(0), Buffer.from('<osm version="0.6"></osm>'), readFileSync(CITY_FILE).subarray(0, 300)]) {
      writeFileSync(bad, content);
      await expect(new PbfRoadRouter(bad).route(city.at(0, 0), city.at(1, 1))).rejects.toMatchObject({
        code: 'ROAD_ROUTE_ERROR',
        message: 'the road network could not be loaded',
      });
    }
    expect(() => readOsmPbf(bad, {})).toThrow(OsmPbfError);
    const router = new PbfRoadRouter(bad);
    await expect(router.route(city.at(0, 0), city.at(1, 1))).rejects.toMatchObject({ code: 'ROAD_ROUTE_ERROR' });
    writeFileSync(bad, readFileSync(CITY_FILE));
    expect((await router.route(city.at(0, 0), city.at(1, 0))).distance_km).toBeCloseTo(ROW_KM, 4);
  });

  it('reads the file on a thread of its own and gets back the very graph a read here makes', async () => {
    const here = loadPbfRoadGraph(CITY_FILE).parts();
    const posted = (await loadPbfRoadGraphOffThread(CITY_FILE)).parts();
    // Typed arrays made on another thread belong to Node's own realm, not to this test's sandbox: compared by kind
    // and values (the kind survives: they were transferred, not turned into plain objects).
    const byValue = (value: unknown): unknown =>
      ArrayBuffer.isView(value)
        ? { kind: value.constructor.name, values: Array.from(value as unknown as ArrayLike<number>) }
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, byValue(inner)]))
          : value;
    expect(byValue(posted)).toEqual(byValue(here));
    expect((byValue(posted) as { lat7: { kind: string } }).lat7.kind).toBe('Int32Array');
    // What the reader refuses comes back as its error, with its reason.
    await expect(loadPbfRoadGraphOffThread(join(dir, 'missing.osm.pbf'))).rejects.toThrow(/ENOENT|no such file/);
  });

  it('gives each road class its speed per profile, and honours access tags and maxspeed', () => {
    expect(wayProfileSpeeds({ highway: 'motorway' })).toEqual({ car: 110, truck: 85 });
    expect(wayProfileSpeeds({ highway: 'residential', hgv: 'no' })).toEqual({ car: 30, truck: 0 });
    expect(wayProfileSpeeds({ highway: 'track' })).toEqual({ car: 10, truck: 0 });
    expect(wayProfileSpeeds({ highway: 'service', access: 'private' })).toEqual({ car: 0, truck: 0 });
    expect(wayProfileSpeeds({ highway: 'footway' })).toEqual({ car: 0, truck: 0 });
    expect(wayProfileSpeeds({ highway: 'primary', maxspeed: '50' })).toEqual({ car: 50, truck: 50 });
    expect(wayProfileSpeeds({ highway: 'primary', maxspeed: '100' })).toEqual({ car: 100, truck: 60 });
    expect(parseMaxSpeed('30 mph')).toBeCloseTo(48.28, 2);
    expect(parseMaxSpeed('PT:urban')).toBeUndefined();
    expect(spacingDeg).toBeGreaterThan(0);
  });
});

function lngLat([lng, lat]: LngLat): { lng: number; lat: number } {
  return { lng, lat };
}
