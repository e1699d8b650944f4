import type { LngLat } from '../route-plan';
import {
  greatCircleArc,
  haversineKm,
  KM_PER_DEGREE,
  nearestEquivalentLng,
  nearestOnSegment,
  withoutRepeatedPoints,
  wrapLng,
} from '../great-circle';
import { MinHeap } from './min-heap';

/** Which way a segment may be travelled, relative to the order its points were added. */
export type SegmentDirection = 'both' | 'forward' | 'backward';
const DIRECTION_CODE: Record<SegmentDirection, number> = { both: 0, forward: 1, backward: 2 };
const canGoForward = (code: number) => code !== 2;
const canGoBackward = (code: number) => code !== 1;

const DEG = Math.PI / 180;

/** A point projected onto the nearest part of a network segment. */
export interface Snap {
  segment: number;
  /** Position along the segment, 0 at its first node and 1 at its second. */
  t: number;
  point: LngLat;
  /** Great-circle distance from the query point to `point`. */
  distanceKm: number;
  /** Connected component (ignoring one-way rules) of the segment. */
  component: number;
}

export interface NetworkPath {
  /** From the start snap point through the network nodes to the end snap point; continuous longitudes. */
  coordinates: LngLat[];
  lengthKm: number;
}

/**
 * Collects polylines into nodes and segments. Points closer than a micro-degree are one node,
 * and longitude 180 is the same node as -180, so networks drawn up to the antimeridian from
 * both sides join there.
 */
export class NetworkGraphBuilder {
  private readonly nodeIds = new Map<string, number>();
  private readonly lngs: number[] = [];
  private readonly lats: number[] = [];
  private readonly segFrom: number[] = [];
  private readonly segTo: number[] = [];
  private readonly segDirection: number[] = [];

  get segmentCount(): number {
    return this.segFrom.length;
  }

  /**
   * The node at `point`, created on first use. Nodes are found by position unless the caller
   * names them (`key`), as OSM data does: its bridges cross roads without joining them.
   */
  addNode([lng, lat]: LngLat, key?: string): number {
    const wrapped = wrapLng(lng);
    key ??= `${wrapped.toFixed(6)},${lat.toFixed(6)}`;
    let id = this.nodeIds.get(key);
    if (id === undefined) {
      id = this.lngs.length;
      this.nodeIds.set(key, id);
      this.lngs.push(wrapped);
      this.lats.push(lat);
    }
    return id;
  }

  /**
   * Adds consecutive points as segments. With `maxSegmentKm`, longer segments are split along
   * the great circle, so the graph's geometry is the great circle its lengths measure and every
   * segment is short enough for flat-earth maths around it.
   */
  addPolyline(points: readonly LngLat[], direction: SegmentDirection = 'both', maxSegmentKm?: number): void {
    for (let i = 1; i < points.length; i++) {
      const pieces = maxSegmentKm ? greatCircleArc(points[i - 1], points[i], maxSegmentKm) : [points[i - 1], points[i]];
      let previous = this.addNode(pieces[0]);
      for (let j = 1; j < pieces.length; j++) {
        const next = this.addNode(pieces[j]);
        if (next !== previous) this.addSegment(previous, next, direction);
        previous = next;
      }
    }
  }

  /** Adds segments between consecutive nodes (ids from `addNode`). */
  addPath(nodes: readonly number[], direction: SegmentDirection = 'both'): void {
    for (let i = 1; i < nodes.length; i++) if (nodes[i] !== nodes[i - 1]) this.addSegment(nodes[i - 1], nodes[i], direction);
  }

  addSegment(from: number, to: number, direction: SegmentDirection = 'both'): void {
    this.segFrom.push(from);
    this.segTo.push(to);
    this.segDirection.push(DIRECTION_CODE[direction]);
  }

  /**
   * Joins each dead end to the nearest node of another piece of the network within `maxGapKm`.
   * Hand-drawn networks often stop a few metres short of the line they were meant to meet;
   * without this, a port served only by such a piece could not be routed at all.
   */
  joinDeadEnds(maxGapKm: number): number {
    const components = new UnionFind(this.lngs.length);
    const degree = new Int32Array(this.lngs.length);
    for (let s = 0; s < this.segFrom.length; s++) {
      components.union(this.segFrom[s], this.segTo[s]);
      degree[this.segFrom[s]]++;
      degree[this.segTo[s]]++;
    }
    const cellDeg = maxGapKm / KM_PER_DEGREE; // a longitude cell is never narrower in km than this
    const cellKey = (ix: number, iy: number) => `${ix},${iy}`;
    const cells = new Map<string, number[]>();
    for (let n = 0; n < this.lngs.length; n++) {
      const key = cellKey(Math.floor(this.lngs[n] / cellDeg), Math.floor(this.lats[n] / cellDeg));
      const bucket = cells.get(key);
      if (bucket) bucket.push(n);
      else cells.set(key, [n]);
    }
    let joined = 0;
    for (let n = 0; n < this.lngs.length; n++) {
      if (degree[n] !== 1) continue;
      const ix = Math.floor(this.lngs[n] / cellDeg);
      const iy = Math.floor(this.lats[n] / cellDeg);
      let best = -1;
      let bestKm = maxGapKm;
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (const other of cells.get(cellKey(ix + dx, iy + dy)) ?? []) {
            if (components.find(other) === components.find(n)) continue;
            const km = haversineKm([this.lngs[n], this.lats[n]], [this.lngs[other], this.lats[other]]);
            if (km <= bestKm) {
              bestKm = km;
              best = other;
            }
          }
        }
      }
      if (best >= 0) {
        this.addSegment(n, best);
        components.union(n, best);
        joined++;
      }
    }
    return joined;
  }

  /**
   * Adds a junction wherever two segments cross without sharing a node, so a route can turn
   * there. Right for sea lanes drawn across each other on open water; wrong for roads, where
   * such a crossing is a bridge or a tunnel. Returns the number of junctions added.
   */
  splitAtCrossings(cellSizeDeg = 1): number {
    const segmentCount = this.segFrom.length;
    const ends = (s: number): [LngLat, LngLat] => {
      const a: LngLat = [this.lngs[this.segFrom[s]], this.lats[this.segFrom[s]]];
      return [a, [nearestEquivalentLng(this.lngs[this.segTo[s]], a[0]), this.lats[this.segTo[s]]]];
    };
    const cells = new Map<string, number[]>();
    for (let s = 0; s < segmentCount; s++) {
      const [a, b] = ends(s);
      for (let ix = Math.floor(Math.min(a[0], b[0]) / cellSizeDeg); ix <= Math.floor(Math.max(a[0], b[0]) / cellSizeDeg); ix++) {
        for (let iy = Math.floor(Math.min(a[1], b[1]) / cellSizeDeg); iy <= Math.floor(Math.max(a[1], b[1]) / cellSizeDeg); iy++) {
          const key = `${ix},${iy}`;
          const bucket = cells.get(key);
          if (bucket) bucket.push(s);
          else cells.set(key, [s]);
        }
      }
    }
    const splits = new Map<number, { t: number; node: number }[]>();
    const addSplit = (s: number, t: number, node: number) => {
      const list = splits.get(s);
      if (list) list.push({ t, node });
      else splits.set(s, [{ t, node }]);
    };
    const checked = new Set<number>();
    let junctions = 0;
    for (const bucket of cells.values()) {
      for (let x = 0; x < bucket.length; x++) {
        for (let y = x + 1; y < bucket.length; y++) {
          const [i, j] = bucket[x] < bucket[y] ? [bucket[x], bucket[y]] : [bucket[y], bucket[x]];
          const pair = i * segmentCount + j;
          if (checked.has(pair)) continue;
          checked.add(pair);
          if (this.segFrom[i] === this.segFrom[j] || this.segFrom[i] === this.segTo[j]) continue;
          if (this.segTo[i] === this.segFrom[j] || this.segTo[i] === this.segTo[j]) continue;
          const crossing = properCrossing(ends(i), ends(j));
          if (!crossing) continue;
          const node = this.addNode(crossing.point);
          addSplit(i, crossing.t, node);
          addSplit(j, crossing.u, node);
          junctions++;
        }
      }
    }
    const [from, to, direction] = [this.segFrom.splice(0), this.segTo.splice(0), this.segDirection.splice(0)];
    for (let s = 0; s < from.length; s++) {
      const chain = [from[s], ...(splits.get(s) ?? []).sort((p, q) => p.t - q.t).map((p) => p.node), to[s]];
      for (let k = 1; k < chain.length; k++) {
        if (chain[k] !== chain[k - 1]) {
          this.segFrom.push(chain[k - 1]);
          this.segTo.push(chain[k]);
          this.segDirection.push(direction[s]);
        }
      }
    }
    return junctions;
  }

  /** `cellSizeDeg`: side of the spatial index cells; about the typical snap distance works well. */
  build(cellSizeDeg: number): NetworkGraph {
    return new NetworkGraph(
      Float64Array.from(this.lngs),
      Float64Array.from(this.lats),
      Int32Array.from(this.segFrom),
      Int32Array.from(this.segTo),
      Uint8Array.from(this.segDirection),
      cellSizeDeg,
    );
  }
}

/**
 * An immutable routable network: nodes, segments (optionally one-way), a spatial index for
 * snapping points onto segments, connected components, and an A* shortest-path search.
 */
export class NetworkGraph {
  readonly segmentLengthKm: Float64Array;
  /** Connected component of every node, ignoring one-way rules; 0 is the largest. */
  readonly nodeComponent: Int32Array;
  readonly componentCount: number;
  private readonly arcStart: Int32Array;
  private readonly arcTarget: Int32Array;
  private readonly arcSegment: Int32Array;
  private readonly cells = new Map<number, number[]>();
  private readonly cellColumns: number;

  constructor(
    readonly nodeLng: Float64Array,
    readonly nodeLat: Float64Array,
    readonly segmentFrom: Int32Array,
    readonly segmentTo: Int32Array,
    private readonly segmentDirection: Uint8Array,
    private readonly cellSizeDeg: number,
  ) {
    const segments = segmentFrom.length;
    this.segmentLengthKm = new Float64Array(segments);
    for (let s = 0; s < segments; s++) this.segmentLengthKm[s] = haversineKm(this.node(segmentFrom[s]), this.node(segmentTo[s]));

    // Adjacency in compressed rows: the arcs leaving node n are arcStart[n] .. arcStart[n + 1] - 1.
    const outDegree = new Int32Array(this.nodeCount + 1);
    for (let s = 0; s < segments; s++) {
      if (canGoForward(segmentDirection[s])) outDegree[segmentFrom[s]]++;
      if (canGoBackward(segmentDirection[s])) outDegree[segmentTo[s]]++;
    }
    this.arcStart = new Int32Array(this.nodeCount + 1);
    for (let n = 0; n < this.nodeCount; n++) this.arcStart[n + 1] = this.arcStart[n] + outDegree[n];
    const fill = this.arcStart.slice(0, this.nodeCount);
    this.arcTarget = new Int32Array(this.arcStart[this.nodeCount]);
    this.arcSegment = new Int32Array(this.arcStart[this.nodeCount]);
    for (let s = 0; s < segments; s++) {
      if (canGoForward(segmentDirection[s])) {
        this.arcTarget[fill[segmentFrom[s]]] = segmentTo[s];
        this.arcSegment[fill[segmentFrom[s]]++] = s;
      }
      if (canGoBackward(segmentDirection[s])) {
        this.arcTarget[fill[segmentTo[s]]] = segmentFrom[s];
        this.arcSegment[fill[segmentTo[s]]++] = s;
      }
    }

    const { component, count } = labelComponents(this.nodeCount, segmentFrom, segmentTo);
    this.nodeComponent = component;
    this.componentCount = count;

    this.cellColumns = Math.ceil(360 / cellSizeDeg);
    for (let s = 0; s < segments; s++) {
      const [a, b] = this.segmentEnds(s);
      const [x0, x1] = [Math.min(a[0], b[0]), Math.max(a[0], b[0])];
      const [y0, y1] = [Math.min(a[1], b[1]), Math.max(a[1], b[1])];
      for (let ix = this.column(x0); ix <= this.column(x1); ix++) {
        for (let iy = this.row(y0); iy <= this.row(y1); iy++) {
          const key = this.cellKey(ix, iy);
          const bucket = this.cells.get(key);
          if (bucket) bucket.push(s);
          else this.cells.set(key, [s]);
        }
      }
    }
  }

  get nodeCount(): number {
    return this.nodeLng.length;
  }

  get segmentCount(): number {
    return this.segmentFrom.length;
  }

  node(n: number): LngLat {
    return [this.nodeLng[n], this.nodeLat[n]];
  }

  /** The segment's end points, the second with its longitude unwrapped next to the first. */
  segmentEnds(s: number): [LngLat, LngLat] {
    const a = this.node(this.segmentFrom[s]);
    const b = this.node(this.segmentTo[s]);
    return [a, [nearestEquivalentLng(b[0], a[0]), b[1]]];
  }

  /**
   * Every segment within `maxKm` of `point`, nearest first (the point projected onto each).
   * Segments flagged in `excluded` are skipped.
   */
  snapCandidates(point: LngLat, maxKm: number, excluded?: Uint8Array): Snap[] {
    const lat = point[1];
    const dLat = maxKm / KM_PER_DEGREE;
    const cosLat = Math.cos(Math.min(89.9, Math.abs(lat) + dLat) * DEG);
    const dLng = Math.min(180, dLat / Math.max(cosLat, 1e-6));
    const seen = new Set<number>();
    const found: Snap[] = [];
    const [c0, c1] = [this.column(point[0] - dLng), this.column(point[0] + dLng)];
    const lastColumn = c1 - c0 >= this.cellColumns ? c0 + this.cellColumns - 1 : c1;
    for (let ix = c0; ix <= lastColumn; ix++) {
      for (let iy = this.row(lat - dLat); iy <= this.row(lat + dLat); iy++) {
        for (const s of this.cells.get(this.cellKey(ix, iy)) ?? []) {
          if (seen.has(s) || excluded?.[s]) continue;
          seen.add(s);
          const snap = this.projectOntoSegment(point, s);
          if (snap.distanceKm <= maxKm) found.push(snap);
        }
      }
    }
    return found.sort((x, y) => x.distanceKm - y.distanceKm || x.segment - y.segment);
  }

  /** The nearest segment however far away (a full scan: for error messages, not the hot path). */
  nearestAnywhere(point: LngLat, excluded?: Uint8Array): Snap | null {
    let best: Snap | null = null;
    for (let s = 0; s < this.segmentCount; s++) {
      if (excluded?.[s]) continue;
      const [a, b] = this.segmentEnds(s);
      // Cheap bound first: no point of a segment is nearer than its nearer end minus its length.
      const bound = Math.min(haversineKm(point, a), haversineKm(point, b)) - this.segmentLengthKm[s];
      if (best && bound >= best.distanceKm) continue;
      const snap = this.projectOntoSegment(point, s);
      if (!best || snap.distanceKm < best.distanceKm) best = snap;
    }
    return best;
  }

  /**
   * Shortest path by length between two snapped points, honouring one-way segments and
   * skipping segments flagged in `excluded`; null when none exists.
   */
  shortestPath(from: Snap, to: Snap, excluded?: Uint8Array): NetworkPath | null {
    const direction = (s: number) => this.segmentDirection[s];
    const fromLength = this.segmentLengthKm[from.segment];
    const toLength = this.segmentLengthKm[to.segment];

    // Both points on one segment: travelling along it may beat any detour.
    let bestKm = Infinity;
    let bestEnd = -1; // node the search reaches before the final partial segment; -1 = direct
    if (from.segment === to.segment) {
      const forward = to.t >= from.t;
      if (forward ? canGoForward(direction(from.segment)) : canGoBackward(direction(from.segment))) {
        bestKm = Math.abs(to.t - from.t) * fromLength;
      }
    }

    const g = new Float64Array(this.nodeCount).fill(Infinity);
    const previous = new Int32Array(this.nodeCount).fill(-1);
    const heap = new MinHeap();
    // Straight-line distance to the goal never overestimates (segments are great-circle pieces);
    // the factor absorbs rounding in the flat projection of the partial segments.
    const heuristic = (n: number) => 0.999 * haversineKm(this.node(n), to.point);
    const start = (n: number, km: number) => {
      if (km < g[n]) {
        g[n] = km;
        heap.push(km + heuristic(n), n);
      }
    };
    if (canGoBackward(direction(from.segment))) start(this.segmentFrom[from.segment], from.t * fromLength);
    if (canGoForward(direction(from.segment))) start(this.segmentTo[from.segment], (1 - from.t) * fromLength);

    // Leaving the network at the goal segment: from its first node going forward, or its second going back.
    const exitCost = new Map<number, number>();
    if (canGoForward(direction(to.segment))) exitCost.set(this.segmentFrom[to.segment], to.t * toLength);
    if (canGoBackward(direction(to.segment))) {
      const node = this.segmentTo[to.segment];
      exitCost.set(node, Math.min(exitCost.get(node) ?? Infinity, (1 - to.t) * toLength));
    }

    const settled = new Uint8Array(this.nodeCount);
    while (heap.size > 0 && heap.peekPriority() < bestKm) {
      const n = heap.pop();
      if (settled[n]) continue;
      settled[n] = 1;
      const exit = exitCost.get(n);
      if (exit !== undefined && g[n] + exit < bestKm) {
        bestKm = g[n] + exit;
        bestEnd = n;
      }
      for (let arc = this.arcStart[n]; arc < this.arcStart[n + 1]; arc++) {
        const s = this.arcSegment[arc];
        if (excluded?.[s]) continue;
        const next = this.arcTarget[arc];
        const km = g[n] + this.segmentLengthKm[s];
        if (km < g[next]) {
          g[next] = km;
          previous[next] = n;
          heap.push(km + heuristic(next), next);
        }
      }
    }
    if (bestKm === Infinity) return null;

    const nodes: number[] = [];
    for (let n = bestEnd; n !== -1; n = previous[n]) nodes.push(n);
    nodes.reverse();
    const coordinates: LngLat[] = [from.point];
    for (const n of nodes) coordinates.push(this.node(n));
    coordinates.push(to.point);
    for (let i = 1; i < coordinates.length; i++) {
      coordinates[i] = [nearestEquivalentLng(coordinates[i][0], coordinates[i - 1][0]), coordinates[i][1]];
    }
    return { coordinates: withoutRepeatedPoints(coordinates), lengthKm: bestKm };
  }

  private projectOntoSegment(point: LngLat, s: number): Snap {
    const [a, b] = this.segmentEnds(s);
    const { t, point: snapped } = nearestOnSegment(point, a, b);
    return {
      segment: s,
      t,
      point: snapped,
      distanceKm: haversineKm(point, snapped),
      component: this.nodeComponent[this.segmentFrom[s]],
    };
  }

  private column(lng: number): number {
    return Math.floor((lng + 180) / this.cellSizeDeg);
  }

  private row(lat: number): number {
    return Math.floor((lat + 90) / this.cellSizeDeg);
  }

  private cellKey(ix: number, iy: number): number {
    const wrapped = ((ix % this.cellColumns) + this.cellColumns) % this.cellColumns;
    return iy * this.cellColumns + wrapped;
  }
}

class UnionFind {
  private readonly parent: Int32Array;
  constructor(size: number) {
    this.parent = new Int32Array(size);
    for (let i = 0; i < size; i++) this.parent[i] = i;
  }
  find(x: number): number {
    while (this.parent[x] !== x) {
      this.parent[x] = this.parent[this.parent[x]];
      x = this.parent[x];
    }
    return x;
  }
  union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** Component label per node, numbered by size (0 = largest, ties by lowest node id). */
function labelComponents(nodeCount: number, from: Int32Array, to: Int32Array): { component: Int32Array; count: number } {
  const sets = new UnionFind(nodeCount);
  for (let s = 0; s < from.length; s++) sets.union(from[s], to[s]);
  const sizes = new Map<number, number>();
  for (let n = 0; n < nodeCount; n++) {
    const root = sets.find(n);
    sizes.set(root, (sizes.get(root) ?? 0) + 1);
  }
  const ranked = [...sizes.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  const label = new Map(ranked.map(([root], i) => [root, i]));
  const component = new Int32Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) component[n] = label.get(sets.find(n))!;
  return { component, count: ranked.length };
}

/** Where two straight segments cross strictly inside both (not at an end), with the position along each. */
function properCrossing([a0, a1]: [LngLat, LngLat], [b0, b1]: [LngLat, LngLat]): { point: LngLat; t: number; u: number } | null {
  const bShift = nearestEquivalentLng(b0[0], a0[0]) - b0[0]; // compare both in the same turn of longitude
  const d1 = [a1[0] - a0[0], a1[1] - a0[1]];
  const d2 = [b1[0] - b0[0], b1[1] - b0[1]];
  const denominator = d1[0] * d2[1] - d1[1] * d2[0];
  if (Math.abs(denominator) < 1e-15) return null; // parallel
  const w = [b0[0] + bShift - a0[0], b0[1] - a0[1]];
  const t = (w[0] * d2[1] - w[1] * d2[0]) / denominator;
  const u = (w[0] * d1[1] - w[1] * d1[0]) / denominator;
  const inside = (v: number) => v > 1e-9 && v < 1 - 1e-9;
  if (!inside(t) || !inside(u)) return null;
  return { point: [a0[0] + t * d1[0], a0[1] + t * d1[1]], t, u };
}
