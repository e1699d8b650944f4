/**
 * Hand-made routes for the studio preview, the benchmark and the golden stills, built through
 * the real `buildCompositionProps` so they exercise the same path as a job.
 */
import {
  buildCompositionProps,
  LngLat,
  MapAnimationProps,
  NormalizedRenderRequest,
  NormalizedWaypoint,
  RouteLeg,
  RoutePlan,
  Transport,
} from '../../src/modules/rendering/contract';

const R = 6371.0088;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle arc from a to b ([lng, lat]) with `n` segments, longitudes unwrapped. */
export function greatCircle(a: LngLat, b: LngLat, n = 64): LngLat[] {
  const [l1, p1] = [rad(a[0]), rad(a[1])];
  const [l2, p2] = [rad(b[0]), rad(b[1])];
  const d = 2 * Math.asin(Math.sqrt(Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin((l2 - l1) / 2) ** 2));
  const out: LngLat[] = [];
  for (let i = 0; i <= n; i++) {
    const f = i / n;
    if (d === 0) {
      out.push([a[0], a[1]]);
      continue;
    }
    const A = Math.sin((1 - f) * d) / Math.sin(d);
    const B = Math.sin(f * d) / Math.sin(d);
    const x = A * Math.cos(p1) * Math.cos(l1) + B * Math.cos(p2) * Math.cos(l2);
    const y = A * Math.cos(p1) * Math.sin(l1) + B * Math.cos(p2) * Math.sin(l2);
    const z = A * Math.sin(p1) + B * Math.sin(p2);
    let lng = deg(Math.atan2(y, x));
    const prev = out.length ? out[out.length - 1][0] : a[0];
    lng += 360 * Math.round((prev - lng) / 360);
    out.push([lng, deg(Math.atan2(z, Math.hypot(x, y)))]);
  }
  return out;
}

export function pathKm(path: LngLat[]): number {
  let km = 0;
  for (let i = 1; i < path.length; i++) {
    const [a, b] = [path[i - 1], path[i]];
    const dp = rad(b[1] - a[1]);
    const dl = rad(b[0] - a[0]);
    const h = Math.sin(dp / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dl / 2) ** 2;
    km += 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
  }
  return km;
}

interface SampleStop {
  label: string;
  lat: number;
  lng: number;
  emphasis?: NormalizedWaypoint['emphasis'];
  dwell?: number;
}
interface SampleLeg {
  transport: Transport;
  /** Path; omitted = great circle between the stops. */
  path?: LngLat[];
}

export function samplePlan(stops: SampleStop[], legs: SampleLeg[]): RoutePlan {
  const routeLegs: RouteLeg[] = legs.map((leg, i) => {
    const a: LngLat = [stops[i].lng, stops[i].lat];
    const b: LngLat = [stops[i + 1].lng, stops[i + 1].lat];
    const coordinates = leg.path ?? greatCircle(a, b);
    return {
      leg: i,
      from: stops[i].label,
      to: stops[i + 1].label,
      transport: leg.transport,
      mode: leg.path ? 'sea' : 'great-circle',
      distance_km: Math.round(pathKm(coordinates)),
      coordinates,
    };
  });
  return { legs: routeLegs, distance_km: routeLegs.reduce((s, l) => s + l.distance_km, 0) };
}

export function sampleRequest(stops: SampleStop[], legs: SampleLeg[], overrides: Partial<NormalizedRenderRequest> = {}): NormalizedRenderRequest {
  return {
    waypoints: stops.map((s, i) => ({
      lat: s.lat,
      lng: s.lng,
      label: s.label,
      transport: legs[Math.min(i, legs.length - 1)].transport,
      dwell: s.dwell ?? 0,
      emphasis: s.emphasis ?? 'standard',
    })),
    transport: legs[0].transport,
    route: { avoid: [] },
    duration: 10,
    resolution: '720p',
    aspect_ratio: '16:9',
    fps: 30,
    style: 'standard',
    route_style: {},
    camera: { preset: 'auto' },
    hud: { distance: true, progress_bar: true, position: 'bottom-left' },
    units: 'km',
    ...overrides,
  };
}

/** Lisbon ✈ New York ⛴ Rotterdam 🚆 Hamburg 🚗 Copenhagen. */
export const ATLANTIC_STOPS: SampleStop[] = [
  { label: 'Lisbon', lat: 38.7223, lng: -9.1393, emphasis: 'waypoint' },
  { label: 'New York', lat: 40.7128, lng: -74.006, emphasis: 'waypoint', dwell: 0.6 },
  { label: 'Rotterdam', lat: 51.9244, lng: 4.4777 },
  { label: 'Hamburg', lat: 53.5511, lng: 9.9937 },
  { label: 'Copenhagen', lat: 55.6761, lng: 12.5683, emphasis: 'waypoint' },
];
export const ATLANTIC_LEGS: SampleLeg[] = [
  { transport: 'plane' },
  {
    transport: 'ship',
    path: [
      [-74.006, 40.7128], [-74.03, 40.62], [-73.85, 40.47], [-72.5, 40.3], [-69.5, 40.4], [-60, 41.6], [-45, 45.2],
      [-30, 48.1], [-15, 49.3], [-6.5, 49.5], [-2, 50.1], [1.4, 50.95], [2.6, 51.45], [3.9, 51.98], [4.4777, 51.9244],
    ],
  },
  { transport: 'train', path: [[4.4777, 51.9244], [5.1, 52.09], [5.9, 52.2], [7.0, 52.3], [8.0, 52.6], [8.8, 53.08], [9.9937, 53.5511]] },
  { transport: 'car', path: [[9.9937, 53.5511], [10.7, 53.87], [11.2, 54.4], [11.2, 54.5], [11.4, 54.65], [11.9, 54.9], [12.2, 55.3], [12.5683, 55.6761]] },
];

/** Shanghai ⛴ across the Pacific (antimeridian) ⛴ Los Angeles, with a chokepoint-style marker. */
export const PACIFIC_STOPS: SampleStop[] = [
  { label: 'Shanghai', lat: 31.2304, lng: 121.4737, emphasis: 'waypoint' },
  { label: 'Tsugaru Strait', lat: 41.5, lng: 140.6, emphasis: 'chokepoint', dwell: 0.8 },
  { label: 'Los Angeles', lat: 33.7405, lng: -118.272, emphasis: 'waypoint' },
];
export const PACIFIC_LEGS: SampleLeg[] = [
  { transport: 'ship', path: [[121.4737, 31.2304], [122.4, 31.0], [125, 32.2], [129.5, 33.8], [131.2, 34.5], [133.5, 36.4], [137, 38.6], [139.5, 41.0], [140.6, 41.5]] },
  {
    transport: 'ship',
    path: [
      [140.6, 41.5], [142.5, 41.6], [150, 42.2], [160, 43.3], [170, 44.0], [180, 44.2], [190, 43.6], [200, 42.2], [210, 40.0],
      [220, 37.8], [230, 35.4], [236.5, 34.2], [241.728, 33.7405],
    ],
  },
];

export function atlanticProps(overrides: Partial<NormalizedRenderRequest> = {}, sandbox = false): MapAnimationProps {
  return buildCompositionProps(sampleRequest(ATLANTIC_STOPS, ATLANTIC_LEGS, overrides), samplePlan(ATLANTIC_STOPS, ATLANTIC_LEGS), { sandbox });
}

export function pacificProps(overrides: Partial<NormalizedRenderRequest> = {}, sandbox = false): MapAnimationProps {
  return buildCompositionProps(sampleRequest(PACIFIC_STOPS, PACIFIC_LEGS, overrides), samplePlan(PACIFIC_STOPS, PACIFIC_LEGS), { sandbox });
}
