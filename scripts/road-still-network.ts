/**
 * The road network drawn over the README's road still (scripts/road-still.ts), so that a reader sees why the truck
 * took its path: the ways of the synthetic city's .osm.pbf (test/support/synthetic-osm-pbf.ts, the very ways the
 * router read) and its river, projected as the frame projected the route, drawn as an SVG in Chromium and laid into
 * the frame with pngjs only where the frame shows bare land and away from its labels, markers and HUD: the route,
 * the labels and the HUD stay as the service drew them, on top.
 *
 * The frame's projection is read from the frame's own layout (FrameLayoutPage): a flat, untilted map maps world
 * units to pixels by one scale and an offset; the scale and the vertical offset are the screen rows of the world's
 * edges (the layout's extent), the horizontal offset is where the route starts. Every point of the route as the
 * frame drew it is then checked to lie on a projected street, or the still is not written.
 */
import { PNG } from 'pngjs';
import type { FrameLayout, LayoutRect, MapAnimationProps } from '../src/modules/contract';
import { project } from '../remotion/lib/geo/mercator';
import { buildRouteGeometry } from '../remotion/lib/geo/route-geometry';
import { cityWays, type SyntheticCity, type Way } from '../test/support/synthetic-osm-pbf';

type Px = [number, number];

/** Screen pixels of a longitude and latitude, on the frame whose layout this is. */
export function frameProjection(props: MapAnimationProps, layout: FrameLayout): (lng: number, lat: number) => Px {
  const { extent } = layout;
  if (extent.kind !== 'flat' || extent.top === null || extent.bottom === null) throw new Error('the frame is not a flat map');
  const geometry = buildRouteGeometry(props);
  const scale = extent.bottom - extent.top;
  const y0 = extent.top + scale / 2;
  const start = layout.routes[0]?.points[0];
  if (!start) throw new Error('the frame draws no route');
  const [wx, wy] = geometry.legs[0].xy;
  const x0 = start[0] - wx * scale;
  if (Math.abs(y0 + wy * scale - start[1]) > 0.5) throw new Error('the route does not start where the projection puts it');
  return (lng, lat) => {
    const p = project(lng, lat, geometry.centerLng);
    return [x0 + p.x * scale, y0 + p.y * scale];
  };
}

type Kind = 'street' | 'primary' | 'motorway' | 'link' | 'oneway' | 'hgvNo' | 'bridge' | 'footbridge';

interface Line {
  kind: Kind;
  points: Px[];
}

function kindOf(tags: Way['tags']): Kind | null {
  if (!tags.highway) return null;
  if (tags.highway === 'footway') return 'footbridge';
  if (tags.bridge === 'yes') return 'bridge';
  if (tags.highway === 'motorway') return 'motorway';
  if (tags.highway === 'motorway_link') return 'link';
  if (tags.oneway === 'yes') return 'oneway';
  if (tags.hgv === 'no') return 'hgvNo';
  return tags.highway === 'primary' ? 'primary' : 'street';
}

/** The city's roads on screen (the buildings left out). */
export function networkLines(city: SyntheticCity, toScreen: (lng: number, lat: number) => Px): Line[] {
  const lines: Line[] = [];
  for (const way of cityWays(city)) {
    const kind = kindOf(way.tags);
    if (kind) lines.push({ kind, points: way.refs.map((id) => toScreen(...city.position(id))) });
  }
  return lines;
}

function distanceToSegment(p: Px, a: Px, b: Px): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/** The farthest any point of the frame's routes lies from a road a lorry may drive, in pixels. */
export function routeOffNetwork(layout: FrameLayout, lines: Line[]): number {
  const roads = lines.filter((l) => l.kind !== 'footbridge' && l.kind !== 'hgvNo');
  let worst = 0;
  for (const route of layout.routes) {
    for (const p of route.points) {
      let nearest = Infinity;
      for (const { points } of roads) {
        for (let i = 1; i < points.length; i++) nearest = Math.min(nearest, distanceToSegment(p, points[i - 1], points[i]));
      }
      worst = Math.max(worst, nearest);
    }
  }
  return worst;
}

const STYLE: Record<Kind, { color: string; width: number; dash?: string }> = {
  link: { color: '#a3a9b3', width: 3 },
  street: { color: '#a3a9b3', width: 3 },
  primary: { color: '#8b929c', width: 5 },
  motorway: { color: '#6b7280', width: 10 },
  hgvNo: { color: '#0f8f7e', width: 4, dash: '14 8' },
  oneway: { color: '#7c4dcc', width: 4 },
  bridge: { color: '#a3a9b3', width: 3 },
  footbridge: { color: '#4b5563', width: 3, dash: '6 6' },
};
const RIVER = '#9cc6ea';
const BRIDGE_CASING = '#374151';
const ONEWAY_ARROW = '#5b2fa8';
const DECK = '#f4f1ea';

const path = (points: Px[]) => 'M' + points.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join(' L');
const stroke = (d: string, color: string, width: number, dash?: string) =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="butt" stroke-linejoin="round"${
    dash ? ` stroke-dasharray="${dash}"` : ''
  }/>`;

/** A chevron at `at` pointing along `angle` (radians). */
const chevron = (at: Px, angle: number, color: string) =>
  `<path d="M -6 -7 L 4 0 L -6 7" fill="none" stroke="${color}" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round" transform="translate(${at[0].toFixed(
    2,
  )} ${at[1].toFixed(2)}) rotate(${((angle * 180) / Math.PI).toFixed(2)})"/>`;

/** A road bridge's deck: wider than the route, so that its dark edges show on either side of a route crossing it. */
const bridge = (deck: Px[]) => [stroke(path(deck), BRIDGE_CASING, 30), stroke(path(deck), DECK, 24)];
const footbridge = (deck: Px[]) => [
  stroke(path(deck), '#6b7280', 16),
  stroke(path(deck), DECK, 12),
  stroke(path(deck), STYLE.footbridge.color, 3, STYLE.footbridge.dash),
];

export interface NetworkDrawing {
  svg: string;
  legend: LayoutRect;
}

/**
 * The network as an SVG of the frame's size, transparent where nothing is drawn, with its legend (what is drawn in
 * view, and the route as the service draws it) in the first corner where it covers no route, marker, label or cover.
 */
export function networkSvg(
  city: SyntheticCity,
  toScreen: (lng: number, lat: number) => Px,
  layout: FrameLayout,
  route: { color: string; width: number },
): NetworkDrawing {
  const { width, height } = layout;
  const lines = networkLines(city, toScreen);
  const o = city.o;
  const inView = (l: Line) => l.points.some(([x, y]) => x >= 0 && x <= width && y >= 0 && y <= height);
  const shown = new Set(lines.filter(inView).map((l) => l.kind));
  const parts: string[] = [];

  // The river: a band between its banks' columns, running north–south beyond the city.
  const half = 0.3 * o.spacingDeg;
  const [south, north] = [o.origin[1] - 6 * o.spacingDeg, o.origin[1] + (o.rows + 6) * o.spacingDeg];
  const river = [
    toScreen(city.riverLng - half, south),
    toScreen(city.riverLng + half, south),
    toScreen(city.riverLng + half, north),
    toScreen(city.riverLng - half, north),
  ];
  parts.push(`<path d="${path(river)} Z" fill="${RIVER}"/>`);

  const order: Kind[] = ['link', 'street', 'primary', 'motorway', 'hgvNo', 'oneway', 'bridge'];
  for (const kind of order) {
    for (const line of lines.filter((l) => l.kind === kind)) {
      const s = STYLE[kind];
      parts.push(stroke(path(line.points), s.color, s.width, s.dash));
    }
  }
  // One-way rows: an arrow halfway along each block, pointing the way traffic may go.
  for (const line of lines.filter((l) => l.kind === 'oneway')) {
    for (let i = 1; i < line.points.length; i++) {
      const [a, b] = [line.points[i - 1], line.points[i]];
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 30) continue;
      parts.push(chevron([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], Math.atan2(b[1] - a[1], b[0] - a[0]), ONEWAY_ARROW));
    }
  }
  // Bridges: a dark casing where the road is over the water; the footbridge a dashed line over it.
  for (const line of lines.filter((l) => l.kind === 'bridge' || l.kind === 'footbridge')) {
    const y = line.points[0][1];
    const [left] = toScreen(city.riverLng - half - 0.06 * o.spacingDeg, o.origin[1]);
    const [right] = toScreen(city.riverLng + half + 0.06 * o.spacingDeg, o.origin[1]);
    const deck: Px[] = [
      [left, y],
      [right, y],
    ];
    if (line.kind === 'bridge') {
      parts.push(...bridge(deck), stroke(path(line.points), STYLE.bridge.color, 3));
    } else {
      parts.push(...footbridge(deck));
    }
  }

  // The legend.
  const items: Array<{ text: string; draw: (x: number, y: number) => string; when: boolean }> = [
    { text: "the truck's route", when: true, draw: (x, y) => stroke(`M${x} ${y} L${x + 44} ${y}`, route.color, route.width) },
    {
      text: 'street',
      when: shown.has('street'),
      draw: (x, y) => stroke(`M${x} ${y} L${x + 44} ${y}`, STYLE.street.color, STYLE.street.width),
    },
    {
      text: 'main street',
      when: shown.has('primary'),
      draw: (x, y) => stroke(`M${x} ${y} L${x + 44} ${y}`, STYLE.primary.color, STYLE.primary.width),
    },
    {
      text: 'motorway',
      when: shown.has('motorway'),
      draw: (x, y) => stroke(`M${x} ${y} L${x + 44} ${y}`, STYLE.motorway.color, STYLE.motorway.width),
    },
    {
      text: 'one-way street',
      when: shown.has('oneway'),
      draw: (x, y) => stroke(`M${x} ${y} L${x + 44} ${y}`, STYLE.oneway.color, STYLE.oneway.width) + chevron([x + 22, y], 0, ONEWAY_ARROW),
    },
    {
      text: 'closed to lorries',
      when: shown.has('hgvNo'),
      draw: (x, y) => stroke(`M${x} ${y} L${x + 44} ${y}`, STYLE.hgvNo.color, STYLE.hgvNo.width, STYLE.hgvNo.dash),
    },
    {
      text: 'bridge',
      when: shown.has('bridge'),
      draw: (x, y) =>
        bridge([
          [x, y],
          [x + 44, y],
        ]).join('') + stroke(`M${x} ${y} L${x + 44} ${y}`, STYLE.bridge.color, 3),
    },
    {
      text: 'footbridge, no vehicles',
      when: shown.has('footbridge'),
      draw: (x, y) =>
        footbridge([
          [x, y],
          [x + 44, y],
        ]).join(''),
    },
    { text: 'river', when: true, draw: (x, y) => `<rect x="${x}" y="${y - 9}" width="44" height="18" fill="${RIVER}"/>` },
  ];
  const rows = items.filter((i) => i.when);
  const pad = 20;
  const rowHeight = 40;
  const legend: LayoutRect = { x: 0, y: 0, width: 370, height: pad * 2 + 40 + rows.length * rowHeight };
  legend.x = width - 40 - legend.width;
  legend.y = 40;
  const placed = placeLegend(legend, layout);
  const title = `<text x="${placed.x + pad}" y="${placed.y + pad + 24}" font-family="DejaVu Sans, sans-serif" font-size="24" font-weight="bold" fill="#1f2937">The road network</text>`;
  const entries = rows.map((item, i) => {
    const y = placed.y + pad + 40 + i * rowHeight + rowHeight / 2;
    return `${item.draw(placed.x + pad, y)}<text x="${placed.x + pad + 62}" y="${y + 8}" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#1f2937">${item.text.replace("'", '&#39;')}</text>`;
  });
  parts.push(
    `<rect x="${placed.x}" y="${placed.y}" width="${placed.width}" height="${placed.height}" rx="12" fill="#ffffff" stroke="#d1d5db" stroke-width="1.5"/>`,
    title,
    ...entries,
  );
  return {
    svg: `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`,
    legend: placed,
  };
}

function overlaps(a: LayoutRect, b: LayoutRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The first corner (top right, top left, bottom right, bottom left) where the legend keeps 24 px off everything the frame shows. */
function placeLegend(size: LayoutRect, layout: FrameLayout): LayoutRect {
  const m = 40;
  const corners: Array<[number, number]> = [
    [layout.width - m - size.width, m],
    [m, m],
    [layout.width - m - size.width, layout.height - m - size.height],
    [m, layout.height - m - size.height],
  ];
  const taken = [...layout.covers, ...layout.labels, ...layout.markers];
  for (const [x, y] of corners) {
    const box = { x: x - 24, y: y - 24, width: size.width + 48, height: size.height + 48 };
    const clear =
      !taken.some((r) => overlaps(box, r)) &&
      !layout.routes.some((r) =>
        r.points.some(([px, py]) => px >= box.x && px <= box.x + box.width && py >= box.y && py <= box.y + box.height),
      );
    if (clear) return { ...size, x, y };
  }
  throw new Error('no corner of the frame has room for the legend');
}

/**
 * The network laid into the frame: where the frame shows bare land (its most common colour) outside the labels,
 * markers and covers (grown by a few pixels), and in the legend's box; everything else is the frame's own pixel.
 */
export function composite(frame: PNG, network: PNG, layout: FrameLayout, legend: LayoutRect): PNG {
  const { width, height } = frame;
  const counts = new Map<number, number>();
  for (let i = 0; i < width * height * 4; i += 4) {
    const key = (frame.data[i] << 16) | (frame.data[i + 1] << 8) | frame.data[i + 2];
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const land = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
  const [lr, lg, lb] = [land >> 16, (land >> 8) & 255, land & 255];
  const grow = (r: LayoutRect, by: number) => ({ x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by });
  const kept = [...layout.labels.map((r) => grow(r, 6)), ...layout.markers.map((r) => grow(r, 4)), ...layout.covers.map((r) => grow(r, 6))];
  const inside = (x: number, y: number, r: LayoutRect) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
  const out = new PNG({ width, height });
  frame.data.copy(out.data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const a = network.data[i + 3] / 255;
      if (a === 0) continue;
      const bare = Math.abs(frame.data[i] - lr) <= 2 && Math.abs(frame.data[i + 1] - lg) <= 2 && Math.abs(frame.data[i + 2] - lb) <= 2;
      if (!inside(x, y, legend) && (!bare || kept.some((r) => inside(x, y, r)))) continue;
      for (let c = 0; c < 3; c++) out.data[i + c] = Math.round(network.data[i + c] * a + frame.data[i + c] * (1 - a));
      out.data[i + 3] = 255;
    }
  }
  return out;
}
