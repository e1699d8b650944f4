import { feature } from 'topojson-client';
import type { Chokepoint, LngLat } from '../route-plan';
import { RoutingError } from '../routing.errors';
import { haversineKm, wrapLng } from '../great-circle';
import { Box, CHOKEPOINT_AREAS, segmentTouchesBox } from './chokepoints';
import { maritimeNetwork } from './maritime-network';
import { routeBySea, SEA_SNAP_LIMIT_KM, SeaRoute } from './sea-router';

const PORTS = {
  Rotterdam: [4.47917, 51.9225],
  Singapore: [103.85007, 1.28967],
  Shanghai: [121.45806, 31.22222],
  'Los Angeles': [-118.24368, 34.05223],
  'New York': [-74.00597, 40.71427],
  'San Francisco': [-122.4194, 37.7749],
  Ulaanbaatar: [106.88324, 47.90771],
  Denver: [-104.9847, 39.73915],
  Constanta: [28.63432, 44.18073],
  Odessa: [30.73262, 46.47747],
  Piraeus: [23.64, 37.94],
  Baku: [49.87, 40.41],
  Aktau: [51.17, 43.65],
  Dubai: [55.3, 25.27],
  Mumbai: [72.88, 19.07],
  Jeddah: [39.17, 21.54],
  Stanley: [-57.85, -51.69],
  Auckland: [174.76, -36.85],
  'Port Klang': [101.39, 3.0],
} satisfies Record<string, LngLat>;
type Port = keyof typeof PORTS;

const sea = (from: Port, to: Port, avoid: Chokepoint[] = []) =>
  routeBySea({ position: PORTS[from], name: from }, { position: PORTS[to], name: to }, avoid);

function seaFailure(from: Port, to: Port, avoid: Chokepoint[] = []): RoutingError {
  try {
    sea(from, to, avoid);
  } catch (error) {
    if (error instanceof RoutingError) return error;
    throw error;
  }
  throw new Error(`expected ${from} → ${to} to fail`);
}

/** Points of the drawn line every ~5 km (straight in lng/lat between the route's points, as a map draws it). */
function samples(route: SeaRoute): { point: LngLat; alongKm: number }[] {
  const out: { point: LngLat; alongKm: number }[] = [];
  let along = 0;
  const c = route.coordinates;
  for (let i = 1; i < c.length; i++) {
    const km = haversineKm(c[i - 1], c[i]);
    const steps = Math.max(1, Math.ceil(km / 5));
    for (let k = 0; k < steps; k++) {
      const t = k / steps;
      out.push({
        point: [wrapLng(c[i - 1][0] + t * (c[i][0] - c[i - 1][0])), c[i - 1][1] + t * (c[i][1] - c[i - 1][1])],
        alongKm: along + t * km,
      });
    }
    along += km;
  }
  return out;
}

const inBox = ([lng, lat]: LngLat, [w, s, e, n]: Box) => lng >= w && lng <= e && lat >= s && lat <= n;
const touchesAny = (route: SeaRoute, boxes: readonly Box[]) =>
  route.coordinates.some((p, i) => i > 0 && boxes.some((box) => segmentTouchesBox(route.coordinates[i - 1], p, box)));

/** Land from world-atlas (Natural Earth 1:50m), as rings with bounding boxes for a quick reject. */
const LAND_RINGS = (() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const topology = require('world-atlas/land-50m.json');
  const land = feature(topology, topology.objects.land) as unknown as GeoJSON.FeatureCollection<GeoJSON.MultiPolygon | GeoJSON.Polygon>;
  const rings: { ring: number[][]; box: Box }[] = [];
  for (const f of land.features) {
    const polygons = f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
    for (const ring of polygons.flat()) {
      const xs = ring.map((p) => p[0]);
      const ys = ring.map((p) => p[1]);
      rings.push({ ring, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] });
    }
  }
  return rings;
})();

function onLand([lng, lat]: LngLat): boolean {
  let inside = false;
  for (const { ring, box } of LAND_RINGS) {
    if (!inBox([lng, lat], box)) continue;
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Distance in km from a point to the nearest coastline. */
function coastDistanceKm([lng, lat]: LngLat): number {
  const kx = 111.2 * Math.cos((lat * Math.PI) / 180);
  let best = Infinity;
  for (const { ring, box } of LAND_RINGS) {
    if (!inBox([lng, lat], [box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2])) continue;
    for (let i = 1; i < ring.length; i++) {
      const [ax, ay] = [(ring[i - 1][0] - lng) * kx, (ring[i - 1][1] - lat) * 111.2];
      const [dx, dy] = [(ring[i][0] - ring[i - 1][0]) * kx, (ring[i][1] - ring[i - 1][1]) * 111.2];
      const length = dx * dx + dy * dy;
      const t = length ? Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length)) : 0;
      best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
    }
  }
  return best;
}

/**
 * The deepest any sampled point of the route goes inland, in km. The network's straight lanes
 * cut a few km across headlands and narrow straits (measured: at most 15 km, in the Strait of
 * Magellan), and a waypoint in a city centre joins its lane over land; a route across a
 * continent, or a line drawn across the map at the antimeridian, goes hundreds of km deep.
 * The two canals are skipped: at 1:50m they are land.
 */
function deepestInlandKm(route: SeaRoute): { networkKm: number; endsKm: number } {
  const canals = [...CHOKEPOINT_AREAS.suez.boxes, ...CHOKEPOINT_AREAS.panama.boxes];
  const result = { networkKm: 0, endsKm: 0 };
  for (const { point, alongKm } of samples(route)) {
    if (canals.some((box) => inBox(point, box)) || !onLand(point)) continue;
    const nearAnEnd = alongKm < 60 || alongKm > route.distanceKm - 60;
    const key = nearAnEnd ? 'endsKm' : 'networkKm';
    result[key] = Math.max(result[key], coastDistanceKm(point));
  }
  return result;
}

function expectAtSea(route: SeaRoute): void {
  const deepest = deepestInlandKm(route);
  expect(deepest.networkKm).toBeLessThan(20);
  expect(deepest.endsKm).toBeLessThan(30);
}

function expectContinuous(route: SeaRoute, from: Port, to: Port): void {
  const c = route.coordinates;
  expect(c[0]).toEqual(PORTS[from]);
  expect(wrapLng(c[c.length - 1][0])).toBeCloseTo(PORTS[to][0], 9);
  expect(c[c.length - 1][1]).toBe(PORTS[to][1]);
  for (let i = 1; i < c.length; i++) {
    expect(Math.abs(c[i][0] - c[i - 1][0])).toBeLessThan(5); // no seams, no jumps across the map
    expect(haversineKm(c[i - 1], c[i])).toBeLessThanOrEqual(SEA_SNAP_LIMIT_KM + 1);
  }
}

describe('sea routing over the maritime network', () => {
  it('has a land check that catches a line across a continent (so the at-sea checks can fail)', () => {
    const overland: SeaRoute = {
      coordinates: [PORTS.Rotterdam, PORTS.Singapore],
      distanceKm: haversineKm(PORTS.Rotterdam, PORTS.Singapore),
    };
    expect(deepestInlandKm(overland).networkKm).toBeGreaterThan(500);
  });

  it('builds the network once and reuses it', () => {
    const network = maritimeNetwork();
    expect(maritimeNetwork()).toBe(network);
    expect(network.graph.nodeCount).toBeGreaterThan(10_000);
  });

  it('routes Rotterdam → Singapore through Suez at a realistic length, at sea', () => {
    const route = sea('Rotterdam', 'Singapore');
    expect(route.distanceKm).toBeGreaterThan(15_000);
    expect(route.distanceKm).toBeLessThan(16_500);
    expect(touchesAny(route, CHOKEPOINT_AREAS.suez.boxes)).toBe(true);
    expectContinuous(route, 'Rotterdam', 'Singapore');
    expectAtSea(route);
  });

  it('avoiding Suez goes round the Cape of Good Hope', () => {
    const viaSuez = sea('Rotterdam', 'Singapore');
    const viaCape = sea('Rotterdam', 'Singapore', ['suez']);
    expect(viaCape.distanceKm).toBeGreaterThan(viaSuez.distanceKm * 1.3);
    expect(Math.min(...viaCape.coordinates.map((p) => p[1]))).toBeLessThan(-30);
    expect(touchesAny(viaCape, CHOKEPOINT_AREAS.suez.boxes)).toBe(false);
    expectAtSea(viaCape);
  });

  it('crosses the Pacific from Shanghai to Los Angeles with continuous longitudes', () => {
    const route = sea('Shanghai', 'Los Angeles');
    expect(route.distanceKm).toBeLessThan(12_500);
    const lngs = route.coordinates.map((p) => p[0]);
    expect(Math.max(...lngs)).toBeGreaterThan(180); // eastwards past the antimeridian, not round the world
    expect(Math.min(...lngs)).toBeGreaterThan(100);
    expectContinuous(route, 'Shanghai', 'Los Angeles');
    expectAtSea(route);
  });

  it('crosses the Atlantic from New York to Rotterdam', () => {
    const route = sea('New York', 'Rotterdam');
    expect(route.distanceKm).toBeGreaterThan(5_800);
    expect(route.distanceKm).toBeLessThan(7_000);
    expectContinuous(route, 'New York', 'Rotterdam');
    expectAtSea(route);
  });

  it('avoiding Panama sends New York → San Francisco round South America', () => {
    const viaPanama = sea('New York', 'San Francisco');
    const roundSouthAmerica = sea('New York', 'San Francisco', ['panama']);
    expect(touchesAny(viaPanama, CHOKEPOINT_AREAS.panama.boxes)).toBe(true);
    expect(touchesAny(roundSouthAmerica, CHOKEPOINT_AREAS.panama.boxes)).toBe(false);
    expect(roundSouthAmerica.distanceKm).toBeGreaterThan(viaPanama.distanceKm * 2);
    expect(Math.min(...roundSouthAmerica.coordinates.map((p) => p[1]))).toBeLessThan(-50);
    expectAtSea(viaPanama);
    expectAtSea(roundSouthAmerica);
  });

  it('refuses an inland city with the distance to navigable water', () => {
    const failure = seaFailure('Ulaanbaatar', 'Denver');
    expect(failure.code).toBe('MARITIME_ROUTE_ERROR');
    const match = failure.message.match(/^Ulaanbaatar is ([\d,]+) km from navigable water$/);
    expect(match).not.toBeNull();
    expect(Number(match![1].replace(/,/g, ''))).toBeGreaterThan(1_000);
  });

  it('refuses a Black Sea port when the Bosporus is avoided, and routes it otherwise', () => {
    const failure = seaFailure('Constanta', 'Rotterdam', ['bosporus']);
    expect(failure.code).toBe('MARITIME_ROUTE_ERROR');
    expect(failure.message).toBe('no sea route from Constanta to Rotterdam avoids the Bosporus');
    expect(touchesAny(sea('Constanta', 'Rotterdam'), CHOKEPOINT_AREAS.bosporus.boxes)).toBe(true);
  });

  it('keeps separate waters apart: the Caspian routes within itself but not to the ocean', () => {
    expect(sea('Baku', 'Aktau').distanceKm).toBeLessThan(1_000);
    expect(seaFailure('Baku', 'Rotterdam').message).toBe('Baku and Rotterdam lie on separate waters with no sea route between them');
  });

  it('says when a port can only be reached through an avoided strait', () => {
    expect(seaFailure('Port Klang', 'Rotterdam', ['malacca']).message).toBe(
      'Port Klang is only reachable through the Strait of Malacca, which the route avoids',
    );
  });

  it('is deterministic', () => {
    expect(sea('Shanghai', 'Los Angeles')).toEqual(sea('Shanghai', 'Los Angeles'));
  });

  // Each chokepoint: a route that uses it, and what avoiding it does.
  const detours: [Chokepoint, Port, Port][] = [
    ['suez', 'Mumbai', 'Piraeus'],
    ['panama', 'New York', 'San Francisco'],
    ['malacca', 'Rotterdam', 'Shanghai'],
    ['gibraltar', 'Rotterdam', 'Piraeus'],
    ['bab-el-mandeb', 'Jeddah', 'Mumbai'],
    ['cape-horn', 'Stanley', 'Auckland'],
  ];
  it.each(detours)('avoiding %s reroutes %s → %s away from it, at sea', (chokepoint, from, to) => {
    const { boxes } = CHOKEPOINT_AREAS[chokepoint];
    const direct = sea(from, to);
    const detour = sea(from, to, [chokepoint]);
    expect(touchesAny(direct, boxes)).toBe(true);
    expect(touchesAny(detour, boxes)).toBe(false);
    expect(detour.distanceKm).toBeGreaterThan(direct.distanceKm);
    expectAtSea(detour);
  });

  it('avoiding Cape Horn takes the Strait of Magellan', () => {
    const route = sea('Stanley', 'Auckland', ['cape-horn']);
    // Crossing 70°W between 52°S and 54.5°S is the strait (Cape Horn is at 67.3°W, 56°S).
    const c = route.coordinates;
    const crossing = c.findIndex((p, i) => i > 0 && (p[0] + 70) * (c[i - 1][0] + 70) <= 0);
    expect(crossing).toBeGreaterThan(0);
    expect(c[crossing][1]).toBeLessThan(-52);
    expect(c[crossing][1]).toBeGreaterThan(-54.5);
  });

  it.each([
    ['hormuz', 'Dubai', 'Mumbai'],
    ['bosporus', 'Odessa', 'Piraeus'],
  ] as [Chokepoint, Port, Port][])('avoiding %s closes the only way out for %s → %s', (chokepoint, from, to) => {
    expect(touchesAny(sea(from, to), CHOKEPOINT_AREAS[chokepoint].boxes)).toBe(true);
    expect(seaFailure(from, to, [chokepoint]).code).toBe('MARITIME_ROUTE_ERROR');
  });

  it('names every avoided passage when none is left', () => {
    expect(seaFailure('Constanta', 'Rotterdam', ['bosporus', 'suez']).message).toBe(
      'no sea route from Constanta to Rotterdam avoids the Bosporus and the Suez Canal',
    );
  });
});
