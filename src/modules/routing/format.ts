import type { LngLat } from './route-plan';
import { wrapLng } from './great-circle';

/** "51.92°N 4.48°E": how a waypoint without a label or place is named in plans and messages. */
export function formatCoordinates([lng, lat]: LngLat): string {
  const wrapped = wrapLng(lng);
  const latitude = `${Math.abs(lat).toFixed(2)}°${lat < 0 ? 'S' : 'N'}`;
  const longitude = `${Math.abs(wrapped).toFixed(2)}°${wrapped < 0 ? 'W' : 'E'}`;
  return `${latitude} ${longitude}`;
}

/** Whole kilometres with thousands separators ("1,420"), the same on every machine and locale. */
export function formatKm(km: number): string {
  return Math.round(km)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Distances in plans are in km to 0.1. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}
