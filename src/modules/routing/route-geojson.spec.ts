import type { RoutePlan } from './route-plan';
import { routePlanToFeatureCollection } from './route-geojson';

describe('routePlanToFeatureCollection', () => {
  const plan: RoutePlan = {
    distance_km: 9_870.4,
    legs: [
      {
        leg: 0,
        from: 'Tokyo',
        to: 'San Francisco',
        transport: 'plane',
        mode: 'great-circle',
        distance_km: 8_270.1,
        coordinates: [
          [139.69, 35.69],
          [200, 50],
          [237.58, 37.77],
        ],
      },
      {
        leg: 1,
        from: 'San Francisco',
        to: 'Los Angeles',
        transport: 'car',
        mode: 'road',
        distance_km: 1_600.3,
        coordinates: [
          [237.58, 37.77],
          [241.76, 34.05],
        ],
      },
    ],
  };

  it('gives one LineString feature per leg with the leg facts as properties', () => {
    const collection = routePlanToFeatureCollection(plan);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.distance_km).toBe(9_870.4);
    expect(collection.features).toHaveLength(2);
    expect(collection.features[1]).toEqual({
      type: 'Feature',
      geometry: {
        type: 'LineString',
        coordinates: [
          [237.58, 37.77],
          [241.76, 34.05],
        ],
      },
      properties: { leg: 1, from: 'San Francisco', to: 'Los Angeles', transport: 'car', mode: 'road', distance_km: 1_600.3 },
    });
  });

  it('tells which multi_route destination a feature reaches', () => {
    const fanOut: RoutePlan = {
      distance_km: 2,
      legs: [0, 1].map((i) => ({
        leg: i,
        route: i,
        from: 'Shanghai',
        to: i === 0 ? 'Busan' : 'Manila',
        transport: 'ship' as const,
        mode: 'sea' as const,
        distance_km: 1,
        coordinates: [
          [121.46, 31.22],
          [129 - i * 8, 35 - i * 20],
        ],
      })),
    };
    expect(routePlanToFeatureCollection(fanOut).features.map((f) => f.properties)).toEqual([
      { leg: 0, route: 0, from: 'Shanghai', to: 'Busan', transport: 'ship', mode: 'sea', distance_km: 1 },
      { leg: 1, route: 1, from: 'Shanghai', to: 'Manila', transport: 'ship', mode: 'sea', distance_km: 1 },
    ]);
    // Legs of a route carry no such property.
    expect(routePlanToFeatureCollection(plan).features[0].properties).not.toHaveProperty('route');
  });

  it('survives a JSON round trip and does not share arrays with the plan', () => {
    const collection = routePlanToFeatureCollection(plan);
    expect(JSON.parse(JSON.stringify(collection))).toEqual(collection);
    collection.features[0].geometry.coordinates[0][0] = 0;
    expect(plan.legs[0].coordinates[0][0]).toBe(139.69);
  });
});
