/**
 * Where each text overlay (contract §14) sits, and how it is broken into lines: computed once per
 * video, so an overlay keeps its place from the first frame it shows to the last.
 *
 * Each overlay goes into the slot its `position` names, inside the safe area of the aspect ratio
 * (so 9:16 keeps clear of app overlays). Overlays visible at the same time never cover one
 * another nor an obstacle (the HUD, a mode's legend, the title card while it shows): in order of
 * appearance, each takes the free spot nearest its slot's anchor, stacking away from the slot's
 * edge (down from the top, up from the bottom, alternately around the centre) or sliding sideways
 * past an obstacle. Among those spots it takes the first over none of the routes and markers the
 * map shows while it shows (contract §22), or the one over the least of them when none is clear.
 * When the whole safe area has no free spot for it (the slot and every other place are taken for
 * its whole time), it is left out rather than drawn over something.
 *
 * Text is wrapped at word boundaries to the style's maximum width and lines, in lines of even
 * length (a headline or a bar a little smaller rather than on one more line); if it does not fit, the font shrinks (to a
 * floor) and, as a last resort, the last line ends in "…". Pure: text widths
 * come from `measure`, the browser's own metrics in a render.
 */
import type { CompositionTextOverlay, TextOverlayPosition, TextOverlayStyle } from '../../../src/modules/contract';
import { smootherstep } from '../time/easing';
import { inside, overlaps, type Rect } from './labels';
import { safeInsets, sizeUnit } from './safe-area';

export interface OverlayFont {
  /** CSS pixels. */
  size: number;
  weight: number;
}

/** Width in pixels of `text` set in `font` (the font family is the compositions' one). */
export type MeasureText = (text: string, font: OverlayFont) => number;

/** A screen rectangle overlays keep clear of, while it shows (seconds; unset = the whole video). */
export interface OverlayObstacle extends Rect {
  from?: number;
  to?: number;
}

export interface OverlayBox extends Rect {
  /** Index in `text_overlays`. */
  index: number;
  style: TextOverlayStyle;
  lines: string[];
  font: OverlayFont;
  lineHeight: number;
  /** Inner padding: text starts at (x + padding.left, y + padding.top). */
  padding: { top: number; right: number; bottom: number; left: number };
  align: 'left' | 'center' | 'right';
  /** lower-third: the side of its accent edge. */
  accent: 'left' | 'right' | null;
  /** Seconds. */
  start: number;
  end: number;
  /** Seconds of the fade in and of the fade out. */
  fade: number;
  /** Which way the box slides while it fades in (towards its slot's edge): -1 up, 1 down, 0 none. */
  enterFrom: -1 | 0 | 1;
}

export interface OverlayLayout {
  boxes: OverlayBox[];
  /** Indexes of overlays with no free spot anywhere in the safe area while they show (or no text to show). */
  left_out: number[];
}

export interface OverlayLayoutInput {
  width: number;
  height: number;
  overlays: CompositionTextOverlay[];
  obstacles: OverlayObstacle[];
  measure: MeasureText;
  /**
   * How much of what the map shows (routes, markers) a box would cover between two moments (seconds); 0 = nothing.
   * An overlay takes the nearest spot over nothing, or the one over the least when every spot has something.
   */
  underneath?: (rect: Rect, start: number, end: number) => number;
}

interface StyleMetrics {
  /** Font sizes in size units (1% of the short side): preferred and smallest. */
  font: number;
  minFont: number;
  weight: number;
  lineHeight: number;
  maxLines: number;
  /** Padding in size units (vertical, horizontal). */
  padY: number;
  padX: number;
  /** Widest box: a share of the safe area's width, but at least `minWidth` units (narrow portrait frames). */
  widthShare: number;
  minWidth: number;
}

const STYLE_METRICS: Record<TextOverlayStyle, StyleMetrics> = {
  caption: { font: 3.1, minFont: 2.5, weight: 600, lineHeight: 1.3, maxLines: 3, padY: 1.1, padX: 2.1, widthShare: 0.6, minWidth: 62 },
  headline: { font: 6.2, minFont: 4, weight: 700, lineHeight: 1.12, maxLines: 3, padY: 0.6, padX: 0.8, widthShare: 0.86, minWidth: 0 },
  'lower-third': {
    font: 3.4,
    minFont: 2.7,
    weight: 700,
    lineHeight: 1.25,
    maxLines: 2,
    padY: 1.5,
    padX: 2.2,
    widthShare: 0.52,
    minWidth: 60,
  },
};

/** Width of the accent edge of a lower-third, in size units. */
export const ACCENT_WIDTH = 0.8;
/** Space kept between two overlays, and between an overlay and an obstacle, in size units. */
const GAP = 1.2;
const ELLIPSIS = '…';

/** The slot a style is drawn in: a lower-third always sits in the lower third, on the left unless asked for the right. */
export function slotOf(style: TextOverlayStyle, position: TextOverlayPosition): TextOverlayPosition {
  if (style !== 'lower-third') return position;
  return position.endsWith('right') ? 'bottom-right' : 'bottom-left';
}

/** Seconds of fade in (and out): 0.4 s, less for a short overlay so it is fully shown for half its time. */
export function fadeSeconds(start: number, end: number): number {
  return Math.max(0, Math.min(0.4, (end - start) / 4));
}

/** 0–1: how visible an overlay is at `seconds` (eased fade in and out, 0 outside its time). */
export function overlayOpacity(box: Pick<OverlayBox, 'start' | 'end' | 'fade'>, seconds: number): number {
  if (seconds < box.start || seconds >= box.end) return 0;
  if (box.fade <= 0) return 1;
  return Math.min(smootherstep((seconds - box.start) / box.fade), smootherstep((box.end - seconds) / box.fade));
}

/** The overlays showing at `seconds` (for labels that should keep clear of them). */
export function visibleOverlays(layout: OverlayLayout, seconds: number): OverlayBox[] {
  return layout.boxes.filter((b) => overlayOpacity(b, seconds) > 0);
}

/**
 * Greedy word wrap to `maxWidth`; a word wider than a line is broken between characters. Returns
 * null when more than `maxLines` lines would be needed.
 */
export function wrapText(text: string, maxWidth: number, maxLines: number, width: (s: string) => number): string[] | null {
  const words = text.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const push = (l: string) => {
    lines.push(l);
    return lines.length <= maxLines;
  };
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line && !push(line)) return null;
    // A word too long for a line on its own (a URL, a long compound): break it where it must.
    let rest = word;
    while (width(rest) > maxWidth) {
      let cut = 1;
      while (cut < rest.length && width(rest.slice(0, cut + 1)) <= maxWidth) cut++;
      if (!push(rest.slice(0, cut))) return null;
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line && !push(line)) return null;
  return lines;
}

/**
 * The same number of lines, as even as they can be: the narrowest width that still takes no more
 * lines (no short last word hanging on a line of its own).
 */
function balanced(text: string, lineCount: number, maxWidth: number, width: (s: string) => number): string[] {
  // Never narrower than the longest word: balancing must not break a word that fits on a line.
  let lo = Math.min(maxWidth, Math.max(0, ...text.split(/\s+/).map(width)));
  let hi = maxWidth;
  let best = wrapText(text, maxWidth, lineCount, width)!;
  for (let step = 0; step < 14; step++) {
    const mid = (lo + hi) / 2;
    const lines = wrapText(text, mid, lineCount, width);
    if (lines) {
      best = lines;
      hi = mid;
    } else lo = mid;
  }
  return best;
}

/** The text in at most `maxLines` lines of `maxWidth`, its last line shortened to end in "…". */
function truncatedLines(text: string, maxWidth: number, maxLines: number, width: (s: string) => number): string[] {
  const generous = wrapText(text, maxWidth, Number.MAX_SAFE_INTEGER, width) ?? [];
  const kept = generous.slice(0, maxLines);
  let last = kept[maxLines - 1] ?? '';
  while (last.length > 0 && width(`${last}${ELLIPSIS}`) > maxWidth) last = last.slice(0, -1);
  kept[maxLines - 1] = `${last.trimEnd()}${ELLIPSIS}`;
  return kept;
}

/** Lines, font and size of one overlay's box (not yet placed). */
export function measureOverlay(
  overlay: Pick<CompositionTextOverlay, 'text' | 'style'>,
  frame: { width: number; height: number },
  measure: MeasureText,
): Pick<OverlayBox, 'lines' | 'font' | 'lineHeight' | 'padding' | 'width' | 'height'> {
  const m = STYLE_METRICS[overlay.style];
  const unit = sizeUnit(frame.width, frame.height);
  const insets = safeInsets(frame.width, frame.height);
  const safeWidth = frame.width - insets.left - insets.right;
  const accent = overlay.style === 'lower-third' ? ACCENT_WIDTH * unit : 0;
  const padding = { top: m.padY * unit, bottom: m.padY * unit, left: m.padX * unit + accent, right: m.padX * unit };
  const boxMax = Math.min(safeWidth, Math.max(safeWidth * m.widthShare, m.minWidth * unit));
  const textMax = boxMax - padding.left - padding.right;
  // Largest font (in steps of a tenth of a unit) at which the text fits; the floor's otherwise.
  let font: OverlayFont = { size: m.minFont * unit, weight: m.weight };
  let lines: string[] | null = null;
  for (let size = m.font; size >= m.minFont - 1e-9; size -= 0.1) {
    const candidate = { size: size * unit, weight: m.weight };
    lines = wrapText(overlay.text, textMax, m.maxLines, (s) => measure(s, candidate));
    if (lines) {
      font = candidate;
      break;
    }
  }
  // In a title or a bar, a slightly smaller font (down to 85%) is better than one more line:
  // "Lisbon → Copenhagen" stays whole. Captions read like subtitles: two even lines are fine.
  const fewerLinesFloor = overlay.style === 'caption' ? Infinity : Math.max(m.minFont, m.font * 0.85);
  for (let size = font.size / unit - 0.1; lines && lines.length > 1 && size >= fewerLinesFloor - 1e-9; size -= 0.1) {
    const candidate = { size: size * unit, weight: m.weight };
    const fewer = wrapText(overlay.text, textMax, lines.length - 1, (s) => measure(s, candidate));
    if (fewer) {
      font = candidate;
      lines = fewer;
    }
  }
  if (lines && lines.length > 1) lines = balanced(overlay.text, lines.length, textMax, (s) => measure(s, font));
  lines ??= truncatedLines(overlay.text, textMax, m.maxLines, (s) => measure(s, font));
  const textWidth = Math.max(0, ...lines.map((l) => measure(l, font)));
  const lineHeight = font.size * m.lineHeight;
  return {
    lines,
    font,
    lineHeight,
    padding,
    width: Math.ceil(Math.min(boxMax, textWidth + padding.left + padding.right)),
    height: Math.ceil(lines.length * lineHeight + padding.top + padding.bottom),
  };
}

interface Slot {
  /** Where the box would sit with nothing in the way. */
  x: number;
  y: number;
  align: OverlayBox['align'];
  /** Direction it stacks in when taken: 1 down, -1 up, 0 both ways (centre). */
  stack: -1 | 0 | 1;
}

function slotFor(position: TextOverlayPosition, safe: Rect, width: number, height: number): Slot {
  const [vertical, horizontal] =
    position === 'center' ? ['center', 'center'] : position.includes('-') ? position.split('-') : [position, 'center'];
  const x = horizontal === 'left' ? safe.x : horizontal === 'right' ? safe.x + safe.width - width : safe.x + (safe.width - width) / 2;
  const y = vertical === 'top' ? safe.y : vertical === 'bottom' ? safe.y + safe.height - height : safe.y + (safe.height - height) / 2;
  const align = horizontal === 'left' ? 'left' : horizontal === 'right' ? 'right' : 'center';
  return { x, y, align, stack: vertical === 'top' ? 1 : vertical === 'bottom' ? -1 : 0 };
}

const POSITIONS_BY_NEARNESS = (from: Slot, safe: Rect, width: number, height: number) =>
  (['bottom', 'top', 'bottom-left', 'bottom-right', 'top-left', 'top-right', 'center'] as TextOverlayPosition[])
    .map((p) => ({ p, slot: slotFor(p, safe, width, height) }))
    .sort((a, b) => Math.hypot(a.slot.x - from.x, a.slot.y - from.y) - Math.hypot(b.slot.x - from.x, b.slot.y - from.y));

const together = (a: { start: number; end: number }, b: { from?: number; to?: number; start?: number; end?: number }) =>
  a.start < (b.end ?? b.to ?? Infinity) && (b.start ?? b.from ?? -Infinity) < a.end;

export function layoutTextOverlays({ width, height, overlays, obstacles, measure, underneath }: OverlayLayoutInput): OverlayLayout {
  const unit = sizeUnit(width, height);
  const gap = GAP * unit;
  const insets = safeInsets(width, height);
  const safe: Rect = {
    x: insets.left,
    y: insets.top,
    width: width - insets.left - insets.right,
    height: height - insets.top - insets.bottom,
  };
  // Earlier overlays choose first and keep their place; later ones fit around them.
  const order = overlays.map((o, index) => ({ o, index })).sort((a, b) => a.o.start - b.o.start || a.index - b.index);
  const boxes: OverlayBox[] = [];
  const left_out: number[] = [];

  for (const { o, index } of order) {
    const size = measureOverlay(o, { width, height }, measure);
    // Nothing to show (blank text): no empty panel either.
    if (!size.lines.some((l) => l.trim())) {
      left_out.push(index);
      continue;
    }
    const time = { start: o.start, end: o.end };
    const shownWith = boxes.filter((b) => together(time, b));
    const blockers: Rect[] = [...obstacles.filter((ob) => together(time, ob)), ...shownWith];
    const own = slotFor(slotOf(o.style, o.position), safe, size.width, size.height);
    const fits = (r: Rect) => inside(r, safe) && !blockers.some((b) => overlaps(r, b, gap));
    // Of the spots that fit, the first over nothing the map shows wins; failing that, the one over the least.
    const leastCovering: { rect: Rect | null; under: number } = { rect: null, under: Infinity };
    const clearOfMap = (r: Rect) => {
      const under = underneath ? underneath(r, o.start, o.end) : 0;
      if (under > 0 && under < leastCovering.under) Object.assign(leastCovering, { rect: r, under });
      return under === 0;
    };

    // Overlays read from the top: a headline stays above the other overlays it shares a column with, and in a slot
    // that stacks down a later overlay sits under the earlier ones. A spot that breaks that order is taken only when
    // no place anywhere keeps it clear of the map (a narrow caption once filled the gap above a wide headline the HUD
    // had pushed down).
    const readsBefore = (x: number, y: number, slot: Slot) =>
      shownWith.some(
        (b) =>
          x < b.x + b.width &&
          b.x < x + size.width &&
          y + size.height <= b.y &&
          ((b.style === 'headline' && o.style !== 'headline') || slot.stack === 1),
      );

    // Candidate spots: the slot's anchor, and every position just past a blocker (beside it or
    // above/below it), in the slot's own stacking direction first.
    const spot = (slot: Slot, vertical: 'own' | 'any', inReadingOrder: boolean): Rect | null => {
      const xs = [slot.x, ...blockers.flatMap((b) => [b.x + b.width + gap, b.x - gap - size.width])];
      const ys = [slot.y, ...blockers.flatMap((b) => [b.y + b.height + gap, b.y - gap - size.height])];
      const cost = (x: number, y: number) => {
        const dy = y - slot.y;
        const wrongWay =
          (vertical === 'own' && slot.stack !== 0 && Math.sign(dy) === -slot.stack) || (inReadingOrder && readsBefore(x, y, slot));
        // A lower-third belongs in the lower third: it rather slides sideways than climbs.
        const [wx, wy] = o.style === 'lower-third' ? [1, 3] : [2, 1];
        return wrongWay ? Infinity : Math.abs(x - slot.x) * wx + Math.abs(dy) * wy;
      };
      const candidates = xs
        .flatMap((x) => ys.map((y) => ({ x, y, c: cost(x, y) })))
        .filter((c) => Number.isFinite(c.c))
        .sort((a, b) => a.c - b.c || a.y - b.y || a.x - b.x);
      for (const c of candidates) {
        const rect = { x: c.x, y: c.y, width: size.width, height: size.height };
        if (fits(rect) && clearOfMap(rect)) return rect;
      }
      return null;
    };
    // The own slot, then (when it is full for the overlay's whole time) the nearest other place with room: in
    // reading order first, then in any order.
    const search = (inReadingOrder: boolean): Rect | null => {
      const found = spot(own, 'own', inReadingOrder);
      if (found) return found;
      for (const other of POSITIONS_BY_NEARNESS(own, safe, size.width, size.height)) {
        const there = spot(other.slot, 'any', inReadingOrder);
        if (there) return there;
      }
      return null;
    };

    let rect = search(true) ?? search(false);
    rect ??= leastCovering.rect;
    if (!rect) {
      left_out.push(index);
      continue;
    }
    const fade = fadeSeconds(o.start, o.end);
    const accent = o.style === 'lower-third' ? (own.align === 'right' ? 'right' : 'left') : null;
    // The accent edge's room is on the side the edge is drawn.
    const padding = accent === 'right' ? { ...size.padding, left: size.padding.right, right: size.padding.left } : size.padding;
    boxes.push({
      ...rect,
      ...size,
      padding,
      index,
      style: o.style,
      align: own.align,
      accent,
      start: o.start,
      end: o.end,
      fade,
      enterFrom: own.stack === 1 ? -1 : own.stack === -1 ? 1 : 0,
    });
  }
  boxes.sort((a, b) => a.index - b.index);
  return { boxes, left_out: left_out.sort((a, b) => a - b) };
}

/**
 * Where the title card (components/TitleCard.tsx) sits, estimated with the same metrics, with a
 * margin: overlays keep off it while it shows.
 */
export function titleCardRect(
  title: { text: string; subtitle: string | null },
  frame: { width: number; height: number },
  measure: MeasureText,
): Rect {
  const unit = sizeUnit(frame.width, frame.height);
  const insets = safeInsets(frame.width, frame.height);
  const safe = { width: frame.width - insets.left - insets.right, height: frame.height - insets.top - insets.bottom };
  const maxWidth = safe.width * 0.88;
  const textMax = maxWidth - 9 * unit;
  const titleFont = { size: 6 * unit, weight: 700 };
  const subFont = { size: 3 * unit, weight: 400 };
  const titleLines = wrapText(title.text, textMax, Number.MAX_SAFE_INTEGER, (s) => measure(s, titleFont)) ?? [title.text];
  const subLines = title.subtitle ? (wrapText(title.subtitle, textMax, Number.MAX_SAFE_INTEGER, (s) => measure(s, subFont)) ?? []) : [];
  const textWidth = Math.max(...titleLines.map((l) => measure(l, titleFont)), ...subLines.map((l) => measure(l, subFont)));
  const width = Math.min(maxWidth, textWidth + 9 * unit);
  const height =
    6 * unit + 2.6 * unit + titleLines.length * 6 * unit * 1.15 + (subLines.length ? 1.6 * unit + subLines.length * 3 * unit * 1.3 : 0);
  const margin = 2 * unit;
  return {
    x: insets.left + (safe.width - width) / 2 - margin,
    y: insets.top + (safe.height - height) / 2 - margin,
    width: width + 2 * margin,
    height: height + 2 * margin,
  };
}
