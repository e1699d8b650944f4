import { type AspectRatio, buildCompositionProps, type PropsOf } from '../../../src/modules/contract';
import { inside, overlaps, type Rect } from '../../lib/layout/labels';
import { multiRouteRequest, shanghaiPortsProps } from '../../fixtures/sample-routes';
import { SHANGHAI_PORTS } from '../../fixtures/sample-plans';
import { EUROPE_CITIES, networkProps, ROTTERDAM, SHANGHAI, WORLD_PORTS } from '../../fixtures/sample-networks';
import { type LabelSpec, layoutLabels, leaderSegment, placedRect, segmentHitsRect } from './label-layout';
import { type MultiRoutePlan, planLabels, planMultiRoute, type PlannedLabels, pointsOnScreen } from './plan';

/** DejaVu Sans is about 0.6 em wide per character on average; bold a little more. Generous, so real text fits too. */
const measure = (text: string, font: string) => text.length * parseFloat(font.split(' ')[1]) * 0.66;

const ASPECTS: AspectRatio[] = ['16:9', '9:16', '1:1', '4:5'];

interface Problem {
  frame: number;
  what: string;
}

/**
 * The rules, on every frame of the video (not only the frames the layout was checked on): each
 * shown label (its point in the frame) inside the safe area, off every other shown label and every marker. With
 * `leaders`, also no leader line through another label.
 */
function problemsOf(plan: MultiRoutePlan, labels: PlannedLabels, { leaders = false } = {}): Problem[] {
  const { insets, width, height } = plan.viewport;
  const bounds: Rect = {
    x: insets.left,
    y: insets.top,
    width: width - insets.left - insets.right,
    height: height - insets.top - insets.bottom,
  };
  const problems: Problem[] = [];
  for (let frame = 0; frame < plan.track.length; frame++) {
    const points = pointsOnScreen(plan, frame);
    // A label shows once it has appeared, while its point is in the frame (layer.ts).
    const inFrame = (p: { x: number; y: number }) => p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height;
    const shown = labels.placements
      .map((p, k) => (p && frame >= plan.labelFrom[k] && inFrame(points[k]) ? { k, p, rect: placedRect(p, points[k]) } : null))
      .filter((x) => x !== null);
    for (const a of shown) {
      if (!inside(a.rect, bounds)) problems.push({ frame, what: `label ${a.k} leaves the safe area` });
      for (const b of shown) {
        if (b.k > a.k && overlaps(a.rect, b.rect)) problems.push({ frame, what: `labels ${a.k} and ${b.k} overlap` });
        if (leaders && b !== a && a.p.leader) {
          if (segmentHitsRect(leaderSegment({ markerRadius: plan.markerRadius[a.k] }, points[a.k], a.p.leader), b.rect, 0)) {
            problems.push({ frame, what: `leader of ${a.k} crosses label ${b.k}` });
          }
        }
      }
      points.forEach((m, j) => {
        const r = plan.markerRadius[j];
        if (overlaps(a.rect, { x: m.x - r, y: m.y - r, width: 2 * r, height: 2 * r }))
          problems.push({ frame, what: `label ${a.k} covers marker ${j}` });
      });
    }
  }
  return problems;
}

describe('multi_route label layout, on real networks over the whole camera path', () => {
  const cases: Array<[string, (aspect: AspectRatio) => PropsOf<'multi_route'>]> = [
    ['Shanghai to 8 ports (the fixture)', (aspect) => shanghaiPortsProps({ aspect_ratio: aspect })],
    ['Shanghai to 30 ports around the world', (aspect) => networkProps(SHANGHAI, WORLD_PORTS, { aspect_ratio: aspect })],
    ['Rotterdam to 30 European cities', (aspect) => networkProps(ROTTERDAM, EUROPE_CITIES, { aspect_ratio: aspect })],
  ];

  for (const [name, build] of cases) {
    for (const aspect of ASPECTS) {
      it(`${name} at ${aspect}: every label placed, inside the safe area, covering no label nor marker on any frame`, () => {
        const plan = planMultiRoute(build(aspect));
        const labels = planLabels(plan, measure);
        expect(labels.placements.filter((p) => p !== null)).toHaveLength(plan.geometry.waypoints.length);
        expect(problemsOf(plan, labels).slice(0, 5)).toEqual([]);
      });
    }
  }

  it('places the eight ports of the fixture beside their markers, without leader lines, in every aspect ratio', () => {
    for (const aspect of ASPECTS) {
      const plan = planMultiRoute(shanghaiPortsProps({ aspect_ratio: aspect }));
      const labels = planLabels(plan, measure);
      expect(labels.placements.map((p) => p?.leader ?? null)).toEqual(labels.placements.map(() => null));
    }
  });

  it('keeps leader lines off other labels almost everywhere when there is room (thirty ports in landscape)', () => {
    const plan = planMultiRoute(networkProps(SHANGHAI, WORLD_PORTS, { aspect_ratio: '16:9' }));
    const labels = planLabels(plan, measure);
    // Thirty labels, half of them on leaders: at most two leader lines pass a label at some moment of the video.
    const crossings = new Set(problemsOf(plan, labels, { leaders: true }).map((p) => p.what));
    expect(crossings.size).toBeLessThanOrEqual(2);
  });

  it('sits beside the marker where there is room, with a leader line only where there is not', () => {
    const plan = planMultiRoute(networkProps(SHANGHAI, WORLD_PORTS, { aspect_ratio: '16:9' }));
    const { placements } = planLabels(plan, measure);
    const sydney = WORLD_PORTS.findIndex(([n]) => n === 'Sydney') + 1;
    const auckland = WORLD_PORTS.findIndex(([n]) => n === 'Auckland') + 1;
    expect(placements[sydney]?.leader).toBeNull();
    expect(placements[auckland]?.leader).toBeNull();
    // The European ports are packed: some of them need a leader line.
    expect(placements.filter((p) => p?.leader).length).toBeGreaterThan(0);
  });

  it('with label_collision none, every label takes its default spot even where labels overlap', () => {
    const plan = planMultiRoute(networkProps(ROTTERDAM, EUROPE_CITIES, { multi_route: { label_collision: 'none' } }));
    const labels = planLabels(plan, measure);
    expect(labels.placements.every((p) => p !== null && p.leader === null && (p.align === 'left' || p.align === 'right'))).toBe(true);
    expect(problemsOf(plan, labels).some((p) => /overlap/.test(p.what))).toBe(true);
  });

  it('puts a label where its label_offset says (pixels at 1080p, scaled to the frame), and the others around it', () => {
    const request = multiRouteRequest(SHANGHAI_PORTS, {
      multi_route: { routes: SHANGHAI_PORTS.routes.map((r, i) => (i === 3 ? { ...r, label_offset: { x: 0, y: 90 } } : { ...r })) },
    });
    const plan = planMultiRoute(buildCompositionProps(request, SHANGHAI_PORTS.plan, { sandbox: false }) as PropsOf<'multi_route'>);
    const labels = planLabels(plan, measure);
    const singapore = labels.placements[4]!;
    // 720p: 90 px at 1080p is 60 px; the label's top edge sits 60 px below the marker, centred on it.
    expect(singapore.dy).toBeCloseTo(60, 5);
    expect(singapore.dx + singapore.width / 2).toBeCloseTo(0, 5);
    expect(singapore.leader).toEqual({ x: 0, y: 60 });
    expect(problemsOf(plan, labels)).toEqual([]);
  });

  it('decides the same layout every time', () => {
    const a = planLabels(planMultiRoute(networkProps(ROTTERDAM, EUROPE_CITIES, { aspect_ratio: '9:16' })), measure);
    const b = planLabels(planMultiRoute(networkProps(ROTTERDAM, EUROPE_CITIES, { aspect_ratio: '9:16' })), measure);
    expect(a).toEqual(b);
  });
});

describe('layoutLabels', () => {
  const bounds = { x: 36, y: 36, width: 1208, height: 648 };
  const still = (x: number, y: number, samples = 1) => Array.from({ length: samples }, () => ({ x, y }));
  const label = (id: number, x: number, y: number, extra: Partial<LabelSpec> = {}): LabelSpec => ({
    id,
    width: 120,
    height: 36,
    anchors: still(x, y),
    markerRadius: 7,
    priority: 0,
    offset: null,
    ...extra,
  });
  const marker = (id: number, x: number, y: number, samples = 1) => ({ id, radius: 7, positions: still(x, y, samples) });

  it('prefers the right of the marker, and the left near the right edge of the safe area', () => {
    const [free, nearEdge] = layoutLabels({
      labels: [label(0, 300, 300), label(1, 1200, 300)],
      markers: [marker(0, 300, 300), marker(1, 1200, 300)],
      bounds,
      obstacles: [],
      collision: 'auto-offset',
      unit: 7.2,
    });
    expect(free.dx).toBeGreaterThan(0);
    expect(free.align).toBe('left');
    expect(nearEdge.dx + nearEdge.width).toBeLessThan(0);
    expect(nearEdge.align).toBe('right');
  });

  it('keeps one side for the whole video: a spot that would collide on a later frame is not taken', () => {
    // Label 1 is beside label 0 only on the second sample (the camera zooms in and brings them together).
    const a = label(0, 400, 300, {
      anchors: [
        { x: 400, y: 300 },
        { x: 400, y: 300 },
      ],
    });
    const b = label(1, 700, 300, {
      anchors: [
        { x: 700, y: 300 },
        { x: 560, y: 300 },
      ],
    });
    const placed = layoutLabels({
      labels: [a, b],
      markers: [
        { id: 0, radius: 7, positions: a.anchors as { x: number; y: number }[] },
        { id: 1, radius: 7, positions: b.anchors as { x: number; y: number }[] },
      ],
      bounds,
      obstacles: [],
      collision: 'auto-offset',
      unit: 7.2,
    });
    for (let s = 0; s < 2; s++) {
      expect(overlaps(placedRect(placed[0], a.anchors[s]!), placedRect(placed[1], b.anchors[s]!))).toBe(false);
    }
  });

  it('takes a free spot farther out, with a leader line, when every spot beside the marker is taken', () => {
    // A marker boxed in by eight others all around it.
    const ring = [-1, 0, 1].flatMap((i) => [-1, 0, 1].filter((j) => i || j).map((j) => ({ x: 600 + i * 70, y: 300 + j * 30 })));
    const labels = [label(0, 600, 300, { priority: -1 })];
    const markers = [marker(0, 600, 300), ...ring.map((p, i) => marker(i + 1, p.x, p.y))];
    const [placed] = layoutLabels({ labels, markers, bounds, obstacles: [], collision: 'auto-offset', unit: 7.2 });
    expect(placed.leader).not.toBeNull();
    const rect = placedRect(placed, { x: 600, y: 300 });
    for (const m of markers)
      expect(overlaps(rect, { x: m.positions[0].x - 7, y: m.positions[0].y - 7, width: 14, height: 14 })).toBe(false);
  });

  it('avoids obstacles such as a HUD panel', () => {
    const hud = { x: 300, y: 250, width: 300, height: 100 };
    const [placed] = layoutLabels({
      labels: [label(0, 290, 300)],
      markers: [marker(0, 290, 300)],
      bounds,
      obstacles: [hud],
      collision: 'auto-offset',
      unit: 7.2,
    });
    expect(overlaps(placedRect(placed, { x: 290, y: 300 }), hud)).toBe(false);
  });
});
