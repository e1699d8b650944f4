import type { LegRouting, LngLat, RoutePlan, Transport } from './route-plan';

export interface RouteLegFeature {
  type: 'Feature';
  geometry: { type: 'LineString'; coordinates: LngLat[] };
  properties: {
    leg: number;
    /** multi_route only: which of `multi_route.routes` this feature reaches. */
    route?: number;
    from: string;
    to: string;
    transport: Transport;
    mode: LegRouting;
    distance_km: number;
  };
}

export interface RouteFeatureCollection {
  type: 'FeatureCollection';
  distance_km: number;
  features: RouteLegFeature[];
}

/**
 * The body of `GET /v1/render/{id}/route`: one LineString feature per leg (multi_route: per
 * route, from the origin, with `route` telling which destination it reaches). Coordinates stay as
 * planned, with continuous longitudes (a Pacific crossing runs past 180), which GeoJSON allows
 * and web maps draw without a seam.
 */
export function routePlanToFeatureCollection(plan: RoutePlan): RouteFeatureCollection {
  return {
    type: 'FeatureCollection',
    distance_km: plan.distance_km,
    features: plan.legs.map((leg) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: leg.coordinates.map(([lng, lat]): LngLat => [lng, lat]) },
      properties: {
        leg: leg.leg,
        ...(leg.route !== undefined ? { route: leg.route } : {}),
        from: leg.from,
        to: leg.to,
        transport: leg.transport,
        mode: leg.mode,
        distance_km: leg.distance_km,
      },
    })),
  };
}
