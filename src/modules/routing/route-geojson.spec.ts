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

  it('survives a JSON round trip and does not share arrays with the plan', () => {
    const collection = routePlanToFeatureCollection(plan);
    expect(JSON.parse(JSON.stringify(collection))).toEqual(collection);
    collection.features[0].geometry.coordinates[0][0] = 0;
    expect(plan.legs[0].coordinates[0][0]).toBe(139.69);
  });
});
