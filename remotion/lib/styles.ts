/** Palettes of the map styles listed in the contract's STYLES: one per style id, checked by the compiler. */
import type { RouteLineKind, StyleId } from '../../src/modules/rendering/contract';

export interface Palette {
  /** Water: a vertical gradient from top to bottom. */
  waterTop: string;
  waterBottom: string;
  land: string;
  /** Wide soft band drawn around coasts (shallow water); null = none. */
  shallowWater: string | null;
  coastline: string;
  coastlineWidth: number;
  /** Internal country borders; null = not drawn. */
  border: string | null;
  borderDash: number[];
  /** Faint lines every 15°; null = none. */
  graticule: string | null;
  /** Waypoint label text and its halo. */
  labelText: string;
  labelHalo: string;
  /** Accent for chokepoints and the HUD. */
  accent: string;
  marker: string;
  markerStroke: string;
  vehicleFill: string;
  vehicleStroke: string;
  /** Title card and HUD panel background. */
  panel: string;
  panelText: string;
  panelSubtext: string;
  route: { color: string; width: number; opacity: number; line: RouteLineKind };
  /** Outline under a solid/dashed route for contrast; null = none. */
  routeCasing: string | null;
  /**
   * Distinct line colours for maps with many routes (multi_route), first = the route colour.
   * Chosen per style to stand out on its water and land and from each other; used in order, repeating.
   */
  categorical: string[];
  /** Above the horizon of a camera tilted past 60° (contract §19): the sky's top, and its colour at the horizon, where haze veils the far map. */
  sky: { top: string; horizon: string };
  /**
   * Around the globe (contract §20): the backdrop (a radial gradient from the globe's centre outwards)
   * and the atmosphere's glow at the rim.
   */
  space: { inner: string; outer: string; atmosphere: string };
}

export const PALETTES: Record<StyleId, Palette> = {
  standard: {
    waterTop: '#a9d3ec',
    waterBottom: '#8ec3e3',
    land: '#f4efe3',
    shallowWater: '#bfe1f3',
    coastline: '#7fa9c4',
    coastlineWidth: 1.1,
    border: '#c9b9a0',
    borderDash: [],
    graticule: null,
    labelText: '#1d2a36',
    labelHalo: 'rgba(255,255,255,0.92)',
    accent: '#e8553d',
    marker: '#ffffff',
    markerStroke: '#1d2a36',
    vehicleFill: '#ffffff',
    vehicleStroke: '#1d2a36',
    panel: 'rgba(255,255,255,0.9)',
    panelText: '#14202b',
    panelSubtext: '#4a5a68',
    route: { color: '#e8553d', width: 5, opacity: 1, line: 'solid' },
    routeCasing: 'rgba(255,255,255,0.95)',
    categorical: ['#e8553d', '#2458b8', '#0d8f6a', '#8e44c9', '#d98a00', '#cf3a84', '#1b7fa6', '#6b4f2c'],
    sky: { top: '#6fa8dc', horizon: '#e4eff7' },
    space: { inner: '#1d3550', outer: '#070d16', atmosphere: '#9fd3ff' },
  },
  dark: {
    waterTop: '#0d1016',
    waterBottom: '#07090d',
    land: '#262a31',
    shallowWater: '#12161e',
    coastline: '#4a505b',
    coastlineWidth: 1,
    border: '#3b414b',
    borderDash: [],
    graticule: null,
    labelText: '#f2f4f7',
    labelHalo: 'rgba(8,10,14,0.85)',
    accent: '#ffcc33',
    marker: '#0d1016',
    markerStroke: '#ffcc33',
    vehicleFill: '#ffcc33',
    vehicleStroke: '#0d1016',
    panel: 'rgba(20,23,29,0.88)',
    panelText: '#f5f6f8',
    panelSubtext: '#a9b0bb',
    route: { color: '#ffcc33', width: 5, opacity: 1, line: 'glow' },
    routeCasing: 'rgba(0,0,0,0.6)',
    categorical: ['#ffcc33', '#4fc3f7', '#ff6f61', '#7ee081', '#c39bff', '#ff9f43', '#5eead4', '#f472b6'],
    sky: { top: '#020305', horizon: '#1b2230' },
    space: { inner: '#10141c', outer: '#020305', atmosphere: '#5a7fa8' },
  },
  'maritime-dark': {
    waterTop: '#0b2340',
    waterBottom: '#061629',
    land: '#13283c',
    shallowWater: '#0e2f55',
    coastline: '#5fb4d9',
    coastlineWidth: 1.2,
    border: '#24425e',
    borderDash: [4, 4],
    graticule: 'rgba(120,180,220,0.10)',
    labelText: '#e6f4ff',
    labelHalo: 'rgba(4,16,30,0.85)',
    accent: '#3ee0c8',
    marker: '#061629',
    markerStroke: '#3ee0c8',
    vehicleFill: '#e6f4ff',
    vehicleStroke: '#061629',
    panel: 'rgba(6,22,41,0.88)',
    panelText: '#e6f4ff',
    panelSubtext: '#8fb4cf',
    route: { color: '#3ee0c8', width: 4, opacity: 1, line: 'glow' },
    routeCasing: 'rgba(2,10,20,0.6)',
    categorical: ['#3ee0c8', '#ffcc4d', '#ff7a6b', '#a996ff', '#8be06a', '#ff9fd0', '#78c8ff', '#ffab57'],
    sky: { top: '#01070f', horizon: '#123152' },
    space: { inner: '#0b2038', outer: '#01060d', atmosphere: '#4fa3e0' },
  },
  minimal: {
    waterTop: '#e9ebee',
    waterBottom: '#e2e5e9',
    land: '#ffffff',
    shallowWater: null,
    coastline: '#c3c8cf',
    coastlineWidth: 0.9,
    border: null,
    borderDash: [],
    graticule: null,
    labelText: '#111111',
    labelHalo: 'rgba(255,255,255,0.95)',
    accent: '#111111',
    marker: '#ffffff',
    markerStroke: '#111111',
    vehicleFill: '#111111',
    vehicleStroke: '#ffffff',
    panel: 'rgba(255,255,255,0.94)',
    panelText: '#111111',
    panelSubtext: '#5c6169',
    route: { color: '#111111', width: 4, opacity: 1, line: 'solid' },
    routeCasing: 'rgba(255,255,255,0.95)',
    categorical: ['#111111', '#e4572e', '#2d6cdf', '#17a589', '#9b59b6', '#e0a100', '#c2185b', '#5d6d7e'],
    sky: { top: '#cfd5dc', horizon: '#f4f5f7' },
    space: { inner: '#ffffff', outer: '#d9dde2', atmosphere: '#c3ccd6' },
  },
};

/** The palette of a style id; unknown ids (only possible from hand-written props) get `standard`. */
export function paletteFor(style: string): Palette {
  return Object.hasOwn(PALETTES, style) ? PALETTES[style as StyleId] : PALETTES.standard;
}
