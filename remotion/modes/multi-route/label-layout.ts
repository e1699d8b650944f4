/**
 * Where multi_route's labels sit, decided once per video. The camera moves, so each label gets
 * one offset from its marker (in screen pixels) that is valid on every sampled frame of the
 * camera path from the moment it appears: inside the safe area, off every other label, marker
 * and obstacle. Labels never change side while the video plays, so nothing flickers.
 *
 * With `auto-offset`, a label first tries the spots around its marker (right, left, above,
 * below, then the diagonals, as route_animation's labels do), then the same spots slid along
 * the marker's side, then spots ever farther away, joined to the marker by a thin leader line:
 * along the label's own spoke from the origin first (leaders on different spokes of one hub do
 * not cross), then in other directions. Among the allowed spots the tidiest wins: near, over
 * few route lines, with no leader line through a label or across another leader. Labels with a
 * `label_offset` are placed where asked before any other and are avoided by the rest. With
 * `none`, every label takes its default spot (right of its marker, or left where the right
 * would leave the safe area) whatever it covers. Pure and deterministic.
 */
import type { LabelCollisionMode } from '../../../src/modules/contract';
import { candidateRect, inside, type LabelSide, overlaps, type Rect } from '../../lib/layout/labels';

export interface Point {
  x: number;
  y: number;
}

export interface LabelSpec {
  id: number;
  /** Size of the label's text block in pixels. */
  width: number;
  height: number;
  /** Its marker's screen position on each sample; null on samples before the label appears. */
  anchors: (Point | null)[];
  /** Radius of its marker: the spots around it keep clear of it. */
  markerRadius: number;
  /** Placed earlier when larger (the origin before the destinations). */
  priority: number;
  /** `label_offset` in frame pixels: where the label goes, whatever it covers (see fromOffset). */
  offset: Point | null;
  /**
   * Which way is "outwards" for this label (from the origin towards its marker): a label that
   * must leave its marker's side prefers that way, so labels fan out from the hub like the routes.
   */
  away?: Point | null;
}

export interface MarkerSpec {
  /** The label this marker belongs to (a label's own marker is kept clear by its spot's gap). */
  id: number;
  radius: number;
  /** Screen position on each sample. */
  positions: Point[];
}

export interface LabelLayoutInput {
  labels: LabelSpec[];
  markers: MarkerSpec[];
  /** The safe area: every label stays inside it on every sample. */
  bounds: Rect;
  /** Screen rectangles no label may cover (a HUD panel). */
  obstacles: Rect[];
  collision: LabelCollisionMode;
  /** 1% of the frame's short side: gaps, ring spacing and padding scale with it. */
  unit: number;
  /**
   * Points along the route lines as the finished video shows them, a few pixels apart: a label
   * may cover a line (its halo keeps it readable), but among the free spots near its marker it
   * takes the one that covers least.
   */
  linePoints?: Point[];
}

export type LabelAlign = 'left' | 'right' | 'center';

export interface LabelPlacement {
  id: number;
  /** Top-left corner of the label relative to its marker, the same on every frame. */
  dx: number;
  dy: number;
  width: number;
  height: number;
  /** How its lines align: towards the marker (text right of the marker starts at its left edge). */
  align: LabelAlign;
  /** Where a leader line from the marker meets the label, relative to the marker; null = no leader (the label sits beside its marker). */
  leader: Point | null;
}

/** The box of a placement around a marker at `anchor`. */
export function placedRect(p: LabelPlacement, anchor: Point): Rect {
  return { x: anchor.x + p.dx, y: anchor.y + p.dy, width: p.width, height: p.height };
}

const NEAR_SIDES: LabelSide[] = ['right', 'left', 'top', 'bottom', 'top-right', 'bottom-right', 'top-left', 'bottom-left'];
/** Directions of the farther spots besides the label's own spoke (every 30 degrees, and the diagonals). */
const FAR_DIRECTIONS: number[] = [0, 180, -90, 90, -30, 30, -150, 150, -60, 60, -120, 120, -45, 45, -135, 135].map(
  (d) => (d * Math.PI) / 180,
);

interface Candidate {
  dx: number;
  dy: number;
  align: LabelAlign;
  leader: Point | null;
}

/** What is already placed, per sample, for the next label to avoid. */
interface Placed {
  spec: LabelSpec;
  placement: LabelPlacement;
}

export function layoutLabels(input: LabelLayoutInput): LabelPlacement[] {
  const { labels, unit } = input;
  const byId = new Map<number, LabelPlacement>();
  if (input.collision === 'none') {
    for (const spec of labels) byId.set(spec.id, spec.offset ? fromOffset(spec, spec.offset, unit) : defaultSpot(spec, input));
    return labels.map((l) => byId.get(l.id)!);
  }

  const placed: Placed[] = [];
  const lines = input.linePoints?.length ? new PointGrid(input.linePoints, unit * 4) : null;
  // Requested offsets first (they win), then by priority, then the most crowded labels, whose choices are fewest.
  const crowding = crowdingOf(labels);
  const order = labels
    .map((spec, index) => ({ spec, index }))
    .sort(
      (a, b) =>
        Number(b.spec.offset !== null) - Number(a.spec.offset !== null) ||
        b.spec.priority - a.spec.priority ||
        crowding[b.index] - crowding[a.index] ||
        a.index - b.index,
    );
  for (const { spec } of order) {
    placed.push({ spec, placement: spec.offset ? fromOffset(spec, spec.offset, unit) : bestSpot(spec, input, placed, lines) });
  }
  // A label placed early could not see the labels after it: where leader lines and labels cross,
  // each label involved looks for its best spot again, now among all the others.
  for (let round = 0; round < 5; round++) {
    let moved = false;
    for (let i = 0; i < placed.length; i++) {
      const { spec, placement } = placed[i];
      const others = placed.filter((_, j) => j !== i);
      if (spec.offset || crossings(placed[i], others) === 0) continue;
      const again = bestSpot(spec, input, others, lines);
      if (again.dx !== placement.dx || again.dy !== placement.dy) {
        placed[i] = { spec, placement: again };
        moved = true;
      }
    }
    if (!moved) break;
  }
  if (placed.some((p, i) => crossings(p, placed.slice(i + 1)) > 0)) untangle(placed, input, lines);
  for (const p of placed) byId.set(p.spec.id, p.placement);
  return labels.map((l) => byId.get(l.id)!);
}

/**
 * Where leader lines still cross labels or each other (a crowded map, where one label at a time
 * cannot see a way out), a deterministic simulated annealing over all the labels' allowed spots:
 * a label tries another spot that covers no label, marker or obstacle on any sample, and keeps
 * it when the whole picture gets tidier (crossings, distance from the marker, lines covered),
 * or now and then when it gets a little worse, less and less often. The tidiest layout seen wins.
 */
function untangle(placed: Placed[], input: LabelLayoutInput, lines: PointGrid | null): void {
  const movable = placed.map((_, i) => i).filter((i) => !placed[i].spec.offset);
  if (!movable.length) return;
  const noLabels: Placed[] = [];
  // Each label's spots that break no rule on their own (safe area, markers, obstacles), best first.
  const options = new Map<number, Array<{ c: Candidate; base: number }>>();
  for (const i of movable) {
    const spec = placed[i].spec;
    const list: Array<{ c: Candidate; base: number }> = [];
    for (const { c, preference } of candidates(spec, input.unit, input.bounds)) {
      if (list.length >= UNTANGLE_OPTIONS) break;
      if (violations(spec, c, input, noLabels, 1) === 0) list.push({ c, base: preference + untidiness(spec, c, input, noLabels, lines) });
    }
    options.set(i, list);
  }
  const baseOf = (i: number, p: LabelPlacement) => {
    const spec = placed[i].spec;
    return spec.offset ? 0 : preferenceOf(spec, p, input, lines, options.get(i)!);
  };
  const random = mulberry32(0x6d75);
  const state = placed.map((p) => p.placement);
  const pairCost = (i: number, pi: LabelPlacement, j: number, pj: LabelPlacement) =>
    crossingCost({ spec: placed[i].spec, placement: pi }, { spec: placed[j].spec, placement: pj });
  const costOf = (i: number, p: LabelPlacement) => {
    let cost = baseOf(i, p);
    for (let j = 0; j < placed.length; j++) if (j !== i) cost += pairCost(i, p, j, state[j]);
    return cost;
  };
  let total = 0;
  for (let i = 0; i < placed.length; i++) {
    total += baseOf(i, state[i]);
    for (let j = i + 1; j < placed.length; j++) total += pairCost(i, state[i], j, state[j]);
  }
  let best = { total, state: [...state] };
  const steps = UNTANGLE_STEPS_PER_LABEL * movable.length;
  for (let step = 0; step < steps; step++) {
    const temperature = 2 * Math.pow(0.005, step / steps);
    const i = movable[Math.floor(random() * movable.length)];
    const list = options.get(i)!;
    if (!list.length) continue;
    // Mostly the better spots, sometimes any.
    const pick = random() < 0.6 ? Math.floor(random() * Math.min(40, list.length)) : Math.floor(random() * list.length);
    const spec = placed[i].spec;
    const next = toPlacement(spec, list[pick].c);
    if (next.dx === state[i].dx && next.dy === state[i].dy) continue;
    if (state.some((other, j) => j !== i && overlapOnAnySample(spec, next, placed[j].spec, other, input.unit * CLEARANCE))) continue;
    const delta = costOf(i, next) - costOf(i, state[i]);
    if (delta <= 0 || random() < Math.exp(-delta / temperature)) {
      state[i] = next;
      total += delta;
      if (total < best.total - 1e-9) best = { total, state: [...state] };
    }
  }
  best.state.forEach((placement, i) => (placed[i] = { spec: placed[i].spec, placement }));
}

/** How many spots of each label the untangling chooses among, and how many tries it makes per label. */
const UNTANGLE_OPTIONS = 600;
const UNTANGLE_STEPS_PER_LABEL = 150;

/** The preference of a placement as the candidates list scores it (matched by position). */
function preferenceOf(
  spec: LabelSpec,
  p: LabelPlacement,
  input: LabelLayoutInput,
  lines: PointGrid | null,
  list: Array<{ c: Candidate; base: number }>,
): number {
  const known = list.find((o) => o.c.dx === p.dx && o.c.dy === p.dy);
  if (known) return known.base;
  // A spot outside the list (found by the greedy pass farther out): as far as the list's last, plus its tidiness.
  return (
    (list.length ? list[list.length - 1].base : 0) +
    untidiness(spec, { dx: p.dx, dy: p.dy, align: p.align, leader: p.leader }, input, [], lines)
  );
}

/** Leader lines through labels and across each other, between two placed labels (at the last sample). */
function crossingCost(a: Placed, b: Placed): number {
  const s = lastSample(a.spec);
  const at = s >= 0 ? a.spec.anchors[s] : null;
  const bt = s >= 0 ? b.spec.anchors[s] : null;
  if (!at || !bt) return 0;
  const aLeader = a.placement.leader ? leaderSegment(a.spec, at, a.placement.leader) : null;
  const bLeader = b.placement.leader ? leaderSegment(b.spec, bt, b.placement.leader) : null;
  let cost = 0;
  if (aLeader && segmentHitsRect(aLeader, placedRect(b.placement, bt), 0)) cost += LEADER_OVER_LABEL_COST;
  if (bLeader && segmentHitsRect(bLeader, placedRect(a.placement, at), 0)) cost += LEADER_OVER_LABEL_COST;
  if (aLeader && bLeader && segmentsCross(aLeader, bLeader)) cost += LEADERS_CROSSING_COST;
  return cost;
}

function overlapOnAnySample(a: LabelSpec, pa: LabelPlacement, b: LabelSpec, pb: LabelPlacement, pad: number): boolean {
  for (let s = 0; s < a.anchors.length; s++) {
    const at = a.anchors[s];
    const bt = b.anchors[s];
    if (at && bt && overlaps(placedRect(pa, at), placedRect(pb, bt), pad)) return true;
  }
  return false;
}

/** A small seeded random generator: the same layout on every render. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How many leader lines cross a label, counting this label's leader and its box against the others (at the last sample). */
function crossings(me: Placed, others: Placed[]): number {
  const s = lastSample(me.spec);
  if (s < 0) return 0;
  const anchor = me.spec.anchors[s]!;
  const rect = placedRect(me.placement, anchor);
  const leader = me.placement.leader ? leaderSegment(me.spec, anchor, me.placement.leader) : null;
  let count = 0;
  for (const o of others) {
    const at = o.spec.anchors[s];
    if (!at) continue;
    if (leader && segmentHitsRect(leader, placedRect(o.placement, at), 0)) count++;
    if (o.placement.leader && segmentHitsRect(leaderSegment(o.spec, at, o.placement.leader), rect, 0)) count++;
  }
  return count;
}

/** How many other labels' markers lie within reach of this label's (at the last sample): busy labels go first. */
function crowdingOf(labels: LabelSpec[]): number[] {
  const last = (l: LabelSpec) => l.anchors[l.anchors.length - 1];
  return labels.map((l) => {
    const a = last(l);
    if (!a) return 0;
    return labels.filter((o) => {
      const b = last(o);
      return o !== l && b !== null && Math.abs(a.x - b.x) < l.width * 1.5 && Math.abs(a.y - b.y) < l.height * 2.5;
    }).length;
  });
}

function gapOf(spec: LabelSpec, unit: number): number {
  return spec.markerRadius + unit * 0.55;
}

function alignOf(side: LabelSide): LabelAlign {
  return side.includes('right') ? 'left' : side.includes('left') ? 'right' : 'center';
}

function nearCandidates(spec: LabelSpec, unit: number): Candidate[] {
  const request = { id: spec.id, anchor: { x: 0, y: 0 }, width: spec.width, height: spec.height, priority: 0, gap: gapOf(spec, unit) };
  return NEAR_SIDES.map((side) => {
    const r = candidateRect(request, side);
    return { dx: r.x, dy: r.y, align: alignOf(side), leader: null };
  });
}

/** The spots beside the marker slid along its side: up and down on the right and left, sideways above and below. */
function slidCandidates(spec: LabelSpec, unit: number): Candidate[] {
  const [right, left, top, bottom] = nearCandidates(spec, unit);
  const out: Candidate[] = [];
  for (const k of [0.3, -0.3, 0.45, -0.45]) {
    for (const c of [right, left]) out.push({ ...c, dy: c.dy + k * spec.height });
  }
  for (const k of [0.3, -0.3, 0.45, -0.45]) {
    for (const c of [top, bottom]) out.push({ ...c, dx: c.dx + k * spec.width, align: k > 0 ? 'left' : 'right' });
  }
  return out;
}

/**
 * The label's box with the point `at` (relative to the marker) on its near side: right of the
 * marker its left edge is there, above it its bottom edge, and so on; straight along an axis it
 * is centred on that axis.
 */
function attachedAt(spec: LabelSpec, at: Point, direction: Point): Candidate {
  const sideways = 0.38;
  const dx = direction.x > sideways ? at.x : direction.x < -sideways ? at.x - spec.width : at.x - spec.width / 2;
  const dy = direction.y > sideways ? at.y : direction.y < -sideways ? at.y - spec.height : at.y - spec.height / 2;
  const align: LabelAlign = direction.x > sideways ? 'left' : direction.x < -sideways ? 'right' : 'center';
  return { dx, dy, align, leader: at };
}

/**
 * `label_offset` (already scaled to the frame): the vector from the marker to the label's near
 * side, as attachedAt reads it. { x: 40, y: 0 } puts the label 40 px right of its marker,
 * { x: 0, y: -30 } 30 px above it, { x: -20, y: 20 } below and to the left.
 */
function fromOffset(spec: LabelSpec, offset: Point, unit: number): LabelPlacement {
  const length = Math.hypot(offset.x, offset.y);
  const direction = length > 0 ? { x: offset.x / length, y: offset.y / length } : { x: 0, y: 0 };
  const c = attachedAt(spec, offset, direction);
  return toPlacement(spec, { ...c, leader: length > gapOf(spec, unit) * 2 ? offset : null });
}

function defaultSpot(spec: LabelSpec, { bounds, unit }: LabelLayoutInput): LabelPlacement {
  const [right, left] = nearCandidates(spec, unit);
  const fits = (c: Candidate) => spec.anchors.every((a) => a === null || inside(rectAt(spec, c, a), bounds));
  return toPlacement(spec, fits(right) || !fits(left) ? right : left);
}

function toPlacement(spec: LabelSpec, c: Candidate): LabelPlacement {
  return { id: spec.id, dx: c.dx, dy: c.dy, width: spec.width, height: spec.height, align: c.align, leader: c.leader };
}

function rectAt(spec: LabelSpec, c: Candidate, anchor: Point): Rect {
  return { x: anchor.x + c.dx, y: anchor.y + c.dy, width: spec.width, height: spec.height };
}

/**
 * The best spot that breaks no rule on any sample: the spots beside the marker in their order
 * of preference, then farther ones ring by ring, each less welcome the farther it is, with a
 * small charge for every route line point it covers. If no spot is free, the one that breaks
 * the fewest rules.
 */
function bestSpot(spec: LabelSpec, input: LabelLayoutInput, placed: Placed[], lines: PointGrid | null): LabelPlacement {
  const { unit, bounds } = input;
  let best: { c: Candidate; score: number } | null = null;
  let fallback: Candidate = nearCandidates(spec, unit)[0];
  let fallbackCost = Infinity;
  for (const { c, preference } of candidates(spec, unit, bounds)) {
    // Preferences only grow from ring to ring (by more than a ring's spread): past the best score, nothing can win.
    if (best && preference >= best.score + RING_SPREAD) break;
    if (best && preference >= best.score) continue;
    const cost = violations(spec, c, input, placed, fallbackCost);
    if (cost === 0) {
      const score = preference + untidiness(spec, c, input, placed, lines);
      if (!best || score < best.score) best = { c, score };
    } else if (cost < fallbackCost) {
      fallback = c;
      fallbackCost = cost;
    }
  }
  return toPlacement(spec, best ? best.c : fallback);
}

/** How much the preferences within one ring of farther spots differ at most (off the spoke, a half turn at 0.2 per radian). */
const RING_SPREAD = 1 + Math.PI * 0.2;

/** A label covering a line pays this per point covered, up to a cap: a free spot beside the marker always beats one farther away. */
const LINE_POINT_COST = 0.06;
const LINE_POINTS_COUNTED = 12;
/** A leader line passing over another marker pays this per marker. */
const LEADER_OVER_MARKER_COST = 0.3;

/** A leader line crossing a label (its own, or another's over this label) pays this per crossing. */
const LEADER_OVER_LABEL_COST = 8;
/** Two leader lines crossing each other pay this. */
const LEADERS_CROSSING_COST = 5;

/**
 * What makes an allowed spot less tidy, in the finished picture: route lines under the label,
 * leader lines through labels, markers under its leader.
 */
function untidiness(spec: LabelSpec, c: Candidate, input: LabelLayoutInput, placed: Placed[], lines: PointGrid | null): number {
  const s = lastSample(spec);
  if (s < 0) return 0;
  const anchor = spec.anchors[s]!;
  const rect = rectAt(spec, c, anchor);
  const pad = input.unit * CLEARANCE;
  let cost = lines ? Math.min(LINE_POINTS_COUNTED, lines.countIn(rect)) * LINE_POINT_COST : 0;
  const leader = c.leader ? leaderSegment(spec, anchor, c.leader) : null;
  for (const p of placed) {
    const other = p.spec.anchors[s];
    if (!other) continue;
    if (p.placement.leader && segmentHitsRect(leaderSegment(p.spec, other, p.placement.leader), rect, pad)) cost += LEADER_OVER_LABEL_COST;
    if (leader && segmentHitsRect(leader, placedRect(p.placement, other), pad)) cost += LEADER_OVER_LABEL_COST;
    if (leader && p.placement.leader && segmentsCross(leader, leaderSegment(p.spec, other, p.placement.leader)))
      cost += LEADERS_CROSSING_COST;
  }
  if (leader) {
    for (const m of input.markers) {
      const at = m.positions[s];
      if (
        m.id !== spec.id &&
        at &&
        segmentHitsRect(leader, { x: at.x - m.radius, y: at.y - m.radius, width: m.radius * 2, height: m.radius * 2 }, 0)
      ) {
        cost += LEADER_OVER_MARKER_COST;
      }
    }
  }
  return cost;
}

function lastSample(spec: LabelSpec): number {
  for (let s = spec.anchors.length - 1; s >= 0; s--) if (spec.anchors[s]) return s;
  return -1;
}

/**
 * The spots around the marker, then farther ones ring by ring as far as the safe area reaches,
 * with how little each is preferred (never decreasing along the sequence).
 */
function* candidates(spec: LabelSpec, unit: number, bounds: Rect): Generator<{ c: Candidate; preference: number }> {
  const near = nearCandidates(spec, unit);
  for (let i = 0; i < near.length; i++) yield { c: near[i], preference: i * 0.08 };
  // Still beside the marker, but slid along its side: crowded markers find room without a leader.
  const slid = slidCandidates(spec, unit);
  for (let i = 0; i < slid.length; i++) yield { c: slid[i], preference: 0.7 + i * 0.02 };
  // Farther out. Along the label's own spoke first (straight out from the origin through the
  // marker): leaders on different spokes of one hub never cross. Then any other direction, at a price.
  const hasAway = !!spec.away && Math.hypot(spec.away.x, spec.away.y) > 0;
  const away = hasAway ? Math.atan2(spec.away!.y, spec.away!.x) : 0;
  const turn = (angle: number) => Math.abs(Math.atan2(Math.sin(angle - away), Math.cos(angle - away)));
  const spoke = hasAway ? [0, 8, -8, 16, -16].map((d) => ({ angle: away + (d * Math.PI) / 180, cost: Math.abs(d) * 0.012 })) : [];
  const others = FAR_DIRECTIONS.map((angle) => ({ angle, cost: (hasAway ? 1 : 0) + turn(angle) * 0.2 }));
  const directions = [...spoke, ...others].sort((x, y) => x.cost - y.cost || x.angle - y.angle);
  const step = Math.max(unit * 1.6, spec.height * 0.7);
  const reach = Math.hypot(bounds.width, bounds.height);
  let ring = 1;
  for (let r = gapOf(spec, unit) + step; r < reach; r += step, ring++) {
    const base = 1.2 + ring * 0.5 + ring * ring * 0.04;
    for (const { angle, cost } of directions) {
      const direction = { x: Math.cos(angle), y: Math.sin(angle) };
      yield { c: attachedAt(spec, { x: direction.x * r, y: direction.y * r }, direction), preference: base + cost };
    }
  }
}

/** Points bucketed in a grid, to count those inside a rectangle quickly. */
class PointGrid {
  private readonly cells = new Map<string, Point[]>();
  constructor(
    points: Point[],
    private readonly size: number,
  ) {
    for (const p of points) {
      const key = `${Math.floor(p.x / size)},${Math.floor(p.y / size)}`;
      const cell = this.cells.get(key);
      if (cell) cell.push(p);
      else this.cells.set(key, [p]);
    }
  }

  countIn(r: Rect): number {
    let count = 0;
    for (let cx = Math.floor(r.x / this.size); cx <= Math.floor((r.x + r.width) / this.size); cx++) {
      for (let cy = Math.floor(r.y / this.size); cy <= Math.floor((r.y + r.height) / this.size); cy++) {
        for (const p of this.cells.get(`${cx},${cy}`) ?? []) {
          if (p.x >= r.x && p.x <= r.x + r.width && p.y >= r.y && p.y <= r.y + r.height) count++;
        }
      }
    }
    return count;
  }
}

/** Padding kept between a label and what it avoids, in units. */
const CLEARANCE = 0.35;

/**
 * How badly a candidate breaks the rules, summed over the samples (0 = not at all): leaving the
 * safe area counts most, then covering a label, a marker or an obstacle. Stops counting once
 * past `enough` (a better candidate is already known).
 */
function violations(spec: LabelSpec, c: Candidate, input: LabelLayoutInput, placed: Placed[], enough: number): number {
  const pad = input.unit * CLEARANCE;
  let cost = 0;
  for (let s = 0; s < spec.anchors.length; s++) {
    const anchor = spec.anchors[s];
    if (!anchor) continue;
    const rect = rectAt(spec, c, anchor);
    if (!inside(rect, input.bounds)) cost += 100;
    for (const o of input.obstacles) if (overlaps(rect, o, pad)) cost += 10;
    for (const m of input.markers) {
      // A label's own marker is kept clear by its spot's gap; a leader's label is away from it anyway.
      if (m.id === spec.id && !c.leader) continue;
      const at = m.positions[s];
      if (at && overlaps(rect, { x: at.x - m.radius, y: at.y - m.radius, width: m.radius * 2, height: m.radius * 2 }, pad)) cost += 10;
    }
    for (const p of placed) {
      const other = p.spec.anchors[s];
      if (other && overlaps(rect, placedRect(p.placement, other), pad)) cost += 10;
    }
    if (cost >= enough) return cost;
  }
  return cost;
}

/** The leader line: from the edge of the marker to where it meets the label. */
export function leaderSegment(spec: Pick<LabelSpec, 'markerRadius'>, anchor: Point, at: Point): [Point, Point] {
  const length = Math.hypot(at.x, at.y) || 1;
  const start = { x: anchor.x + (at.x / length) * spec.markerRadius, y: anchor.y + (at.y / length) * spec.markerRadius };
  return [start, { x: anchor.x + at.x, y: anchor.y + at.y }];
}

/** Whether two segments cross (touching ends do not count). */
export function segmentsCross([a, b]: [Point, Point], [c, d]: [Point, Point]): boolean {
  const side = (p: Point, q: Point, r: Point) => Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x));
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0;
}

/** Whether a segment passes through a rectangle grown by `padding` (Liang–Barsky clipping). */
export function segmentHitsRect([a, b]: [Point, Point], r: Rect, padding: number): boolean {
  const minX = r.x - padding;
  const maxX = r.x + r.width + padding;
  const minY = r.y - padding;
  const maxY = r.y + r.height + padding;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  const edges: Array<[number, number]> = [
    [-dx, a.x - minX],
    [dx, maxX - a.x],
    [-dy, a.y - minY],
    [dy, maxY - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return false;
  }
  return true;
}
