import { STYLES } from '../../../src/modules/contract';
import { PALETTES } from '../../lib/map/styles';
import { buildChoroplethScale, chooseScaleKind, formatCompact, median, RAMPS } from './scale';

/** sRGB colour ("#rrggbb" or "rgb(r, g, b)") → CIE Lab, to compare colours as the eye does. */
function lab(color: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  const rgb = hex
    ? [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16))
    : (/rgb\((\d+), (\d+), (\d+)\)/.exec(color)?.slice(1).map(Number) ?? [NaN, NaN, NaN]);
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const xyz = [
    (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047,
    0.2126 * r + 0.7152 * g + 0.0722 * b,
    (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883,
  ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29));
  return [116 * xyz[1] - 16, 500 * (xyz[0] - xyz[1]), 200 * (xyz[1] - xyz[2])];
}
const deltaE = (a: string, b: string) => {
  const [l1, a1, b1] = lab(a);
  const [l2, a2, b2] = lab(b);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
};
const lightness = (c: string) => lab(c)[0];

// World population-like (skewed over orders of magnitude) and life-expectancy-like (narrow) data.
const POPULATION = [
  1_412_000_000, 1_408_000_000, 333_000_000, 275_000_000, 84_000_000, 67_000_000, 10_300_000, 5_500_000, 640_000, 38_000, 11_000,
];
const LIFE_EXPECTANCY = [84.3, 83.0, 82.7, 81.3, 78.5, 76.4, 73.2, 70.1, 66.8, 62.4, 53.9];
const CHANGE = [-2.4, -1.1, -0.3, 0.2, 0.8, 1.5, 2.9, 4.6];

describe('formatCompact', () => {
  it.each([
    [1_234_567, '1.2M'],
    [35_000, '35k'],
    [0.4213, '0.42'],
    [0.0567, '0.057'],
    [84.33, '84.3'],
    [523.4, '523'],
    [5.667, '5.67'],
    [2_000_000, '2M'],
    [999_960, '1M'],
    [999.6, '1k'],
    [9_960, '10k'],
    [1_412_000_000, '1.4B'],
    [3.2e12, '3.2T'],
    [-1_500, '−1.5k'],
    [-0.25, '−0.25'],
    [0, '0'],
  ])('%p → %p', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });
});

describe('chooseScaleKind', () => {
  it('is logarithmic for positive data spread over orders of magnitude and skewed (population)', () => {
    expect(chooseScaleKind(POPULATION)).toBe('log');
    // The 45 most populous countries (millions): 27 to 1,429, two giants and 43 in the first fifth.
    const mostPopulous = [1429, 1426, 340, 278, 240, 224, 216, 173, 144, 128, 127, 124, 117, 113, 102, 99, 89, 86, 84, 72, 68, 67, 65];
    expect(chooseScaleKind([...mostPopulous, 60, 59, 55, 54, 52, 52, 48, 48, 48, 46, 46, 46, 42, 41, 39, 38, 37, 37, 37, 35, 34, 27])).toBe(
      'log',
    );
  });

  it('is linear for narrow data, data with zero or negatives, and evenly spread data', () => {
    expect(chooseScaleKind(LIFE_EXPECTANCY)).toBe('linear');
    expect(chooseScaleKind(CHANGE)).toBe('linear');
    expect(chooseScaleKind([0, 10, 1000, 100_000])).toBe('linear');
    expect(chooseScaleKind(Array.from({ length: 50 }, (_, i) => 1 + i * 20))).toBe('linear');
  });
});

describe('buildChoroplethScale', () => {
  const lightStyles = STYLES.filter((s) => !s.dark).map((s) => s.id);
  const darkStyles = STYLES.filter((s) => s.dark).map((s) => s.id);

  it('maps the data range onto the legend bar, and the bar shows the colours the countries get', () => {
    for (const values of [POPULATION, LIFE_EXPECTANCY, CHANGE]) {
      for (const palette of ['sequential', 'diverging'] as const) {
        const scale = buildChoroplethScale(values, palette, false);
        expect(scale.position(scale.min)).toBe(0);
        expect(scale.position(scale.max)).toBe(1);
        for (const v of values) expect(scale.colorAt(scale.position(v))).toBe(scale.color(v));
      }
    }
  });

  it('puts the geometric middle of a logarithmic scale in the middle of the bar', () => {
    const scale = buildChoroplethScale([10, 100, 1000, 1_000_000], 'sequential', false);
    expect(scale.kind).toBe('log');
    expect(scale.position(Math.sqrt(10 * 1_000_000))).toBeCloseTo(0.5, 6);
    expect(scale.position(100)).toBeCloseTo(0.2, 6);
  });

  it('sequential: larger values look stronger (darker on light maps, brighter on dark ones)', () => {
    const sorted = [...LIFE_EXPECTANCY].sort((a, b) => a - b);
    const light = buildChoroplethScale(sorted, 'sequential', false);
    const dark = buildChoroplethScale(sorted, 'sequential', true);
    for (let i = 1; i < sorted.length; i++) {
      expect(lightness(light.color(sorted[i]))).toBeLessThan(lightness(light.color(sorted[i - 1])));
      expect(lightness(dark.color(sorted[i]))).toBeGreaterThan(lightness(dark.color(sorted[i - 1])));
    }
  });

  // ΔE (CIE76) above 10 is a difference seen at a glance; 15 leaves a margin.
  it('keeps every data colour apart from the plain land (countries without a value) on every style', () => {
    for (const palette of ['sequential', 'diverging'] as const) {
      for (const [styles, dark] of [
        [lightStyles, false],
        [darkStyles, true],
      ] as const) {
        const scale = buildChoroplethScale(CHANGE, palette, dark);
        for (const style of styles) {
          for (let p = 0; p <= 1; p += 0.05) expect(deltaE(scale.colorAt(p), PALETTES[style].land)).toBeGreaterThan(15);
        }
      }
    }
  });

  it('diverging: turns at 0 when the data has both signs, at the median otherwise; each side gets its whole half of the ramp', () => {
    const change = buildChoroplethScale(CHANGE, 'diverging', false);
    expect(change.mid).toBe(0);
    const ramp = RAMPS.diverging.light;
    expect(change.color(0)).toBe(ramp(0.5));
    expect(change.color(4.6)).toBe(ramp(1));
    expect(change.color(-2.4)).toBe(ramp(0));
    expect(change.color(1)).toBe(ramp(0.5 + 0.5 / 4.6));
    expect(change.color(-1.2)).toBe(ramp(0.25));
    // The legend bar marks the midpoint where it falls in the data's range.
    expect(change.position(0)).toBeCloseTo(2.4 / 7, 6);
    expect(deltaE(change.color(2.4), change.color(0))).toBeGreaterThan(deltaE(change.color(-1.1), change.color(0)));
    // Both sides move away from the midpoint towards different hues.
    expect(deltaE(change.color(-2.4), change.color(2.4))).toBeGreaterThan(60);
    const life = buildChoroplethScale(LIFE_EXPECTANCY, 'diverging', true);
    expect(life.mid).toBe(median(LIFE_EXPECTANCY));
    expect(buildChoroplethScale(POPULATION, 'sequential', false).mid).toBeNull();
  });

  it('gives every country the middle colour when all values are equal', () => {
    const scale = buildChoroplethScale([5, 5, 5], 'sequential', false);
    expect(scale.position(5)).toBe(0.5);
    expect(scale.color(5)).toBe(scale.colorAt(0.5));
  });
});
