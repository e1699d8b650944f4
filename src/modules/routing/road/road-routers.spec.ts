import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LngLat } from '../route-plan';
import { RoutingError } from '../routing.errors';
import { haversineKm, pathLengthKm } from '../great-circle';
import { createRoadRouter } from './create-road-router';
import { FileRoadRouter } from './file-road-router';
import { NoRoadRouter } from './no-road-router';
import { OsrmRoadRouter } from './osrm-road-router';
import { directionFromTags } from './road-network-file';
import type { RoadRouter } from './road-router';

const FIXTURES = join(__dirname, '../../../../test/fixtures/roads');
const COLUMN_KM = haversineKm([4.47, 51.92], [4.475, 51.92]);
const ROW_KM = haversineKm([4.47, 51.915], [4.47, 51.92]);

describe.each(['grid.geojson', 'grid.osm'])('FileRoadRouter over %s', (file) => {
  const router = new FileRoadRouter(join(FIXTURES, file));

  it('follows the streets corner to corner and ignores the footpath shortcut', async () => {
    const from: LngLat = [4.47, 51.915];
    const to: LngLat = [4.485, 51.93];
    const route = await router.route(from, to);
    expect(route.distance_km).toBeCloseTo(3 * COLUMN_KM + 3 * ROW_KM, 2);
    expect(route.distance_km).toBeGreaterThan(haversineKm(from, to) * 1.3); // not the 2.0 km diagonal
    expect(route.coordinates[0]).toEqual(from);
    expect(route.coordinates[route.coordinates.length - 1]).toEqual(to);
    expect(pathLengthKm(route.coordinates)).toBeCloseTo(route.distance_km, 6);
    // Every point lies on a street of the grid.
    for (const [lng, lat] of route.coordinates) {
      const onColumn = [4.47, 4.475, 4.48, 4.485].some((x) => Math.abs(lng - x) < 1e-9);
      const onRow = [51.915, 51.92, 51.925, 51.93].some((y) => Math.abs(lat - y) < 1e-9);
      expect(onColumn || onRow).toBe(true);
    }
  });

  it('joins off-street waypoints to the nearest point of a street and counts the way there', async () => {
    const from: LngLat = [4.4725, 51.9153]; // 33 m north of row 1, between columns
    const to: LngLat = [4.4725, 51.9197]; // 33 m south of row 2
    const route = await router.route(from, to);
    expect(route.coordinates[0]).toEqual(from);
    expect(route.coordinates[1][1]).toBeCloseTo(51.915, 9);
    expect(route.distance_km).toBeCloseTo(pathLengthKm(route.coordinates), 6);
    expect(route.distance_km).toBeCloseTo(0.0333 * 2 + COLUMN_KM + ROW_KM, 2); // out to a column and back
  });

  it('drives the one-way row eastwards only', async () => {
    const west: LngLat = [4.4705, 51.93];
    const east: LngLat = [4.4845, 51.93];
    const eastbound = await router.route(west, east);
    const westbound = await router.route(east, west);
    expect(eastbound.distance_km).toBeCloseTo(haversineKm(west, east), 6);
    expect(westbound.distance_km).toBeGreaterThan(eastbound.distance_km + 2 * ROW_KM - 0.01); // down to row 3 and back up
  });

  it('fails with ROAD_ROUTE_ERROR when no road connects the points', async () => {
    await expect(router.route([4.475, 51.92], [4.5225, 51.915])).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: 'no road connects 51.92°N 4.47°E and 51.91°N 4.52°E',
    });
  });

  it('fails with ROAD_ROUTE_ERROR when no road is near a point', async () => {
    const failure = (await router.route([4.475, 51.92], [4.6, 52.0]).catch((error: unknown) => error)) as RoutingError;
    expect(failure).toBeInstanceOf(RoutingError);
    expect(failure.code).toBe('ROAD_ROUTE_ERROR');
    const match = failure.message.match(/^no road network covers 52\.00°N 4\.60°E \(nearest road ([\d.]+) km away\)$/);
    expect(Number(match?.[1])).toBeCloseTo(haversineKm([4.6, 52.0], [4.525, 51.92]), 0); // the island ring is nearest
  });
});

describe('FileRoadRouter with OSM specifics', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mapr-roads-'));
  const write = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, body);
    return path;
  };

  it('skips the railway shortcut in the OSM fixture', async () => {
    const router = new FileRoadRouter(join(FIXTURES, 'grid.osm'));
    const route = await router.route([4.47, 51.93], [4.485, 51.915]);
    expect(route.distance_km).toBeCloseTo(3 * COLUMN_KM + 3 * ROW_KM, 2);
  });

  it('keeps a bridge apart from the road under it and honours oneway=-1', async () => {
    // A north-south bridge crosses an east-west street at the same position, with its own node.
    const path = write(
      'bridge.osm',
      `<osm>
        <node id="1" lat="0" lon="0"/><node id="2" lat="0" lon="0.01"/><node id="3" lat="0" lon="0.02"/>
        <node id="4" lat="-0.01" lon="0.01"/><node id="5" lat="0" lon="0.01"/><node id="6" lat="0.01" lon="0.01"/>
        <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/><tag k="oneway" v="-1"/></way>
        <way id="11"><nd ref="4"/><nd ref="5"/><nd ref="6"/><tag k="highway" v="primary"/><tag k="bridge" v="yes"/></way>
      </osm>`,
    );
    const router = new FileRoadRouter(path);
    await expect(router.route([0, 0], [0.01, 0.01])).rejects.toMatchObject({ code: 'ROAD_ROUTE_ERROR' });
    expect((await router.route([0.02, 0], [0, 0])).distance_km).toBeCloseTo(haversineKm([0.02, 0], [0, 0]), 6);
    await expect(router.route([0, 0], [0.02, 0])).rejects.toMatchObject({ code: 'ROAD_ROUTE_ERROR' });
  });

  it('reports an unreadable network without leaking the path', async () => {
    for (const file of [join(dir, 'missing.osm'), write('broken.geojson', '{ not json'), write('roads.pbf', '')]) {
      await expect(new FileRoadRouter(file).route([0, 0], [1, 1])).rejects.toMatchObject({
        code: 'ROAD_ROUTE_ERROR',
        message: 'the road network could not be loaded',
      });
    }
  });

  it('reads one-way rules from tags', () => {
    expect(directionFromTags({ oneway: 'yes' })).toBe('forward');
    expect(directionFromTags({ oneway: '-1' })).toBe('backward');
    expect(directionFromTags({ highway: 'motorway' })).toBe('forward');
    expect(directionFromTags({ highway: 'motorway', oneway: 'no' })).toBe('both');
    expect(directionFromTags({ junction: 'roundabout' })).toBe('forward');
    expect(directionFromTags({ highway: 'residential' })).toBe('both');
  });
});

describe('OsrmRoadRouter against a local HTTP server that answers like OSRM', () => {
  let server: Server;
  let baseUrl: string;
  let handler: (request: IncomingMessage, response: ServerResponse) => void;
  const requests: string[] = [];
  const pendingTimers: NodeJS.Timeout[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      handler(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    pendingTimers.forEach(clearTimeout);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const answer = (status: number, body: unknown) => (_: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const FROM: LngLat = [4.4701, 51.9151];
  const TO: LngLat = [4.4849, 51.9299];
  const LINE: LngLat[] = [
    [4.47, 51.915],
    [4.485, 51.915],
    [4.485, 51.93],
  ];
  const ok = (waypointMetres = 12) => ({
    code: 'Ok',
    routes: [{ distance: 2700, duration: 300, geometry: { type: 'LineString', coordinates: LINE } }],
    waypoints: [
      { location: LINE[0], distance: waypointMetres, name: '' },
      { location: LINE[2], distance: 12, name: '' },
    ],
  });

  it('asks for the full GeoJSON route and joins it to the waypoints', async () => {
    handler = answer(200, ok());
    const router = new OsrmRoadRouter(`${baseUrl}/`);
    const route = await router.route(FROM, TO);
    expect(requests[requests.length - 1]).toBe('/route/v1/driving/4.4701,51.9151;4.4849,51.9299?overview=full&geometries=geojson');
    expect(route.coordinates).toEqual([FROM, ...LINE, TO]);
    expect(route.distance_km).toBeCloseTo(2.7 + haversineKm(FROM, LINE[0]) + haversineKm(LINE[2], TO), 9);
  });

  it.each([
    ['NoRoute', 'no road connects 51.92°N 4.47°E and 51.93°N 4.48°E'],
    ['NoSegment', 'no road network covers 51.92°N 4.47°E or 51.93°N 4.48°E'],
    ['InvalidQuery', 'the road router could not route this leg (InvalidQuery)'],
  ])('turns OSRM code %s into ROAD_ROUTE_ERROR', async (code, message) => {
    handler = answer(400, { code, message: 'details from OSRM' });
    await expect(new OsrmRoadRouter(baseUrl).route(FROM, TO)).rejects.toMatchObject({ code: 'ROAD_ROUTE_ERROR', message });
  });

  it('refuses a waypoint that OSRM had to move farther than the snap limit', async () => {
    handler = answer(200, ok(5400));
    await expect(new OsrmRoadRouter(baseUrl).route(FROM, TO)).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: 'no road network covers 51.92°N 4.47°E (nearest road 5.4 km away)',
    });
  });

  it('reports a non-JSON answer', async () => {
    handler = (_, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad gateway</html>');
    };
    await expect(new OsrmRoadRouter(baseUrl).route(FROM, TO)).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: 'the road router answered HTTP 502 without a route',
    });
  });

  it('gives up after the timeout', async () => {
    handler = (request, response) => pendingTimers.push(setTimeout(() => answer(200, ok())(request, response), 10_000));
    const started = Date.now();
    await expect(new OsrmRoadRouter(baseUrl, { timeoutMs: 200 }).route(FROM, TO)).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: 'the road router did not answer within 0.2 s',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a router that cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(new OsrmRoadRouter(`http://127.0.0.1:${port}`).route(FROM, TO)).rejects.toMatchObject({
      code: 'ROAD_ROUTE_ERROR',
      message: 'the road router could not be reached',
    });
  });
});

describe('createRoadRouter', () => {
  it('prefers an OSRM server, falls back to a network file, and has no road router when neither is set', () => {
    const both: RoadRouter = createRoadRouter({ routerUrl: 'http://router:5000', networkFile: '/roads.osm' });
    expect(both).toBeInstanceOf(OsrmRoadRouter);
    expect(createRoadRouter({ networkFile: '/roads.osm' })).toBeInstanceOf(FileRoadRouter);
    expect(createRoadRouter({})).toBeInstanceOf(NoRoadRouter);
    expect(createRoadRouter({ routerUrl: '', networkFile: '' })).toBeInstanceOf(NoRoadRouter);
  });
});
