/**
 * Colour contrast as WCAG 2 measures it (relative luminance, contrast ratio), for labels set against a
 * halo or a plate that may be translucent (contract §22: at least 4.5:1). A translucent backing is seen
 * over whatever the map shows there; the worst case over any map is over black or over white (the
 * composite's luminance moves one way as the background brightens), so both are tried. Pure.
 */

export interface Rgba {
  /** 0–255. */
  r: number;
  g: number;
  b: number;
  /** 0–1. */
  a: number;
}

/** The ratio §22 asks of a label against what is behind it. */
export const MIN_LABEL_CONTRAST = 4.5;

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(…)` or `rgba(…)`. */
export function parseColor(css: string): Rgba {
  const s = css.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(s);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((c) => c + c).join('') : hex[1];
    const n = (i: number) => parseInt(h.slice(i, i + 2), 16);
    return { r: n(0), g: n(2), b: n(4), a: h.length === 8 ? n(6) / 255 : 1 };
  }
  const fn = /^rgba?\(([^)]*)\)$/i.exec(s);
  if (fn) {
    const [r, g, b, a] = fn[1]
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if ([r, g, b].every(Number.isFinite)) return { r, g, b, a: Number.isFinite(a) ? a : 1 };
  }
  throw new Error(`Not a colour this check reads: ${css}`);
}

/** `color` painted over an opaque `under`. */
export function over(color: Rgba, under: Rgba): Rgba {
  const mix = (c: number, u: number) => c * color.a + u * (1 - color.a);
  return { r: mix(color.r, under.r), g: mix(color.g, under.g), b: mix(color.b, under.b), a: 1 };
}

/** WCAG relative luminance of an opaque colour (0 black … 1 white). */
export function relativeLuminance({ r, g, b }: Rgba): number {
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

/**
 * The lowest contrast of `text` against `backing` wherever the label may sit: the backing over black
 * and over white (an opaque backing is the same over both). A translucent text colour is taken over
 * its backing.
 */
export function worstContrast(text: string, backing: string): { ratio: number; behind: 'black' | 'white' } {
  const back = parseColor(backing);
  const fill = parseColor(text);
  let worst = { ratio: Infinity, behind: 'black' as 'black' | 'white' };
  for (const [name, ground] of [
    ['black', BLACK],
    ['white', WHITE],
  ] as const) {
    const behind = over(back, ground);
    const ratio = contrastRatio(over(fill, behind), behind);
    if (ratio < worst.ratio) worst = { ratio, behind: name };
  }
  return worst;
}

const toHex = ({ r, g, b }: Rgba) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * `color` where it reads against `backing` (MIN_LABEL_CONTRAST, with a little to spare), else the
 * nearest mix of it towards `toward` (a colour that does read there, the style's label text) that
 * does: a route's own colour keeps its hue as far as legibility allows.
 */
export function readableOn(color: string, backing: string, toward: string): string {
  const wanted = MIN_LABEL_CONTRAST + 0.1;
  if (worstContrast(color, backing).ratio >= wanted) return color;
  const from = parseColor(color);
  const to = parseColor(toward);
  for (let k = 1; k <= 20; k++) {
    const t = k / 20;
    const mixed = toHex({ r: from.r + (to.r - from.r) * t, g: from.g + (to.g - from.g) * t, b: from.b + (to.b - from.b) * t, a: 1 });
    if (worstContrast(mixed, backing).ratio >= wanted) return mixed;
  }
  return toward;
}
