/** Palettes of the map styles listed in the contract's STYLES: one per style id, checked by the compiler. */
import { type ImageryKind, type RouteLineKind, type StyleId, styleImagery } from '../../../src/modules/contract';

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
  /**
   * The Earth's picture under the lines (contract §21): NASA's Blue Marble (`day`) or Black Marble
   * (`night`) imagery in place of the water and land fills; null = the fills.
   */
  imagery: ImageryKind | null;
  /** Relief shading shown without `terrain` (its exaggeration; 0 = none): satellite imagery carries a little. */
  baseRelief: number;
  /** region_focus's fill and outline when the request sets no `highlight_color`: a colour that stands out on this style's land. */
  regionHighlight: string;
}

/** The imagery a style draws from (true colour by day, city lights by night): the contract's style registry says. */
export type { ImageryKind };

/** Each style's palette; its `imagery` comes from the contract's STYLES (the server reads it there too). */
export const PALETTES: Record<StyleId, Palette> = withRegistryImagery({
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
    baseRelief: 0,
    regionHighlight: '#e8553d',
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
    baseRelief: 0,
    regionHighlight: '#ffcc33',
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
    baseRelief: 0,
    regionHighlight: '#3ee0c8',
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
    baseRelief: 0,
    // Not the black accent: a grey wash reads as "nothing here" on white land.
    regionHighlight: '#e4572e',
  },
  satellite: {
    // The imagery's own ocean, for what shows beyond it (the frame's background, fades).
    waterTop: '#0b1f44',
    waterBottom: '#06122b',
    land: '#4d5a3a',
    shallowWater: null,
    coastline: 'rgba(255,255,255,0.28)',
    coastlineWidth: 0.8,
    border: 'rgba(255,255,255,0.55)',
    borderDash: [],
    graticule: null,
    labelText: '#ffffff',
    labelHalo: 'rgba(0,0,0,0.78)',
    accent: '#ffd166',
    marker: '#ffffff',
    markerStroke: '#111111',
    vehicleFill: '#ffffff',
    vehicleStroke: '#111111',
    panel: 'rgba(10,14,20,0.82)',
    panelText: '#ffffff',
    panelSubtext: '#c5ccd6',
    route: { color: '#ffd166', width: 5, opacity: 1, line: 'glow' },
    routeCasing: 'rgba(0,0,0,0.55)',
    categorical: ['#ffd166', '#5ce1ff', '#ff6b6b', '#b6f36a', '#d7a6ff', '#ff9f43', '#ffffff', '#ff8fd0'],
    sky: { top: '#3b6fb5', horizon: '#c9dcef' },
    space: { inner: '#0c1424', outer: '#010204', atmosphere: '#7fb8ff' },
    baseRelief: 0.6,
    regionHighlight: '#ffd166',
  },
  night: {
    waterTop: '#050b18',
    waterBottom: '#02050c',
    land: '#10151f',
    shallowWater: null,
    coastline: 'rgba(140,170,220,0.30)',
    coastlineWidth: 0.8,
    border: 'rgba(150,175,220,0.30)',
    borderDash: [],
    graticule: null,
    labelText: '#fff4dc',
    labelHalo: 'rgba(0,0,0,0.8)',
    accent: '#ffb347',
    marker: '#02050c',
    markerStroke: '#ffb347',
    vehicleFill: '#fff4dc',
    vehicleStroke: '#02050c',
    panel: 'rgba(6,10,20,0.85)',
    panelText: '#fff4dc',
    panelSubtext: '#a9b4c8',
    route: { color: '#ffb347', width: 5, opacity: 1, line: 'glow' },
    routeCasing: 'rgba(0,0,0,0.6)',
    categorical: ['#ffb347', '#6fd3ff', '#ff6f91', '#9cf08a', '#c9a7ff', '#ffe066', '#4fe3c1', '#ff9b71'],
    sky: { top: '#01030a', horizon: '#1a2440' },
    space: { inner: '#070c18', outer: '#000000', atmosphere: '#3d6fb8' },
    baseRelief: 0,
    regionHighlight: '#ffb347',
  },
  atlas: {
    waterTop: '#c6ddd8',
    waterBottom: '#b4d0cb',
    land: '#f1e4c6',
    shallowWater: '#d6e7e1',
    coastline: '#7d5f3b',
    coastlineWidth: 1.1,
    border: '#a4845c',
    borderDash: [5, 3],
    graticule: 'rgba(110,84,50,0.22)',
    labelText: '#3b2a17',
    labelHalo: 'rgba(250,243,226,0.95)',
    accent: '#b23a2b',
    marker: '#faf3e2',
    markerStroke: '#3b2a17',
    vehicleFill: '#faf3e2',
    vehicleStroke: '#3b2a17',
    panel: 'rgba(250,243,226,0.94)',
    panelText: '#2e2112',
    panelSubtext: '#6f5a40',
    route: { color: '#b23a2b', width: 5, opacity: 1, line: 'solid' },
    routeCasing: 'rgba(250,243,226,0.95)',
    categorical: ['#b23a2b', '#2f5d8a', '#4f7d39', '#7b4b94', '#c07a12', '#a33f6b', '#2c7c7c', '#5b4630'],
    sky: { top: '#b7ccd0', horizon: '#efe6d2' },
    space: { inner: '#efe4cc', outer: '#cdbb97', atmosphere: '#b8a683' },
    baseRelief: 0,
    regionHighlight: '#b23a2b',
  },
  blueprint: {
    waterTop: '#174a86',
    waterBottom: '#123d72',
    land: '#1f5a9c',
    shallowWater: null,
    coastline: '#e8f1ff',
    coastlineWidth: 1.3,
    border: 'rgba(232,241,255,0.55)',
    borderDash: [3, 3],
    graticule: 'rgba(232,241,255,0.16)',
    labelText: '#ffffff',
    labelHalo: 'rgba(10,38,74,0.9)',
    accent: '#ffd23f',
    marker: '#123d72',
    markerStroke: '#ffffff',
    vehicleFill: '#ffffff',
    vehicleStroke: '#123d72',
    panel: 'rgba(11,42,82,0.9)',
    panelText: '#ffffff',
    panelSubtext: '#b9d0ee',
    route: { color: '#ffd23f', width: 5, opacity: 1, line: 'solid' },
    routeCasing: 'rgba(8,30,60,0.7)',
    categorical: ['#ffd23f', '#ffffff', '#ff7b6b', '#7ef0c6', '#ffa3e0', '#9ecbff', '#ffab4c', '#c6ff7a'],
    sky: { top: '#0b2a52', horizon: '#3d6ea8' },
    space: { inner: '#174a86', outer: '#0a2547', atmosphere: '#9cc5ff' },
    baseRelief: 0,
    regionHighlight: '#ffd23f',
  },
});

function withRegistryImagery(palettes: Record<StyleId, Omit<Palette, 'imagery'>>): Record<StyleId, Palette> {
  return Object.fromEntries(
    Object.entries(palettes).map(([id, palette]) => [id, { ...palette, imagery: styleImagery(id as StyleId) }]),
  ) as Record<StyleId, Palette>;
}

/** The palette of a style id; unknown ids (only possible from hand-written props) get `standard`. */
export function paletteFor(style: string): Palette {
  return Object.hasOwn(PALETTES, style) ? PALETTES[style as StyleId] : PALETTES.standard;
}
