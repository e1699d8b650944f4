/**
 * Regenerates remotion/fixtures/sample-plans.ts, the sample routes of the studio preview, the
 * golden stills and the render benchmark, as plain data: plane legs are planned by routing
 * itself (its great circle), the other legs are hand-drawn lanes with their measured lengths.
 * The multi_route sample (Shanghai to eight ports) is routed whole by routing's sea network,
 * one leg per destination as a job's plan has it.
 * Run once after changing a sample or routing's geometry, format, look at the golden stills, commit both:
 *   npx ts-node --transpile-only scripts/generate-sample-routes.ts && npx prettier --write remotion/fixtures/sample-plans.ts
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LngLat, NormalizedMultiRouteDestination, NormalizedPoint, NormalizedWaypoint, Transport } from '../src/modules/contract';
import { planRoute, type RoadRouter, type RouteLeg, type RoutePlan } from '../src/modules/routing';

const OUTPUT = join(__dirname, '../remotion/fixtures/sample-plans.ts');

interface SampleStop {
  label: string;
  lat: number;
  lng: number;
  emphasis?: NormalizedWaypoint['emphasis'];
  dwell?: number;
}
/** A plane leg is planned by routing; the others follow a hand-drawn path of a known length. */
type SampleLeg = { transport: 'plane' } | { transport: Exclude<Transport, 'plane'>; path: LngLat[]; distance_km: number };

/** Lisbon ✈ New York ⛴ Rotterdam 🚆 Hamburg 🚗 Copenhagen. */
const ATLANTIC_STOPS: SampleStop[] = [
  { label: 'Lisbon', lat: 38.7223, lng: -9.1393, emphasis: 'waypoint' },
  { label: 'New York', lat: 40.7128, lng: -74.006, emphasis: 'waypoint', dwell: 0.6 },
  { label: 'Rotterdam', lat: 51.9244, lng: 4.4777 },
  { label: 'Hamburg', lat: 53.5511, lng: 9.9937 },
  { label: 'Copenhagen', lat: 55.6761, lng: 12.5683, emphasis: 'waypoint' },
];
const ATLANTIC_LEGS: SampleLeg[] = [
  { transport: 'plane' },
  {
    transport: 'ship',
    distance_km: 6231,
    path: [
      [-74.006, 40.7128],
      [-74.03, 40.62],
      [-73.85, 40.47],
      [-72.5, 40.3],
      [-69.5, 40.4],
      [-60, 41.6],
      [-45, 45.2],
      [-30, 48.1],
      [-15, 49.3],
      [-6.5, 49.5],
      [-2, 50.1],
      [1.4, 50.95],
      [2.6, 51.45],
      [3.9, 51.98],
      [4.4777, 51.9244],
    ],
  },
  {
    transport: 'train',
    distance_km: 424,
    path: [
      [4.4777, 51.9244],
      [5.1, 52.09],
      [5.9, 52.2],
      [7.0, 52.3],
      [8.0, 52.6],
      [8.8, 53.08],
      [9.9937, 53.5511],
    ],
  },
  {
    transport: 'car',
    distance_km: 297,
    path: [
      [9.9937, 53.5511],
      [10.7, 53.87],
      [11.2, 54.4],
      [11.2, 54.5],
      [11.4, 54.65],
      [11.9, 54.9],
      [12.2, 55.3],
      [12.5683, 55.6761],
    ],
  },
];

/** Shanghai ⛴ across the Pacific (antimeridian) ⛴ Los Angeles, with a chokepoint-style marker. */
const PACIFIC_STOPS: SampleStop[] = [
  { label: 'Shanghai', lat: 31.2304, lng: 121.4737, emphasis: 'waypoint' },
  { label: 'Tsugaru Strait', lat: 41.5, lng: 140.6, emphasis: 'chokepoint', dwell: 0.8 },
  { label: 'Los Angeles', lat: 33.7405, lng: -118.272, emphasis: 'waypoint' },
];
const PACIFIC_LEGS: SampleLeg[] = [
  {
    transport: 'ship',
    distance_km: 2142,
    path: [
      [121.4737, 31.2304],
      [122.4, 31.0],
      [125, 32.2],
      [129.5, 33.8],
      [131.2, 34.5],
      [133.5, 36.4],
      [137, 38.6],
      [139.5, 41.0],
      [140.6, 41.5],
    ],
  },
  {
    transport: 'ship',
    distance_km: 8641,
    path: [
      [140.6, 41.5],
      [142.5, 41.6],
      [150, 42.2],
      [160, 43.3],
      [170, 44.0],
      [180, 44.2],
      [190, 43.6],
      [200, 42.2],
      [210, 40.0],
      [220, 37.8],
      [230, 35.4],
      [236.5, 34.2],
      [241.728, 33.7405],
    ],
  },
];

/** The samples have no road legs: routing must not be asked for one. */
const noRoads: RoadRouter = { route: () => Promise.reject(new Error('the sample routes have no road legs')) };

async function sample(stops: SampleStop[], legs: SampleLeg[]): Promise<{ waypoints: NormalizedWaypoint[]; plan: RoutePlan }> {
  const waypoints = stops.map((s, i): NormalizedWaypoint => ({
    lat: s.lat,
    lng: s.lng,
    label: s.label,
    transport: legs[Math.min(i, legs.length - 1)].transport,
    dwell: s.dwell ?? 0,
    emphasis: s.emphasis ?? 'standard',
  }));
  const planned: RouteLeg[] = [];
  for (const [i, leg] of legs.entries()) {
    if (leg.transport === 'plane') {
      const [flight] = (
        await planRoute({ waypoints: [waypoints[i], waypoints[i + 1]], transport: 'plane', route: { avoid: [] } }, { roadRouter: noRoads })
      ).legs;
      planned.push({ ...flight, leg: i });
    } else {
      planned.push({
        leg: i,
        from: stops[i].label,
        to: stops[i + 1].label,
        transport: leg.transport,
        mode: 'sea',
        distance_km: leg.distance_km,
        coordinates: leg.path,
      });
    }
  }
  // The legs meet end to end (paths are drawn with continuous longitudes).
  for (let i = 1; i < planned.length; i++) {
    const end = planned[i - 1].coordinates.at(-1)!;
    const start = planned[i].coordinates[0];
    if (end[0] !== start[0] || end[1] !== start[1]) throw new Error(`leg ${i} does not start where leg ${i - 1} ends`);
  }
  const total = Math.round(planned.reduce((sum, leg) => sum + leg.distance_km, 0) * 10) / 10;
  return { waypoints, plan: { legs: planned, distance_km: total } };
}

/** Shanghai ⛴ eight ports: the trade lanes of a multi_route sample. */
const SHANGHAI: NormalizedPoint = { label: 'Shanghai', lat: 31.2304, lng: 121.4737 };
const SHANGHAI_PORTS: NormalizedPoint[] = [
  { label: 'Rotterdam', lat: 51.9244, lng: 4.4777 },
  { label: 'Los Angeles', lat: 33.7405, lng: -118.272 },
  { label: 'Santos', lat: -23.9608, lng: -46.3336 },
  { label: 'Singapore', lat: 1.2644, lng: 103.84 },
  { label: 'Jebel Ali', lat: 25.0114, lng: 55.0611 },
  { label: 'Durban', lat: -29.8674, lng: 31.0292 },
  { label: 'Sydney', lat: -33.8568, lng: 151.2153 },
  { label: 'Hamburg', lat: 53.5511, lng: 9.9937 },
];
/** Container ships slow-steam at about 14 knots: the data labels are the routed distance at that speed. */
const KM_PER_DAY_AT_14_KNOTS = 14 * 1.852 * 24;

/**
 * A multi_route sample: each destination routed from the origin on its own, by the sea network
 * (longitudes continue from the origin's, as routing leaves them), leg i = origin → routes[i].
 */
async function multiRouteSample(
  origin: NormalizedPoint,
  destinations: NormalizedPoint[],
): Promise<{ origin: NormalizedPoint; routes: NormalizedMultiRouteDestination[]; plan: RoutePlan }> {
  const legs: RouteLeg[] = [];
  const routes: NormalizedMultiRouteDestination[] = [];
  for (const [i, destination] of destinations.entries()) {
    const { legs: planned } = await planRoute(
      {
        waypoints: [
          { ...origin, transport: 'ship' },
          { ...destination, transport: 'ship' },
        ],
        transport: 'ship',
        route: { avoid: [] },
      },
      { roadRouter: noRoads },
    );
    const leg = { ...planned[0], leg: i };
    legs.push(leg);
    routes.push({ ...destination, transport: 'ship', data_label: `${Math.round(leg.distance_km / KM_PER_DAY_AT_14_KNOTS)} days` });
  }
  const total = Math.round(legs.reduce((sum, leg) => sum + leg.distance_km, 0) * 10) / 10;
  return { origin, routes, plan: { legs, distance_km: total } };
}

/** A TypeScript literal in the code's style: bare keys, single quotes, each [lng, lat] pair on one line. */
function literal(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/\[\s+(-?[\d.e+-]+),\s+(-?[\d.e+-]+)\s+\]/g, '[$1, $2]')
    .replace(/"(\w+)":/g, '$1:')
    .replace(/"([^"']*)"/g, "'$1'");
}

async function main(): Promise<void> {
  const atlantic = await sample(ATLANTIC_STOPS, ATLANTIC_LEGS);
  const pacific = await sample(PACIFIC_STOPS, PACIFIC_LEGS);
  const shanghaiPorts = await multiRouteSample(SHANGHAI, SHANGHAI_PORTS);
  const source = `/**
 * Sample routes (waypoints and route plans) for the studio preview, the golden stills and the
 * render benchmark. Generated by scripts/generate-sample-routes.ts: do not edit by hand.
 */
import type { NormalizedMultiRouteDestination, NormalizedPoint, NormalizedWaypoint, RoutePlan } from '../../src/modules/contract';

export interface SampleRoute {
  waypoints: NormalizedWaypoint[];
  plan: RoutePlan;
}

/** A multi_route sample: leg i of the plan runs from the origin to routes[i]. */
export interface SampleMultiRoute {
  origin: NormalizedPoint;
  routes: NormalizedMultiRouteDestination[];
  plan: RoutePlan;
}

/** Lisbon ✈ New York ⛴ Rotterdam 🚆 Hamburg 🚗 Copenhagen. */
export const ATLANTIC: SampleRoute = ${literal(atlantic)};

/** Shanghai ⛴ across the Pacific (antimeridian) ⛴ Los Angeles, with a chokepoint-style marker. */
export const PACIFIC: SampleRoute = ${literal(pacific)};

/** Shanghai ⛴ Rotterdam, Los Angeles, Santos, Singapore, Jebel Ali, Durban, Sydney and Hamburg, by the sea network. */
export const SHANGHAI_PORTS: SampleMultiRoute = ${literal(shanghaiPorts)};
`;
  writeFileSync(OUTPUT, source);
  console.log(`Wrote ${OUTPUT}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
