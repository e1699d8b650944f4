import type { CompositionTextOverlay, TextOverlayPosition, TextOverlayStyle } from '../../../src/modules/contract';
import { TEXT_OVERLAY_POSITIONS, TEXT_OVERLAY_STYLES } from '../../../src/modules/contract';
import { inside, overlaps, type Rect } from './labels';
import { safeInsets } from './safe-area';
import { overlapArea } from './screen-geometry';
import {
  fadeSeconds,
  layoutTextOverlays,
  type MeasureText,
  type OverlayBox,
  type OverlayLayoutInput,
  type OverlayObstacle,
  overlayOpacity,
  wrapText,
} from './text-overlay-layout';

/** A stand-in for the browser's metrics: every character about half an em wide, bold a little wider. */
const measure: MeasureText = (text, font) => text.length * font.size * (font.weight >= 700 ? 0.6 : 0.55);

const FRAMES = { '16:9': [1280, 720], '9:16': [720, 1280], '1:1': [720, 720], '4:5': [720, 900] } as const;

function overlay(o: Partial<CompositionTextOverlay> = {}): CompositionTextOverlay {
  return { text: 'Leaving Lisbon at dawn', start: 1, end: 4, position: 'bottom', style: 'caption', ...o };
}

function layout(overlays: CompositionTextOverlay[], extra: Partial<OverlayLayoutInput> = {}) {
  return layoutTextOverlays({ width: 1280, height: 720, overlays, obstacles: [], measure, ...extra });
}

function safeArea(width: number, height: number): Rect {
  const i = safeInsets(width, height);
  return { x: i.left, y: i.top, width: width - i.left - i.right, height: height - i.top - i.bottom };
}

const together = (a: OverlayBox, b: { start?: number; end?: number; from?: number; to?: number }) =>
  a.start < (b.end ?? b.to ?? Infinity) && (b.start ?? b.from ?? -Infinity) < a.end;

/** Small deterministic PRNG so the test is repeatable. */
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

describe('text overlay layout', () => {
  it('puts each position in its corner, edge or centre of the safe area, for every aspect ratio', () => {
    for (const [width, height] of Object.values(FRAMES)) {
      const safe = safeArea(width, height);
      for (const position of TEXT_OVERLAY_POSITIONS) {
        const [box] = layout([overlay({ position })], { width, height }).boxes;
        expect(inside(box, safe)).toBe(true);
        const centreX = box.x + box.width / 2;
        if (position.endsWith('left')) expect(box.x).toBeCloseTo(safe.x, 5);
        else if (position.endsWith('right')) expect(box.x + box.width).toBeCloseTo(safe.x + safe.width, 5);
        else expect(centreX).toBeCloseTo(safe.x + safe.width / 2, 5);
        if (position.startsWith('top')) expect(box.y).toBeCloseTo(safe.y, 5);
        else if (position.startsWith('bottom')) expect(box.y + box.height).toBeCloseTo(safe.y + safe.height, 5);
        else expect(box.y + box.height / 2).toBeCloseTo(safe.y + safe.height / 2, 5);
      }
    }
  });

  it('keeps portrait overlays clear of the app overlays of a 9:16 feed (its large insets)', () => {
    const [width, height] = FRAMES['9:16'];
    for (const position of TEXT_OVERLAY_POSITIONS) {
      for (const style of TEXT_OVERLAY_STYLES) {
        const [box] = layout([overlay({ position, style, text: 'A long caption that needs more than one line to say it all' })], {
          width,
          height,
        }).boxes;
        expect(box.x).toBeGreaterThanOrEqual(width * 0.06 - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(width * 0.85 + 1);
        expect(box.y).toBeGreaterThanOrEqual(height * 0.11 - 1);
        expect(box.y + box.height).toBeLessThanOrEqual(height * 0.8 + 1);
      }
    }
  });

  it('stacks overlays of one slot shown together away from its edge, and reuses the place once one is gone', () => {
    const bottom = layout([overlay({ start: 0, end: 5 }), overlay({ start: 1, end: 4, text: 'Second' }), overlay({ start: 6, end: 8 })]);
    const [first, second, later] = bottom.boxes;
    expect(second.y + second.height).toBeLessThan(first.y);
    expect(later.y).toBe(first.y);

    const top = layout([overlay({ position: 'top', start: 0, end: 5 }), overlay({ position: 'top', start: 2, end: 3 })]).boxes;
    expect(top[1].y).toBeGreaterThan(top[0].y + top[0].height);
  });

  it('keeps the place an overlay took when a later one arrives (no jump while it shows)', () => {
    const alone = layout([overlay({ start: 0, end: 6 })]).boxes[0];
    const joined = layout([overlay({ start: 0, end: 6 }), overlay({ start: 3, end: 5, text: 'Later' })]).boxes[0];
    expect(joined).toEqual(alone);
  });

  it('sets a lower-third beside a HUD in the same corner rather than over it', () => {
    const hud: Rect = { x: 36, y: 720 - 36 - 103, width: 245, height: 103 };
    const [bar] = layout([overlay({ style: 'lower-third', position: 'bottom-left', text: 'Day 3 — crossing the Atlantic' })], {
      obstacles: [hud],
    }).boxes;
    expect(overlaps(bar, hud)).toBe(false);
    expect(bar.x).toBeGreaterThan(hud.x + hud.width);
    expect(bar.y + bar.height).toBeCloseTo(hud.y + hud.height, 5);
    expect(bar.accent).toBe('left');
  });

  it('never covers another overlay shown at the same time, nor an obstacle, however crowded', () => {
    const rand = random(11);
    for (let round = 0; round < 60; round++) {
      const [width, height] = Object.values(FRAMES)[round % 4];
      const overlays = Array.from({ length: 1 + Math.floor(rand() * 10) }, () => {
        const start = Math.floor(rand() * 8);
        return overlay({
          start,
          end: start + 0.5 + rand() * 6,
          position: TEXT_OVERLAY_POSITIONS[Math.floor(rand() * TEXT_OVERLAY_POSITIONS.length)] as TextOverlayPosition,
          style: TEXT_OVERLAY_STYLES[Math.floor(rand() * TEXT_OVERLAY_STYLES.length)] as TextOverlayStyle,
          text: 'word '.repeat(1 + Math.floor(rand() * 23)).trim(),
        });
      });
      const obstacles: OverlayObstacle[] = [
        { x: width - 300, y: height - 150, width: 260, height: 110 },
        { x: width / 2 - 200, y: height / 2 - 100, width: 400, height: 200, from: 0, to: 2 },
      ];
      const result = layout(overlays, { width, height, obstacles });
      const safe = safeArea(width, height);
      expect(result.boxes.length + result.left_out.length).toBe(overlays.length);
      for (const a of result.boxes) {
        expect(inside(a, safe)).toBe(true);
        for (const o of obstacles) if (together(a, o)) expect(overlaps(a, o)).toBe(false);
        for (const b of result.boxes) if (a !== b && together(a, b)) expect(overlaps(a, b)).toBe(false);
      }
    }
  });

  it('moves an overlay to the nearest other place when its slot is full, and leaves it out when nothing is free', () => {
    const headline = (i: number) =>
      overlay({ style: 'headline', position: 'top', start: 0, end: 5, text: `Headline number ${i} that fills a line or two of the frame` });
    const crowded = layout(Array.from({ length: 10 }, (_, i) => headline(i)));
    expect(crowded.boxes.length).toBeGreaterThan(2);
    expect(crowded.left_out.length).toBeGreaterThan(0);
    expect(crowded.boxes.length + crowded.left_out.length).toBe(10);
    // The first ones keep the slot; the ones after take places lower down, in input order.
    expect(crowded.boxes[0].y).toBeCloseTo(36, 5);
    expect(crowded.left_out[0]).toBe(crowded.boxes.length);
  });

  it('wraps text to the style’s width and lines, shrinks the font before cutting, and ends a cut text in “…”', () => {
    const short = layout([overlay({ text: 'Lisbon' })]).boxes[0];
    const long = layout([
      overlay({ text: 'From Lisbon across the Atlantic to New York, then back to Rotterdam, by plane, ship, train and car' }),
    ]).boxes[0];
    expect(short.lines).toEqual(['Lisbon']);
    expect(long.lines.length).toBeGreaterThan(1);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    expect(long.lines.join(' ')).toBe('From Lisbon across the Atlantic to New York, then back to Rotterdam, by plane, ship, train and car');
    expect(long.width).toBeLessThanOrEqual(1208 * 0.6 + 1);
    // Lines of even length: no word left hanging on a short last line.
    const widths = long.lines.map((l) => measure(l, long.font));
    expect(Math.min(...widths)).toBeGreaterThan(Math.max(...widths) * 0.75);
    const twoLines = layout([overlay({ text: 'The crossing to New York takes a little over seven hours by air' })]).boxes[0];
    expect(twoLines.lines).toEqual(['The crossing to New York takes a', 'little over seven hours by air']);

    const huge = layout([overlay({ style: 'lower-third', text: 'x '.repeat(60).trim() + ' y'.repeat(60) })]).boxes[0];
    expect(huge.lines).toHaveLength(2);
    expect(huge.lines[1].endsWith('…')).toBe(true);
    const preferred = layout([overlay({ style: 'lower-third', text: 'Short' })]).boxes[0].font.size;
    expect(huge.font.size).toBeLessThan(preferred);

    // Just too long for one line at the preferred size: a little smaller rather than on two lines.
    const [width] = FRAMES['4:5'];
    const headline = layoutTextOverlays({
      width,
      height: 900,
      overlays: [overlay({ style: 'headline', position: 'top-left', text: 'Lisbon → Copenhagen 26' })],
      obstacles: [],
      measure,
    }).boxes[0];
    expect(headline.lines).toEqual(['Lisbon → Copenhagen 26']);
    expect(headline.font.size).toBeLessThan(6.2 * 7.2);
    expect(headline.font.size).toBeGreaterThanOrEqual(6.2 * 7.2 * 0.85 - 1e-9);

    expect(wrapText('https://example.com/a/very/long/path', 100, 5, (s) => s.length * 10)).toEqual([
      'https://ex',
      'ample.com/',
      'a/very/lon',
      'g/path',
    ]);
  });

  it('fades in and out over 0.4 s, quicker for a short overlay', () => {
    const [box] = layout([overlay({ start: 2, end: 6 })]).boxes;
    expect(box.fade).toBeCloseTo(0.4);
    expect(overlayOpacity(box, 1.99)).toBe(0);
    expect(overlayOpacity(box, 2)).toBe(0);
    expect(overlayOpacity(box, 2.2)).toBeGreaterThan(0.3);
    expect(overlayOpacity(box, 2.2)).toBeLessThan(0.7);
    expect(overlayOpacity(box, 4)).toBe(1);
    expect(overlayOpacity(box, 5.8)).toBeLessThan(0.7);
    expect(overlayOpacity(box, 6)).toBe(0);
    expect(fadeSeconds(1, 1.6)).toBeCloseTo(0.15);
  });

  it('keeps off what the map shows while the overlay shows, or covers the least of it when nothing is clear', () => {
    // A route along the bottom of the safe area from 2 s to 6 s.
    const route: Rect = { x: 0, y: 560, width: 1280, height: 60 };
    const underneath = (r: Rect, start: number, end: number) => (start < 6 && end > 2 ? overlapArea(r, route) : 0);
    const [moved] = layout([overlay({ start: 3, end: 5 })], { underneath }).boxes;
    expect(overlapArea(moved, route)).toBe(0);
    // Shown before the route draws: its own slot.
    const [before] = layout([overlay({ start: 0, end: 1.5 })], { underneath }).boxes;
    expect(before).toEqual(layout([overlay({ start: 0, end: 1.5 })]).boxes[0]);
    // The map shows something everywhere: still shown, where it covers least.
    const everywhere = (r: Rect) => 1 + overlapArea(r, route);
    const crowded = layout([overlay({ start: 3, end: 5 })], { underneath: everywhere });
    expect(crowded.left_out).toEqual([]);
    expect(overlapArea(crowded.boxes[0], route)).toBe(0);
  });

  it('keeps reading order: a later overlay never sits above an earlier headline, even where the top is free again', () => {
    // The title card covers the top band for the first 2 s: the headline, shown from 0.5 s, goes under it. A
    // caption asked for the top from 2.5 s, when the band is free again, goes under the headline, not above it.
    const titleCard: OverlayObstacle = { x: 240, y: 0, width: 800, height: 200, from: 0, to: 2 };
    const { boxes } = layout(
      [
        overlay({ text: 'Lisbon to Copenhagen in five stops', start: 0.5, end: 9, position: 'top', style: 'headline' }),
        overlay({ text: 'The crossing takes seven hours', start: 2.5, end: 8, position: 'top', style: 'caption' }),
      ],
      { obstacles: [titleCard] },
    );
    const [headline, caption] = boxes;
    expect(headline.y).toBeGreaterThanOrEqual(200);
    expect(caption.y).toBeGreaterThanOrEqual(headline.y + headline.height);
  });

  it('breaks reading order only when every spot in order would cover the map', () => {
    const titleCard: OverlayObstacle = { x: 240, y: 0, width: 800, height: 200, from: 0, to: 2 };
    // The route runs everywhere under the headline.
    const underneath = (r: Rect) => overlapArea(r, { x: 0, y: 280, width: 1280, height: 440 });
    const { boxes } = layout(
      [
        overlay({ text: 'Lisbon to Copenhagen in five stops', start: 0.5, end: 9, position: 'top', style: 'headline' }),
        overlay({ text: 'The crossing takes seven hours', start: 2.5, end: 8, position: 'top', style: 'caption' }),
      ],
      { obstacles: [titleCard], underneath },
    );
    const [headline, caption] = boxes;
    expect(underneath(caption)).toBe(0);
    expect(caption.y + caption.height).toBeLessThanOrEqual(headline.y);
  });
});
