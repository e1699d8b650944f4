import type { LngLat } from '../route-plan';
import { formatCoordinates } from '../format';
import { haversineKm, withoutRepeatedPoints } from '../great-circle';
import { ROAD_SNAP_LIMIT_KM, roadFailure, RoadRoute, RoadRouter } from './road-router';

export interface OsrmOptions {
  /** Give up on a request after this long (ms). */
  timeoutMs?: number;
  /** OSRM snaps to any road however far; farther than this counts as "no road network covers". */
  maxSnapKm?: number;
  /** The profile the server was prepared with (`osrm-extract -p car.lua` serves `driving`). */
  profile?: string;
}

interface OsrmResponse {
  code?: string;
  message?: string;
  routes?: { distance: number; geometry: { coordinates: LngLat[] } }[];
  waypoints?: { distance?: number; location: LngLat }[];
}

/** Road routing through an OSRM server's HTTP API (`/route/v1`), e.g. `http://router:5000`. */
export class OsrmRoadRouter implements RoadRouter {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly maxSnapKm: number;
  private readonly profile: string;

  constructor(baseUrl: string, options: OsrmOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxSnapKm = options.maxSnapKm ?? ROAD_SNAP_LIMIT_KM;
    this.profile = options.profile ?? 'driving';
  }

  async route(from: LngLat, to: LngLat): Promise<RoadRoute> {
    const points = [from, to].map(([lng, lat]) => `${lng},${lat}`).join(';');
    const url = `${this.baseUrl}/route/v1/${this.profile}/${points}?overview=full&geometries=geojson`;
    const body = await this.fetchJson(url);

    // OSRM answers failures as JSON with a code, usually with HTTP 400.
    if (body.code === 'NoRoute') throw roadFailure(`no road connects ${formatCoordinates(from)} and ${formatCoordinates(to)}`);
    if (body.code === 'NoSegment') throw roadFailure(`no road network covers ${formatCoordinates(from)} or ${formatCoordinates(to)}`);
    const route = body.routes?.[0];
    if (body.code !== 'Ok' || !route || route.geometry.coordinates.length === 0) {
      throw roadFailure(`the road router could not route this leg (${body.code ?? 'no answer code'})`);
    }
    [from, to].forEach((point, i) => {
      const snappedKm = (body.waypoints?.[i]?.distance ?? 0) / 1000;
      if (snappedKm > this.maxSnapKm) {
        throw roadFailure(`no road network covers ${formatCoordinates(point)} (nearest road ${snappedKm.toFixed(1)} km away)`);
      }
    });

    // OSRM's line runs between the snapped points; join it to the waypoints themselves.
    const line = route.geometry.coordinates;
    const coordinates = withoutRepeatedPoints([from, ...line, to]);
    const connectorsKm = haversineKm(from, line[0]) + haversineKm(line[line.length - 1], to);
    return { coordinates, distance_km: route.distance / 1000 + connectorsKm };
  }

  private async fetchJson(url: string): Promise<OsrmResponse> {
    let response: Response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    } catch (error) {
      // By name: the abort reason is a DOMException, not always an Error of this realm.
      const timedOut = (error as { name?: string } | null)?.name === 'TimeoutError';
      throw roadFailure(
        timedOut ? `the road router did not answer within ${this.timeoutMs / 1000} s` : 'the road router could not be reached',
      );
    }
    try {
      return (await response.json()) as OsrmResponse;
    } catch {
      throw roadFailure(`the road router answered HTTP ${response.status} without a route`);
    }
  }
}
