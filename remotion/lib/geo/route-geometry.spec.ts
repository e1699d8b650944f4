import type { MapAnimationProps } from '../../../src/modules/contract';
import { project } from './mercator';
import { buildRouteGeometry } from './route-geometry';

type RouteProps = Pick<MapAnimationProps, 'legs' | 'waypoints'>;

const waypoint = (lng: number, lat: number) => ({
  lng,
  lat,
  label: null,
  emphasis: 'standard' as const,
  dwell: 0,
  zoom_override: null,
  hold: 0,
});

// Tokyo → Honolulu → San Francisco as routed: unwrapped longitudes, 139.69 … 237.58.
const pacific: RouteProps = {
  legs: [
    {
      transport: 'plane',
      distance_km: 6200,
      coordinates: [
        [139.69, 35.68],
        [170, 33],
        [202.15, 21.3],
      ],
    },
    {
      transport: 'plane',
      distance_km: 3800,
      coordinates: [
        [202.15, 21.3],
        [220, 30],
        [237.58, 37.77],
      ],
    },
  ],
  waypoints: [waypoint(139.69, 35.68), waypoint(202.15, 21.3), waypoint(237.58, 37.77)],
};

describe('buildRouteGeometry', () => {
  it('centres the map on the middle of the route, with the central meridian brought within -180..180', () => {
    const geometry = buildRouteGeometry(pacific);
    expect(geometry.centerLng).toBeCloseTo((139.69 + 237.58) / 2 - 360, 9);
    // The route lies symmetrically about the central meridian, as it would unshifted.
    expect(geometry.bbox.minX).toBeCloseTo(-geometry.bbox.maxX, 12);
    expect(geometry.bbox.maxX).toBeCloseTo(project(237.58, 0, (139.69 + 237.58) / 2).x, 12);
  });

  it('draws the same route whatever whole turn its longitudes come in', () => {
    const turned: RouteProps = {
      legs: pacific.legs.map((leg) => ({ ...leg, coordinates: leg.coordinates.map(([lng, lat]) => [lng - 360, lat] as [number, number]) })),
      waypoints: pacific.waypoints.map((w) => ({ ...w, lng: w.lng - 360 })),
    };
    const a = buildRouteGeometry(pacific);
    const b = buildRouteGeometry(turned);
    expect(b.centerLng).toBeCloseTo(a.centerLng, 9);
    for (let i = 0; i < a.legs.length; i++) {
      Array.from(a.legs[i].xy).forEach((v, k) => expect(b.legs[i].xy[k]).toBeCloseTo(v, 12));
    }
    b.waypoints.forEach((w, i) => expect([w.x, w.y]).toEqual([expect.closeTo(a.waypoints[i].x, 12), expect.closeTo(a.waypoints[i].y, 12)]));
  });
});
