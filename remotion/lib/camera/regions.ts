/**
 * Cameras around regions (region_focus and country_data): what a region is on the map (a country's
 * main landmass from lib/geo/country-frames.ts, or a box), the whole-world view, a view framing a box in
 * part of the frame, and the continental view a fly-in starts from. Pure: planned before any map
 * geometry has loaded.
 */
import type { CompositionRegion } from '../../../src/modules/contract';
import { type CameraState, focusPoint, maxZoom, minZoom, type Viewport } from './camera';
import { boundsToBox, type GeoBounds, nearLongitude } from '../geo/countries';
import { COUNTRY_FRAMES, LAND_MASK } from '../geo/country-frames';
import { clamp } from '../time/easing';
import { landCentroid } from '../geo/land-mask';
import type { Rect } from '../layout/labels';
import { latitudeOf, project } from '../geo/mercator';
import type { Box } from '../geo/route-geometry';

/**
 * Central meridian of a whole-world map: 11°E puts the map's edge at 169°W, in the Bering Strait,
 * so no country is cut in two (Russia's Chukotka ends at 169.7°W, Fiji and Samoa stay whole on the
 * right, Alaska on the left).
 */
export const WORLD_CENTER_LNG = 11;

/**
 * Latitudes a whole-world view shows: from northern Greenland to Cape Horn. Mercator blows up the
 * poles (Antarctica would take a third of the frame), and no country with data lies beyond.
 */
export const WORLD_BAND = { north: 78, south: -57 };

export interface RegionTarget {
  /** What the camera frames, in degrees (east may exceed 180 across the antimeridian). */
  bounds: GeoBounds;
  /** Central meridian that keeps the region away from the map's edge: its middle. */
  centerLng: number;
  /** ISO numeric id for a country region; null for a box. */
  countryId: string | null;
}

/** The region a camera frames; null for a country the map has no polygons for. */
export function regionTarget(region: CompositionRegion): RegionTarget | null {
  let bounds: GeoBounds;
  if (region.kind === 'country') {
    const frame = COUNTRY_FRAMES[region.iso_numeric];
    if (!frame) return null;
    bounds = { west: frame[0], south: frame[1], east: frame[2], north: frame[3] };
  } else {
    const [west, south, east, north] = region.bbox;
    // A box whose east edge is west of its west edge runs across the antimeridian.
    bounds = { west, south: Math.min(south, north), east: east < west ? east + 360 : east, north: Math.max(south, north) };
  }
  return {
    bounds,
    centerLng: nearLongitude((bounds.west + bounds.east) / 2, 0),
    countryId: region.kind === 'country' ? region.iso_numeric : null,
  };
}

/** The safe area as a rectangle. */
export function safeRect(v: Viewport): Rect {
  return {
    x: v.insets.left,
    y: v.insets.top,
    width: v.width - v.insets.left - v.insets.right,
    height: v.height - v.insets.top - v.insets.bottom,
  };
}

/** Camera whose frame shows world point (wx, wy) at screen point (sx, sy) at zoom z. */
export function cameraShowing(v: Viewport, wx: number, wy: number, sx: number, sy: number, z: number, tilt = 0): CameraState {
  const focus = focusPoint(v);
  const scale = 2 ** z;
  return { x: wx + (focus.x - sx) / scale, y: wy + (focus.y - sy) / scale, z, tilt };
}

/**
 * The whole world between WORLD_BAND's latitudes, centred on the frame. `contain` shows all of it
 * (the world's width across the frame, as the band's height allows: a choropleth must show every
 * country); `cover` fills the frame with it (in portrait the band's height fills the frame and the
 * sides are cut: a fly-in's opening view, centred on the region's meridian). The map is the
 * background, so it may run under the safe margins; only text keeps to the safe area.
 */
export function worldCamera(v: Viewport, fit: 'contain' | 'cover' = 'contain'): CameraState {
  const top = project(0, WORLD_BAND.north, 0).y;
  const bottom = project(0, WORLD_BAND.south, 0).y;
  const across = v.width;
  const down = v.height / (bottom - top);
  const z = clamp(Math.log2(fit === 'cover' ? Math.max(across, down) : Math.min(across, down)), minZoom(v), maxZoom(v));
  return cameraShowing(v, 0, (top + bottom) / 2, v.width / 2, v.height / 2, z);
}

/** Camera that fits `box` (world units) inside the screen rectangle `area`, with `padding` (share of the box) around it. */
export function frameCamera(box: Box, v: Viewport, area: Rect, padding = 0.1): CameraState {
  const bw = Math.max(box.maxX - box.minX, 1e-9) * (1 + 2 * padding);
  const bh = Math.max(box.maxY - box.minY, 1e-9) * (1 + 2 * padding);
  const z = clamp(Math.log2(Math.min(area.width / bw, area.height / bh)), minZoom(v), maxZoom(v));
  return cameraShowing(v, (box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2, area.x + area.width / 2, area.y + area.height / 2, z);
}

/** Smallest width of a continental view, km: about Western Europe, or Japan with Korea and eastern China. */
export const CONTINENT_MIN_KM = 4500;
/** A continental view is this many times wider than the region's own framing (or more, for the minimum above). */
export const CONTINENT_FACTOR = 3;

/**
 * The continental view a region_focus fly-in starts from: the region's own framing (`hold`) zoomed
 * out three times, or more so the view spans at least 4,500 km (Luxembourg starts from western
 * Europe), and never wider than the world view. Its centre is halfway between the region's centre
 * and the centre of the land the view shows (from the land mask): a coastal country starts over its
 * continent rather than half over the ocean (Portugal over Iberia and France, Japan towards Korea
 * and China), and the flight both zooms and pans. The region always stays inside the view.
 */
export function continentCamera(target: RegionTarget, v: Viewport, hold: CameraState): CameraState {
  const { bounds, centerLng } = target;
  const midLat = (bounds.north + bounds.south) / 2;
  const cosLat = Math.max(0.05, Math.cos((midLat * Math.PI) / 180));
  const spanKm = Math.max((bounds.east - bounds.west) * 111.32 * cosLat, (bounds.north - bounds.south) * 111.32, 1);
  const factor = Math.max(CONTINENT_FACTOR, CONTINENT_MIN_KM / spanKm);
  const world = worldCamera(v, 'cover');
  const z = clamp(hold.z - Math.log2(factor), world.z, Math.max(world.z, hold.z - 1));

  const box = boundsToBox(bounds, centerLng);
  const centre = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  const safe = safeRect(v);
  const scale = 2 ** z;
  const halfW = safe.width / 2 / scale;
  const halfH = safe.height / 2 / scale;
  const surroundings = {
    west: centerLng + (centre.x - halfW) * 360,
    east: centerLng + (centre.x + halfW) * 360,
    south: latitudeOf(centre.y + halfH),
    north: latitudeOf(centre.y - halfH),
  };
  const land = landCentroid(LAND_MASK, surroundings, centerLng) ?? centre;
  // Keep the region inside the view, 8% in from the safe area's edges.
  const fit = (value: number, lo: number, hi: number) => (lo <= hi ? clamp(value, lo, hi) : (lo + hi) / 2);
  const x = fit(centre.x + (land.x - centre.x) / 2, box.maxX - halfW * 0.92, box.minX + halfW * 0.92);
  const y = fit(centre.y + (land.y - centre.y) / 2, box.maxY - halfH * 0.92, box.minY + halfH * 0.92);
  return cameraShowing(v, x, y, safe.x + safe.width / 2, safe.y + safe.height / 2, z);
}
