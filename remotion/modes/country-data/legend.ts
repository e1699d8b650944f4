/**
 * country_data's legend: a panel with the title, the unit, the colour bar and its figures (min,
 * max and, for diverging data, the midpoint). Its place is chosen once per video among the safe
 * area's corners and edges: where it covers the fewest countries with a value (then the least
 * land, then the first in the list). Browser-only drawing; the choice is pure.
 */
import type { Rect } from '../../lib/layout/labels';
import { overlaps } from '../../lib/layout/labels';
import type { Palette } from '../../lib/map/styles';
import { type ChoroplethScale, formatCompact } from './scale';

export interface LegendLayout {
  width: number;
  height: number;
  padding: number;
  titleLines: string[];
  titleSize: number;
  unit: string | null;
  unitSize: number;
  barTop: number;
  barHeight: number;
  labelSize: number;
  labelsTop: number;
}

const FONT = '"DejaVu Sans", sans-serif';

/** Splits a title into at most two lines that fit `width` (the second is cut with an ellipsis); `measure` gives a text's width in the title's font. */
function wrap(measure: (text: string) => number, text: string, width: number): string[] {
  if (measure(text) <= width) return [text];
  const words = text.split(' ');
  let first = '';
  let i = 0;
  for (; i < words.length; i++) {
    const next = first ? `${first} ${words[i]}` : words[i];
    if (measure(next) > width && first) break;
    first = next;
  }
  let second = words.slice(i).join(' ');
  if (measure(second) > width) {
    while (second.length > 1 && measure(`${second}…`) > width) second = second.slice(0, -1).trimEnd();
    second = `${second}…`;
  }
  return second ? [first, second] : [first];
}

export function legendLayout(
  measure: (text: string, font: string) => number,
  title: string | null,
  unit: string | null,
  midpoint: boolean,
  u: number,
  maxWidth: number,
): LegendLayout {
  const padding = u * 1.8;
  const titleSize = u * 2.45;
  const titleFont = `700 ${titleSize.toFixed(1)}px ${FONT}`;
  const titleWidth = (text: string) => measure(text, titleFont);
  // As wide as the title on one line, between 30 and 46 units; a longer title wraps.
  const width = Math.min(maxWidth, Math.max(u * 30, Math.min(u * 46, (title ? titleWidth(title) : 0) + 2 * padding)));
  const titleLines = title ? wrap(titleWidth, title, width - 2 * padding) : [];
  const unitSize = u * 1.9;
  let y = padding;
  y += titleLines.length * titleSize * 1.25;
  if (unit) y += unitSize * 1.35;
  if (titleLines.length || unit) y += u * 1.1;
  const labelSize = u * 1.85;
  // Diverging: the midpoint's figure sits above the bar, over its tick.
  if (midpoint) y += labelSize * 1.35;
  const barTop = y;
  const barHeight = u * 1.5;
  const labelsTop = barTop + barHeight + u * 0.7;
  return {
    width,
    height: labelsTop + labelSize * 1.2 + padding,
    padding,
    titleLines,
    titleSize,
    unit,
    unitSize,
    barTop,
    barHeight,
    labelSize,
    labelsTop,
  };
}

/** Where the legend may go, in order of preference for ties. */
export function legendCandidates(safe: Rect, width: number, height: number): Rect[] {
  const left = safe.x;
  const right = safe.x + safe.width - width;
  const centre = safe.x + (safe.width - width) / 2;
  const top = safe.y;
  const bottom = safe.y + safe.height - height;
  return [
    { x: left, y: bottom, width, height },
    { x: right, y: bottom, width, height },
    { x: centre, y: bottom, width, height },
    { x: left, y: top, width, height },
    { x: right, y: top, width, height },
    { x: centre, y: top, width, height },
  ];
}

/**
 * The candidate covering the fewest countries with a value (sampled on a grid; `cover` says what
 * lies under a screen point: 2 a country with a value, 1 other land, 0 water), never one over an
 * obstacle if another is free of them.
 */
export function chooseLegendRect(candidates: Rect[], cover: (x: number, y: number) => number, obstacles: Rect[]): Rect {
  let best = candidates[0];
  let bestScore = Infinity;
  for (const rect of candidates) {
    let score = obstacles.some((o) => overlaps(rect, o)) ? 1e6 : 0;
    for (let i = 0; i < 12; i++) {
      for (let j = 0; j < 8; j++) {
        const c = cover(rect.x + ((i + 0.5) / 12) * rect.width, rect.y + ((j + 0.5) / 8) * rect.height);
        score += c === 2 ? 8 : c;
      }
    }
    if (score < bestScore) {
      best = rect;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Draws the legend at `rect` (text baselines: top, except the midpoint's figure). `shown` (0…1) fades and slides it in; `filled` (0…1) is how much of
 * the colour bar is lit: a ranked reveal lights it from the low end as the countries fill in.
 */
export function drawLegend(
  ctx: CanvasRenderingContext2D,
  layout: LegendLayout,
  rect: Rect,
  scale: ChoroplethScale,
  palette: Palette,
  u: number,
  shown: number,
  filled: number,
): void {
  if (shown <= 0) return;
  ctx.save();
  ctx.globalAlpha = shown;
  const x = rect.x;
  const y = rect.y + (1 - shown) * u * 1.2;
  ctx.fillStyle = palette.panel;
  ctx.beginPath();
  ctx.roundRect(x, y, rect.width, rect.height, u * 1.4);
  ctx.fill();
  ctx.strokeStyle = 'rgba(127, 127, 127, 0.18)';
  ctx.lineWidth = 1;
  ctx.stroke();

  const inner = rect.width - 2 * layout.padding;
  let ty = y + layout.padding;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillStyle = palette.panelText;
  ctx.font = `700 ${layout.titleSize.toFixed(1)}px ${FONT}`;
  for (const line of layout.titleLines) {
    ctx.fillText(line, x + layout.padding, ty, inner);
    ty += layout.titleSize * 1.25;
  }
  if (layout.unit) {
    ctx.fillStyle = palette.panelSubtext;
    ctx.font = `400 ${layout.unitSize.toFixed(1)}px ${FONT}`;
    ctx.fillText(layout.unit, x + layout.padding, ty, inner);
  }

  // The colour bar: the ramp drawn in small steps (a log scale is not a linear gradient), unlit
  // beyond `filled`.
  const barX = x + layout.padding;
  const barY = y + layout.barTop;
  const steps = 64;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(barX, barY, inner, layout.barHeight, layout.barHeight / 2);
  ctx.clip();
  for (let i = 0; i < steps; i++) {
    const p = (i + 0.5) / steps;
    ctx.globalAlpha = shown * (p <= filled ? 1 : 0.22);
    ctx.fillStyle = scale.colorAt(p);
    ctx.fillRect(barX + (i / steps) * inner, barY, inner / steps + 1, layout.barHeight);
  }
  ctx.restore();
  ctx.globalAlpha = shown;

  ctx.font = `600 ${layout.labelSize.toFixed(1)}px ${FONT}`;
  ctx.fillStyle = palette.panelText;
  const labelY = y + layout.labelsTop;
  const minText = formatCompact(scale.min);
  const maxText = formatCompact(scale.max);
  const flat = !(scale.max > scale.min);
  if (flat) {
    ctx.textAlign = 'center';
    ctx.fillText(minText, barX + inner / 2, labelY);
  } else {
    ctx.textAlign = 'left';
    ctx.fillText(minText, barX, labelY);
    ctx.textAlign = 'right';
    ctx.fillText(maxText, barX + inner, labelY);
    if (scale.mid !== null) {
      // A tick across the bar at the midpoint, its figure above it (kept within the bar's ends).
      const at = barX + scale.position(scale.mid) * inner;
      ctx.fillStyle = palette.panelText;
      ctx.fillRect(Math.round(at - 1), barY - u * 0.35, 2, layout.barHeight + u * 0.7);
      const midText = formatCompact(scale.mid);
      const half = ctx.measureText(midText).width / 2;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(midText, Math.max(barX + half, Math.min(barX + inner - half, at)), barY - u * 0.5);
    }
  }
  ctx.restore();
}
