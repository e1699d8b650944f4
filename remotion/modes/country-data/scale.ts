/**
 * country_data's colour scale: value → colour and legend position, and compact number labels.
 * Pure (d3-scale for the maths, d3-scale-chromatic for the ramps), unit-tested.
 *
 * Linear or logarithmic: logarithmic when every value is positive, the largest is at least 20
 * times the smallest, and the median sits in the lowest fifth of the linear range, i.e. the data
 * spans more than an order of magnitude and is skewed (population, GDP): a linear scale would
 * paint nearly every country in the first shade (the 45 most populous countries: two in the top
 * shade, the other 43 in the first fifth). Otherwise linear (life expectancy, shares, changes).
 *
 * Ramps are picked per style brightness so the lightest data colour still stands apart from the
 * plain land of countries without a value, and the strongest values catch the eye:
 * - sequential on light maps: YlOrRd from its pale yellow (skipping the near-white start, which
 *   reads as land) to dark red; on dark maps: plasma from deep violet to bright yellow.
 * - diverging: blue below the midpoint, red/orange above, a warm grey at it. The usual diverging
 *   ramps (RdBu, RdYlBu) are near-white around the midpoint, which on light maps reads as plain
 *   land; here the midpoint is a mid-light grey (light maps: lightest at the midpoint, darkening
 *   towards dark blue and dark red) or a grey that gets brighter towards bright blue and orange
 *   (dark maps, where a pale midpoint would outshine the extremes).
 * Diverging scales turn at a midpoint (0 when the data has values on both sides of it, else the
 * median) and give each side its whole half of the ramp: the lowest value gets the full low colour
 * and the highest the full high colour even when the data leans to one side (growth of -1.2 … +3.7%:
 * shrinking countries still read clearly blue). The legend bar spans the data's own minimum to
 * maximum and marks where the midpoint falls.
 */
import { scaleLinear, scaleLog } from 'd3-scale';
import { interpolatePlasma, interpolateYlOrRd } from 'd3-scale-chromatic';
import type { ChoroplethPalette } from '../../../src/modules/contract';

export type ScaleKind = 'linear' | 'log';

export interface ChoroplethScale {
  kind: ScaleKind;
  palette: ChoroplethPalette;
  /** The data's range: the legend bar runs from `min` to `max`. */
  min: number;
  max: number;
  /** Diverging: the neutral value; null for sequential. */
  mid: number | null;
  color(value: number): string;
  /** Where a value sits along the legend bar: 0 at `min`, 1 at `max` (clamped). */
  position(value: number): number;
  /** The colour at a position along the legend bar (0…1). */
  colorAt(position: number): string;
}

/** Median of finite values (mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!sorted.length) return 0;
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
}

export function chooseScaleKind(values: number[]): ScaleKind {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return 'linear';
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  if (!(min > 0) || max < 20 * min) return 'linear';
  return (median(finite) - min) / (max - min) < 0.2 ? 'log' : 'linear';
}

type Ramp = (t: number) => string;

/** A sub-range of a d3 interpolator. */
const part =
  (interpolator: Ramp, from: number, to: number): Ramp =>
  (t) =>
    interpolator(from + (to - from) * t);

const stops = (colors: string[]): Ramp => {
  const scale = scaleLinear<string>()
    .domain(colors.map((_, i) => i / (colors.length - 1)))
    .range(colors)
    .clamp(true);
  return (t) => scale(t);
};

/** Ramps by palette and style brightness; t = 0 is the low end (diverging: 0.5 is the midpoint). */
export const RAMPS: Record<ChoroplethPalette, { light: Ramp; dark: Ramp }> = {
  sequential: {
    light: part(interpolateYlOrRd, 0.2, 1),
    dark: part(interpolatePlasma, 0.12, 0.95),
  },
  diverging: {
    light: stops(['#1f5fa8', '#6f9fcc', '#b7b3aa', '#e49a6b', '#b2182b']),
    dark: stops(['#4fb3ff', '#3f86c6', '#5f6776', '#c8683e', '#ff8a4c']),
  },
};

export function buildChoroplethScale(values: number[], palette: ChoroplethPalette, dark: boolean): ChoroplethScale {
  const finite = values.filter(Number.isFinite);
  const min = finite.length ? Math.min(...finite) : 0;
  const max = finite.length ? Math.max(...finite) : 0;
  const kind = chooseScaleKind(finite);
  const ramp = RAMPS[palette][dark ? 'dark' : 'light'];
  const flat = !(max > min);
  const along =
    kind === 'log' ? scaleLog().domain([min, max]).range([0, 1]).clamp(true) : scaleLinear().domain([min, max]).range([0, 1]).clamp(true);
  const position = (value: number) => (flat ? 0.5 : along(value));
  const valueAt = (p: number) => (flat ? min : along.invert(Math.max(0, Math.min(1, p))));

  if (palette === 'sequential') {
    return { kind, palette, min, max, mid: null, color: (v) => ramp(position(v)), position, colorAt: (p) => ramp(flat ? 0.5 : p) };
  }
  const transform = kind === 'log' ? Math.log10 : (v: number) => v;
  const mid = min < 0 && max > 0 ? 0 : kind === 'log' ? 10 ** median(finite.map(Math.log10)) : median(finite);
  const above = transform(max) - transform(mid);
  const below = transform(mid) - transform(min);
  const diverge = (v: number) => {
    const d = transform(v) - transform(mid);
    if (d > 0) return above > 0 ? 0.5 + 0.5 * Math.min(1, d / above) : 0.5;
    return below > 0 ? 0.5 - 0.5 * Math.min(1, -d / below) : 0.5;
  };
  return { kind, palette, min, max, mid, color: (v) => ramp(diverge(v)), position, colorAt: (p) => ramp(diverge(valueAt(p))) };
}

const SUFFIXES: Array<[number, string]> = [
  [1e3, 'k'],
  [1e6, 'M'],
  [1e9, 'B'],
  [1e12, 'T'],
];

/** Drops trailing zeros of a fixed-point string ("2.0" → "2", "0.50" → "0.5"). */
const trim = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * Short labels for a legend: 1.2M, 35k, 840, 84.3, 5.67, 0.42, 0.057. From a thousand up: a
 * suffix (k, M, B, T) with one decimal below 10 and none above; below a thousand three significant
 * digits; below one two. A rounding that reaches the next suffix moves up to it (999,960 → 1M).
 */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return '–';
  const sign = value < 0 ? '−' : '';
  const abs = Math.abs(value);
  if (abs === 0) return '0';
  if (abs >= 999.5) {
    let k = SUFFIXES.length - 1;
    while (k > 0 && abs < SUFFIXES[k][0]) k--;
    let text = (abs / SUFFIXES[k][0]).toFixed(abs / SUFFIXES[k][0] < 9.95 ? 1 : 0);
    if (Number(text) >= 1000 && k < SUFFIXES.length - 1) text = (abs / SUFFIXES[++k][0]).toFixed(1);
    return `${sign}${trim(text)}${SUFFIXES[k][1]}`;
  }
  const significant = abs >= 1 ? 3 : 2;
  const decimals = Math.min(8, Math.max(0, significant - 1 - Math.floor(Math.log10(abs))));
  const text = trim(abs.toFixed(decimals));
  return text === '0' ? '0' : `${sign}${text}`;
}
