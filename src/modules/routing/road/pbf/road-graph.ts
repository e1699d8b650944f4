import type { LngLat } from '../../route-plan';
import { haversineKm } from '../../great-circle';
import type { RoadProfileId } from '../road-router';
import { PROFILE_TOP_SPEED_KMH, wayProfileSpeeds } from '../road-profiles';
import { directionFromTags } from '../road-network-file';
import { MinHeap } from '../../network/min-heap';
import { Growable } from './growable';
import { OsmPbfError, readOsmPbf } from './osm-pbf-reader';

const E7 = 1e7;
const KM_PER_DEG_LAT = 111.195;
/** Index cells of about 1 km (at most 16 M of them: coarser for a continent). */
const CELL_DEG = 0.01;
const MAX_CELLS = 16 * 1024 * 1024;

/** Where a point meets the road network: on segment `position` (shape index) of `chain`, `alongKm` from the chain's start. */
export interface RoadSnap {
  chain: number;
  position: number;
  point: LngLat;
  alongKm: number;
  distanceKm: number;
}

export interface RoadPath {
  /** From the first snapped point to the second, along the roads. */
  coordinates: LngLat[];
  seconds: number;
}

/** How big the network is, for logs and the bench. */
export interface RoadGraphSize {
  nodes: number;
  junctions: number;
  chains: number;
  ways: number;
}

/**
 * A road network in compact typed arrays, for routing legs over a whole country: every road node's position
 * (kept for the route's geometry), the junctions (nodes where roads meet or end) as the graph's vertices, and
 * the chains of nodes between them as its edges, each with its length, direction and time per profile. A grid
 * of ~1 km cells indexes every segment for snapping. Routes are shortest in time, found with A* (ADR 0030).
 */
/** A RoadGraph as plain data: numbers and typed arrays only, so that it can be posted between threads. */
export interface RoadGraphParts {
  size: RoadGraphSize;
  lat7: Int32Array;
  lon7: Int32Array;
  vertexNode: Int32Array;
  shapeStart: Uint32Array;
  shape: Int32Array;
  chainFrom: Int32Array;
  chainTo: Int32Array;
  chainDirection: Int8Array;
  chainKm: Float32Array;
  chainSeconds: Record<RoadProfileId, Float32Array>;
  edgeStart: Uint32Array;
  edgeTarget: Int32Array;
  edgeChain: Int32Array;
  grid: {
    minLat7: number;
    maxLat7: number;
    minLon7: number;
    cellDeg: number;
    columns: number;
    rows: number;
    cellStart: Uint32Array;
    segments: Int32Array;
  };
}

export class RoadGraph {
  /** Reusable A* state (a search runs synchronously, so one set serves every search of this graph). */
  private readonly cost: Float64Array;
  private readonly stamp: Uint32Array;
  private readonly via: Int32Array;
  private generation = 0;
  private readonly heap = new MinHeap();
  private readonly cosMinLat: number;

  constructor(
    readonly size: RoadGraphSize,
    private readonly lat7: Int32Array,
    private readonly lon7: Int32Array,
    private readonly vertexNode: Int32Array,
    private readonly shapeStart: Uint32Array,
    private readonly shape: Int32Array,
    private readonly chainFrom: Int32Array,
    private readonly chainTo: Int32Array,
    private readonly chainDirection: Int8Array,
    private readonly chainKm: Float32Array,
    private readonly chainSeconds: Record<RoadProfileId, Float32Array>,
    private readonly edgeStart: Uint32Array,
    private readonly edgeTarget: Int32Array,
    private readonly edgeChain: Int32Array,
    private readonly grid: SegmentGrid,
  ) {
    const vertices = vertexNode.length;
    this.cost = new Float64Array(vertices);
    this.stamp = new Uint32Array(vertices);
    this.via = new Int32Array(vertices);
    this.cosMinLat = Math.cos((Math.max(Math.abs(grid.minLat7), Math.abs(grid.maxLat7)) / E7) * (Math.PI / 180));
  }

  /** The graph as plain data (its arrays, not copies), to post from the thread that read the file (road-graph-thread.ts). */
  parts(): RoadGraphParts {
    const { minLat7, maxLat7, minLon7, cellDeg, columns, rows, cellStart, segments } = this.grid;
    return {
      size: this.size,
      lat7: this.lat7,
      lon7: this.lon7,
      vertexNode: this.vertexNode,
      shapeStart: this.shapeStart,
      shape: this.shape,
      chainFrom: this.chainFrom,
      chainTo: this.chainTo,
      chainDirection: this.chainDirection,
      chainKm: this.chainKm,
      chainSeconds: this.chainSeconds,
      edgeStart: this.edgeStart,
      edgeTarget: this.edgeTarget,
      edgeChain: this.edgeChain,
      grid: { minLat7, maxLat7, minLon7, cellDeg, columns, rows, cellStart, segments },
    };
  }

  /** The graph whose `parts()` these are (posted by another thread: the arrays arrive as they were). */
  static fromParts(p: RoadGraphParts): RoadGraph {
    const g = p.grid;
    return new RoadGraph(
      p.size,
      p.lat7,
      p.lon7,
      p.vertexNode,
      p.shapeStart,
      p.shape,
      p.chainFrom,
      p.chainTo,
      p.chainDirection,
      p.chainKm,
      p.chainSeconds,
      p.edgeStart,
      p.edgeTarget,
      p.edgeChain,
      new SegmentGrid(g.minLat7, g.maxLat7, g.minLon7, g.cellDeg, g.columns, g.rows, g.cellStart, g.segments),
    );
  }

  /** Bytes held by the graph's arrays. */
  get bytes(): number {
    const arrays = [
      this.lat7,
      this.lon7,
      this.vertexNode,
      this.shapeStart,
      this.shape,
      this.chainFrom,
      this.chainTo,
      this.chainDirection,
      this.chainKm,
      this.chainSeconds.car,
      this.chainSeconds.truck,
      this.edgeStart,
      this.edgeTarget,
      this.edgeChain,
      this.grid.cellStart,
      this.grid.segments,
      this.cost,
      this.stamp,
      this.via,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, 0);
  }

  private node(index: number): LngLat {
    return [this.lon7[index] / E7, this.lat7[index] / E7];
  }

  private chainOf(position: number): number {
    // The chain whose shape holds `position`: the last start at or before it.
    let lo = 0;
    let hi = this.shapeStart.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.shapeStart[mid] <= position) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * The nearest point on a road the profile may drive, within `maxKm` of the point; undefined when there is none
   * that near. Distances are measured flat (equirectangular at the point's latitude), exact enough at this range.
   */
  snap(point: LngLat, profile: RoadProfileId, maxKm: number): RoadSnap | undefined {
    const seconds = this.chainSeconds[profile];
    const [lng, lat] = point;
    const cos = Math.cos((lat * Math.PI) / 180);
    const kmPerDegLng = KM_PER_DEG_LAT * Math.max(cos, 1e-6);
    let best: { position: number; t: number; km: number } | undefined;
    this.grid.forEachSegmentNear(lng, lat, maxKm / KM_PER_DEG_LAT, maxKm / kmPerDegLng, (position) => {
      const chain = this.chainOf(position);
      if (!(seconds[chain] < Infinity)) return;
      const a = this.shape[position];
      const b = this.shape[position + 1];
      const ax = (this.lon7[a] / E7 - lng) * kmPerDegLng;
      const ay = (this.lat7[a] / E7 - lat) * KM_PER_DEG_LAT;
      const bx = (this.lon7[b] / E7 - lng) * kmPerDegLng;
      const by = (this.lat7[b] / E7 - lat) * KM_PER_DEG_LAT;
      const dx = bx - ax;
      const dy = by - ay;
      const lengthSquared = dx * dx + dy * dy;
      const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
      const x = ax + t * dx;
      const y = ay + t * dy;
      const km = Math.sqrt(x * x + y * y);
      if (km <= maxKm && (!best || km < best.km)) best = { position, t, km };
    });
    if (!best) return undefined;
    const chain = this.chainOf(best.position);
    const a = this.node(this.shape[best.position]);
    const b = this.node(this.shape[best.position + 1]);
    const snapped: LngLat = best.t === 0 ? a : best.t === 1 ? b : [a[0] + (b[0] - a[0]) * best.t, a[1] + (b[1] - a[1]) * best.t];
    let alongKm = 0;
    for (let p = this.shapeStart[chain]; p < best.position; p++) {
      alongKm += haversineKm(this.node(this.shape[p]), this.node(this.shape[p + 1]));
    }
    alongKm += haversineKm(a, snapped);
    return { chain, position: best.position, point: snapped, alongKm, distanceKm: haversineKm(point, snapped) };
  }

  /** How far the nearest road the profile may drive is, looking up to `limitKm`; undefined beyond. */
  nearestKm(point: LngLat, profile: RoadProfileId, limitKm = 200): number | undefined {
    for (let radius = 4; radius <= limitKm * 2; radius *= 2) {
      const snap = this.snap(point, profile, Math.min(radius, limitKm));
      if (snap) return snap.distanceKm;
      if (radius >= limitKm) break;
    }
    return undefined;
  }

  /**
   * The fastest way for the profile from one snapped point to another, honouring one-way chains; undefined when
   * no road connects them. A* over the junctions, its estimate the straight distance left at the profile's top speed.
   */
  route(start: RoadSnap, end: RoadSnap, profile: RoadProfileId): RoadPath | undefined {
    const seconds = this.chainSeconds[profile];
    const startChainSeconds = seconds[start.chain];
    const endChainSeconds = seconds[end.chain];
    const startShare = this.chainKm[start.chain] > 0 ? start.alongKm / this.chainKm[start.chain] : 0;
    const endShare = this.chainKm[end.chain] > 0 ? end.alongKm / this.chainKm[end.chain] : 0;
    const startDirection = this.chainDirection[start.chain];
    const endDirection = this.chainDirection[end.chain];

    // The whole leg on one chain, when its direction allows.
    let best = Infinity;
    let bestTarget = -1;
    let direct = false;
    if (start.chain === end.chain) {
      const forward = endShare >= startShare && startDirection >= 0;
      const backward = endShare <= startShare && startDirection <= 0;
      if (forward || backward) {
        best = Math.abs(endShare - startShare) * startChainSeconds;
        direct = true;
      }
    }

    // Targets: the end chain's junctions from which its direction leads to the end point.
    const targetFrom = endDirection >= 0 ? this.chainFrom[end.chain] : -1; // then forward along the chain
    const targetTo = endDirection <= 0 ? this.chainTo[end.chain] : -1; // then backward along it
    const targetFromSeconds = endShare * endChainSeconds;
    const targetToSeconds = (1 - endShare) * endChainSeconds;

    const generation = this.nextGeneration();
    const heap = this.heap;
    heap.clear();
    const [targetLng, targetLat] = end.point;
    const secondsPerKm = 3600 / PROFILE_TOP_SPEED_KMH[profile];
    const kmPerDegLng = KM_PER_DEG_LAT * this.cosMinLat;
    // Flat distance with the network's smallest cos(latitude) never exceeds the great circle at these ranges; 2% spare.
    const estimate = (vertex: number) => {
      const node = this.vertexNode[vertex];
      const dx = (this.lon7[node] / E7 - targetLng) * kmPerDegLng;
      const dy = (this.lat7[node] / E7 - targetLat) * KM_PER_DEG_LAT;
      return Math.sqrt(dx * dx + dy * dy) * secondsPerKm * 0.98;
    };
    // A source junction's `via` says how it was left from the start point: -1 forward along the chain, -2 backward.
    const seed = (vertex: number, cost: number, via: number) => {
      if (!(cost < Infinity)) return;
      if (this.stamp[vertex] === generation && this.cost[vertex] <= cost) return;
      this.stamp[vertex] = generation;
      this.cost[vertex] = cost;
      this.via[vertex] = via;
      heap.push(cost + estimate(vertex), vertex);
    };
    if (startDirection >= 0) seed(this.chainTo[start.chain], (1 - startShare) * startChainSeconds, -1);
    if (startDirection <= 0) seed(this.chainFrom[start.chain], startShare * startChainSeconds, -2);
    let endForward = true;

    while (heap.size > 0) {
      const f = heap.peekPriority();
      if (f >= best) break;
      const vertex = heap.pop();
      const cost = this.cost[vertex];
      if (f > cost + estimate(vertex) + 1e-6) continue; // a stale entry
      if (vertex === targetFrom && cost + targetFromSeconds < best) {
        best = cost + targetFromSeconds;
        bestTarget = vertex;
        endForward = true;
        direct = false;
      }
      if (vertex === targetTo && cost + targetToSeconds < best) {
        best = cost + targetToSeconds;
        bestTarget = vertex;
        endForward = false;
        direct = false;
      }
      for (let e = this.edgeStart[vertex], last = this.edgeStart[vertex + 1]; e < last; e++) {
        const edgeSeconds = seconds[this.edgeChain[e] >> 1];
        if (!(edgeSeconds < Infinity)) continue;
        const next = this.edgeTarget[e];
        const nextCost = cost + edgeSeconds;
        if (this.stamp[next] === generation && this.cost[next] <= nextCost) continue;
        this.stamp[next] = generation;
        this.cost[next] = nextCost;
        this.via[next] = e;
        heap.push(nextCost + estimate(next), next);
      }
    }
    if (!(best < Infinity)) return undefined;
    if (direct) return { coordinates: this.along(start, end), seconds: best };

    // Back from the target junction to the source, then out to the points.
    const edges: number[] = [];
    let vertex = bestTarget;
    while (this.via[vertex] >= 0) {
      const e = this.via[vertex];
      edges.push(e);
      const chain = this.edgeChain[e] >> 1;
      vertex = this.edgeChain[e] & 1 ? this.chainTo[chain] : this.chainFrom[chain];
    }
    edges.reverse();
    const coordinates: LngLat[] = [start.point];
    // From the start point to the source junction: forward to the chain's end, or back to its start.
    if (this.via[vertex] === -1) {
      for (let p = start.position + 1; p < this.shapeStart[start.chain + 1]; p++) coordinates.push(this.node(this.shape[p]));
    } else {
      for (let p = start.position; p >= this.shapeStart[start.chain]; p--) coordinates.push(this.node(this.shape[p]));
    }
    for (const e of edges) {
      const chain = this.edgeChain[e] >> 1;
      const first = this.shapeStart[chain];
      const last = this.shapeStart[chain + 1] - 1;
      if (this.edgeChain[e] & 1) for (let p = last; p >= first; p--) coordinates.push(this.node(this.shape[p]));
      else for (let p = first; p <= last; p++) coordinates.push(this.node(this.shape[p]));
    }
    // From the target junction to the end point.
    if (endForward) {
      for (let p = this.shapeStart[end.chain]; p <= end.position; p++) coordinates.push(this.node(this.shape[p]));
    } else {
      for (let p = this.shapeStart[end.chain + 1] - 1; p > end.position; p--) coordinates.push(this.node(this.shape[p]));
    }
    coordinates.push(end.point);
    return { coordinates, seconds: best };
  }

  /** Along one chain, from one snapped point to the other. */
  private along(start: RoadSnap, end: RoadSnap): LngLat[] {
    const coordinates: LngLat[] = [start.point];
    if (end.alongKm >= start.alongKm) for (let p = start.position + 1; p <= end.position; p++) coordinates.push(this.node(this.shape[p]));
    else for (let p = start.position; p > end.position; p--) coordinates.push(this.node(this.shape[p]));
    coordinates.push(end.point);
    return coordinates;
  }

  private nextGeneration(): number {
    this.generation = (this.generation + 1) >>> 0;
    if (this.generation === 0) {
      this.stamp.fill(0);
      this.generation = 1;
    }
    return this.generation;
  }
}

/** Segments (by shape index) in cells of CELL_DEG or coarser, in counting-sort order. */
class SegmentGrid {
  constructor(
    readonly minLat7: number,
    readonly maxLat7: number,
    readonly minLon7: number,
    readonly cellDeg: number,
    readonly columns: number,
    readonly rows: number,
    readonly cellStart: Uint32Array,
    readonly segments: Int32Array,
  ) {}

  forEachSegmentNear(lng: number, lat: number, radiusLatDeg: number, radiusLngDeg: number, visit: (position: number) => void): void {
    const minLng = this.minLon7 / E7;
    const minLat = this.minLat7 / E7;
    const c0 = Math.max(0, Math.floor((lng - radiusLngDeg - minLng) / this.cellDeg));
    const c1 = Math.min(this.columns - 1, Math.floor((lng + radiusLngDeg - minLng) / this.cellDeg));
    const r0 = Math.max(0, Math.floor((lat - radiusLatDeg - minLat) / this.cellDeg));
    const r1 = Math.min(this.rows - 1, Math.floor((lat + radiusLatDeg - minLat) / this.cellDeg));
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.columns + c;
        for (let i = this.cellStart[cell], end = this.cellStart[cell + 1]; i < end; i++) visit(this.segments[i]);
      }
    }
  }
}

/**
 * Reads an OpenStreetMap PBF extract into a RoadGraph, in two passes over the file: the ways either profile may
 * drive (their node ids, speeds and direction), then the positions of just the nodes those ways use (node blobs
 * only). A way's stretch through nodes the extract lacks (cut at its border) is split there.
 */
export function loadPbfRoadGraph(path: string): RoadGraph {
  const wayRefs = new Growable(Float64Array, 1 << 16);
  const wayStart = new Growable(Uint32Array);
  const wayCar = new Growable(Float32Array);
  const wayTruck = new Growable(Float32Array);
  const wayDirection = new Growable(Int8Array);
  const { nodeBlobs } = readOsmPbf(path, {
    way: ({ tags, refs }) => {
      if (refs.length < 2) return;
      const speeds = wayProfileSpeeds(tags);
      if (speeds.car === 0 && speeds.truck === 0) return;
      const direction = directionFromTags(tags);
      wayStart.push(wayRefs.length);
      for (const ref of refs) wayRefs.push(ref);
      wayCar.push(speeds.car);
      wayTruck.push(speeds.truck);
      wayDirection.push(direction === 'forward' ? 1 : direction === 'backward' ? -1 : 0);
    },
  });
  const ways = wayStart.length;
  if (ways === 0) throw new OsmPbfError('the file has no roads a car or a truck may drive');
  wayStart.push(wayRefs.length);
  const refs = wayRefs.done();
  const starts = wayStart.done();

  // The nodes the roads use, by id, sorted and unique.
  const ids = Float64Array.from(refs).sort();
  let unique = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[i - 1]) ids[unique++] = ids[i];
  const nodeIds = ids.subarray(0, unique);
  const lat7 = new Int32Array(unique);
  const lon7 = new Int32Array(unique);
  const found = new Uint8Array(unique);
  let cursor = 0;
  readOsmPbf(path, {
    only: nodeBlobs,
    node: (id, lat, lon) => {
      // Extracts list nodes by id: a cursor walks the sorted ids; anything out of order is looked up.
      if (cursor < unique && nodeIds[cursor] < id) {
        while (cursor < unique && nodeIds[cursor] < id) cursor++;
      } else if (cursor > 0 && nodeIds[cursor - 1] >= id) {
        cursor = lowerBound(nodeIds, id);
      }
      if (cursor < unique && nodeIds[cursor] === id) {
        lat7[cursor] = lat;
        lon7[cursor] = lon;
        found[cursor] = 1;
      }
    },
  });

  // Each way node as a node index (-1: not in the extract), and which nodes are junctions.
  const refNode = new Int32Array(refs.length);
  const uses = new Uint8Array(unique);
  for (let i = 0; i < refs.length; i++) {
    const index = lowerBound(nodeIds, refs[i]);
    refNode[i] = found[index] ? index : -1;
    if (refNode[i] >= 0 && uses[index] < 2) uses[index]++;
  }
  const junction = uses; // 2 = used twice or more: a junction; run ends become junctions below
  for (let w = 0; w < ways; w++) {
    for (let i = starts[w]; i < starts[w + 1]; i++) {
      if (refNode[i] < 0) continue;
      const runStart = i === starts[w] || refNode[i - 1] < 0;
      const runEnd = i === starts[w + 1] - 1 || refNode[i + 1] < 0;
      if (runStart || runEnd) junction[refNode[i]] = 2;
    }
  }
  const vertexOf = new Int32Array(unique).fill(-1);
  const vertexNodes = new Growable(Int32Array);
  for (let n = 0; n < unique; n++) {
    if (junction[n] === 2) {
      vertexOf[n] = vertexNodes.length;
      vertexNodes.push(n);
    }
  }
  const vertexNode = vertexNodes.done();

  // Chains: the stretches of a way between junctions.
  const shape = new Growable(Int32Array, refs.length + 16);
  const shapeStart = new Growable(Uint32Array);
  const chainFrom = new Growable(Int32Array);
  const chainTo = new Growable(Int32Array);
  const chainDirection = new Growable(Int8Array);
  const chainKm = new Growable(Float32Array);
  const chainCar = new Growable(Float32Array);
  const chainTruck = new Growable(Float32Array);
  const position = (n: number): LngLat => [lon7[n] / E7, lat7[n] / E7];
  for (let w = 0; w < ways; w++) {
    let from = -1;
    let km = 0;
    for (let i = starts[w]; i < starts[w + 1]; i++) {
      const node = refNode[i];
      if (node < 0) {
        from = -1;
        continue;
      }
      if (from === -1) {
        // A run of nodes in the extract starts at a junction (run ends are junctions); one node alone is no road.
        if (i + 1 === starts[w + 1] || refNode[i + 1] < 0) continue;
        from = vertexOf[node];
        shapeStart.push(shape.length);
        shape.push(node);
        km = 0;
        continue;
      }
      km += haversineKm(position(shape.get(shape.length - 1)), position(node));
      shape.push(node);
      if (vertexOf[node] < 0) continue;
      chainFrom.push(from);
      chainTo.push(vertexOf[node]);
      chainDirection.push(wayDirection.get(w));
      chainKm.push(km);
      const car = wayCar.get(w);
      const truck = wayTruck.get(w);
      chainCar.push(car > 0 ? (km / car) * 3600 : Infinity);
      chainTruck.push(truck > 0 ? (km / truck) * 3600 : Infinity);
      // The next chain starts here.
      from = vertexOf[node];
      km = 0;
      if (i < starts[w + 1] - 1 && refNode[i + 1] >= 0) {
        shapeStart.push(shape.length);
        shape.push(node);
      }
    }
  }
  const chains = chainFrom.length;
  shapeStart.push(shape.length);
  const shapeArray = shape.done();
  const shapeStarts = shapeStart.done();
  const from = chainFrom.done();
  const to = chainTo.done();
  const direction = chainDirection.done();

  // Out-edges per junction (compressed rows): a chain forward unless it is one-way backwards, and back unless one-way.
  const vertices = vertexNode.length;
  const edgeStart = new Uint32Array(vertices + 1);
  for (let c = 0; c < chains; c++) {
    if (direction[c] >= 0) edgeStart[from[c] + 1]++;
    if (direction[c] <= 0) edgeStart[to[c] + 1]++;
  }
  for (let v = 0; v < vertices; v++) edgeStart[v + 1] += edgeStart[v];
  const fill = edgeStart.slice(0, vertices);
  const edgeTarget = new Int32Array(edgeStart[vertices]);
  const edgeChain = new Int32Array(edgeStart[vertices]);
  for (let c = 0; c < chains; c++) {
    if (direction[c] >= 0) {
      const e = fill[from[c]]++;
      edgeTarget[e] = to[c];
      edgeChain[e] = c * 2;
    }
    if (direction[c] <= 0) {
      const e = fill[to[c]]++;
      edgeTarget[e] = from[c];
      edgeChain[e] = c * 2 + 1;
    }
  }

  const grid = buildGrid(lat7, lon7, found, shapeArray, shapeStarts);
  return new RoadGraph(
    { nodes: unique, junctions: vertices, chains, ways },
    lat7,
    lon7,
    vertexNode,
    shapeStarts,
    shapeArray,
    from,
    to,
    direction,
    chainKm.done(),
    { car: chainCar.done(), truck: chainTruck.done() },
    edgeStart,
    edgeTarget,
    edgeChain,
    grid,
  );
}

function lowerBound(sorted: Float64Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every segment of every chain into the cells its bounding box covers (counting sort: two passes). */
function buildGrid(lat7: Int32Array, lon7: Int32Array, found: Uint8Array, shape: Int32Array, shapeStart: Uint32Array): SegmentGrid {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let n = 0; n < lat7.length; n++) {
    if (!found[n]) continue;
    minLat = Math.min(minLat, lat7[n]);
    maxLat = Math.max(maxLat, lat7[n]);
    minLon = Math.min(minLon, lon7[n]);
    maxLon = Math.max(maxLon, lon7[n]);
  }
  let cellDeg = CELL_DEG;
  const cellsAcross = (span: number) => Math.floor(span / E7 / cellDeg) + 1;
  while (cellsAcross(maxLon - minLon) * cellsAcross(maxLat - minLat) > MAX_CELLS) cellDeg *= 2;
  const columns = cellsAcross(maxLon - minLon);
  const rows = cellsAcross(maxLat - minLat);
  const cellStart = new Uint32Array(columns * rows + 1);
  const chains = shapeStart.length - 1;
  const eachCell = (position: number, visit: (cell: number) => void) => {
    const a = shape[position];
    const b = shape[position + 1];
    const c0 = Math.floor((Math.min(lon7[a], lon7[b]) - minLon) / E7 / cellDeg);
    const c1 = Math.floor((Math.max(lon7[a], lon7[b]) - minLon) / E7 / cellDeg);
    const r0 = Math.floor((Math.min(lat7[a], lat7[b]) - minLat) / E7 / cellDeg);
    const r1 = Math.floor((Math.max(lat7[a], lat7[b]) - minLat) / E7 / cellDeg);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * columns + c);
  };
  for (let chain = 0; chain < chains; chain++) {
    for (let p = shapeStart[chain]; p < shapeStart[chain + 1] - 1; p++) eachCell(p, (cell) => cellStart[cell + 1]++);
  }
  for (let i = 0; i < columns * rows; i++) cellStart[i + 1] += cellStart[i];
  const fill = cellStart.slice(0, columns * rows);
  const segments = new Int32Array(cellStart[columns * rows]);
  for (let chain = 0; chain < chains; chain++) {
    for (let p = shapeStart[chain]; p < shapeStart[chain + 1] - 1; p++) eachCell(p, (cell) => (segments[fill[cell]++] = p));
  }
  return new SegmentGrid(minLat, maxLat, minLon, cellDeg, columns, rows, cellStart, segments);
}
