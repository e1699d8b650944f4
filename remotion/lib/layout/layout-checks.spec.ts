import type { FrameLayout, LayoutLabel } from '../../../src/modules/contract';
import { bandFindings, checkFrameLayout, coverFindings, labelFindings, leftOutFindings } from './layout-checks';
import { overlapArea, segmentCrossesRect } from './screen-geometry';

/** A 1080×1920 frame with nothing in it, the flat map filling it. */
const empty = (over: Partial<FrameLayout> = {}): FrameLayout => ({
  frame: 12,
  width: 1080,
  height: 1920,
  covers: [],
  labels: [],
  markers: [],
  routes: [],
  extent: { kind: 'flat', top: -400, bottom: 2400, clearFrom: 0 },
  omitted: [],
  ...over,
});

const label = (over: Partial<LayoutLabel> = {}): LayoutLabel => ({
  id: 'waypoint 1 (Auckland)',
  text: 'Auckland',
  fontPx: 27,
  color: '#1d2a36',
  backing: { kind: 'halo', color: 'rgba(255,255,255,0.92)' },
  opacity: 1,
  x: 400,
  y: 1000,
  width: 150,
  height: 36,
  ...over,
});

const hud = { kind: 'hud' as const, id: 'HUD', x: 65, y: 1383, width: 367, height: 153, opacity: 1 };

describe('layout checks (contract §22)', () => {
  it('finds nothing in a full frame with a clear, large, readable label', () => {
    expect(checkFrameLayout(empty({ covers: [hud], labels: [label()] }))).toEqual([]);
  });

  it('measures overlaps and segments through rectangles', () => {
    expect(overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 5, y: 5, width: 10, height: 10 })).toBe(25);
    expect(overlapArea({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(0);
    const box = { x: 10, y: 10, width: 10, height: 10 };
    expect(segmentCrossesRect([0, 15], [30, 15], box)).toBe(true);
    expect(segmentCrossesRect([0, 0], [30, 5], box)).toBe(false);
  });

  it('names the cover, the element and how much of it is covered: a label, a marker, a route', () => {
    const layout = empty({
      covers: [hud],
      labels: [label({ x: 300, y: 1400 })],
      markers: [{ id: 'waypoint 1 (Auckland)', x: 200, y: 1450, width: 18, height: 18, opacity: 1 }],
      routes: [
        {
          id: 'leg 1',
          points: [
            [0, 1450],
            [500, 1450],
          ],
        },
      ],
    });
    const findings = coverFindings(layout);
    expect(findings.map((f) => [f.frame, f.check, f.element])).toEqual([
      [12, 'covered', 'label waypoint 1 (Auckland)'],
      [12, 'covered', 'marker waypoint 1 (Auckland)'],
      [12, 'covered', 'route leg 1'],
    ]);
    expect(findings[0].message).toBe('HUD (65, 1383, 367×153) covers label waypoint 1 (Auckland) (300, 1400, 150×36): 88 % of it');
    expect(findings[1].message).toMatch(/covers marker waypoint 1 \(Auckland\) \(200, 1450, 18×18\): 100 % of it$/);
    // The line runs across the whole HUD: its width.
    expect(findings[2].message).toBe('HUD (65, 1383, 367×153) covers 367 px of route leg 1');
  });

  it('leaves out what is not showing, and a panel’s own text', () => {
    const layout = empty({
      covers: [
        { ...hud, opacity: 0 },
        { kind: 'panel', id: 'region title (Japan)', x: 300, y: 200, width: 400, height: 80, opacity: 1 },
      ],
      labels: [
        label({ x: 300, y: 1400 }),
        label({ id: 'region title (Japan)', x: 350, y: 220 }),
        label({ id: 'fading', x: 320, y: 210, opacity: 0 }),
      ],
    });
    expect(coverFindings(layout)).toEqual([]);
  });

  it('finds the empty band a flat map leaves above and below the world, beyond a small tolerance', () => {
    expect(bandFindings(empty({ extent: { kind: 'flat', top: 509, bottom: 1600, clearFrom: 0 } })).map((f) => f.message)).toEqual([
      "the map's top edge leaves an empty band of 509 px at the top of the 1080×1920 frame (26.5 % of its height)",
      "the map's bottom edge leaves an empty band of 320 px at the bottom of the 1080×1920 frame (16.7 % of its height)",
    ]);
    // A few pixels of rounding go unreported; a globe or a tilted plane's horizon is drawn by design.
    expect(bandFindings(empty({ extent: { kind: 'flat', top: 3, bottom: 1917, clearFrom: 0 } }))).toEqual([]);
    expect(bandFindings(empty({ extent: { kind: 'flat', top: null, bottom: 2000, clearFrom: 0 } }))).toEqual([]);
    // Under a tilted camera's horizon, the band counts from where the haze no longer hides the map.
    expect(bandFindings(empty({ extent: { kind: 'flat', top: 780, bottom: 2000, clearFrom: 776 } }))).toEqual([]);
    expect(bandFindings(empty({ extent: { kind: 'globe', cx: 540, cy: 870, r: 380 } }))).toEqual([]);
  });

  it('finds labels under 2.2 % of the short side, and labels that read under 4.5:1 at worst', () => {
    const findings = labelFindings(
      empty({
        labels: [
          label({ id: 'route 0 data (17 days)', text: '17 days', fontPx: 22.1 }),
          label({ id: 'route 4 data (17 days)', color: '#d98a00' }),
          label({ id: 'exactly 2.2 %', fontPx: 23.8 }),
        ],
      }),
    );
    expect(findings.map((f) => f.message)).toEqual([
      "label route 0 data (17 days) is 22.1 px tall, under 2.2 % of the frame's short side (23.8 px)",
      'label route 4 data (17 days) (#d98a00 on its halo rgba(255,255,255,0.92)) reads at 2.31:1 over black, under 4.5:1',
    ]);
  });

  it('reports a label left out for what is over the map', () => {
    expect(leftOutFindings(empty({ omitted: ['waypoint 0 (Suva)'] }))).toEqual([
      {
        frame: 12,
        check: 'label-left-out',
        element: 'label waypoint 0 (Suva)',
        message: 'label waypoint 0 (Suva) was left out: what is over the map took its room',
      },
    ]);
  });
});
