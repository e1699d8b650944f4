/**
 * World coordinates of the map: Web-Mercator rotated so the route's central meridian is x = 0.
 * One world unit = 360° of longitude; y grows southwards; the square |x|,|y| ≤ 0.5 is the world
 * (latitudes beyond ±85.05° are cut, as on every web map). The same formula is used by d3-geo
 * (geoMercator().rotate([-centerLng, 0]).scale(1 / (2π))) when the land is projected, so the
 * route and the map line up exactly.
 */
export const MAX_LATITUDE = 85.0511287798;
export const EARTH_CIRCUMFERENCE_KM = 40075.016686;

export interface WorldPoint {
  x: number;
  y: number;
}

/** Route longitudes are unwrapped, so they are not wrapped here: a route stays continuous. */
export function project(lng: number, lat: number, centerLng: number): WorldPoint {
  const phi = (Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180;
  return {
    x: (lng - centerLng) / 360,
    y: -Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI),
  };
}

/** Kilometres per world unit at a latitude (Mercator stretches distances by 1/cos φ). */
export function kmPerWorldUnit(lat: number): number {
  return EARTH_CIRCUMFERENCE_KM * Math.cos((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180);
}

/** Latitude (degrees) of a world y. */
export function latitudeOf(y: number): number {
  return ((2 * Math.atan(Math.exp(-y * 2 * Math.PI)) - Math.PI / 2) * 180) / Math.PI;
}
