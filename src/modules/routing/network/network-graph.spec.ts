import type { LngLat } from '../route-plan';
import { haversineKm } from '../great-circle';
import { MinHeap } from './min-heap';
import { NetworkGraphBuilder } from './network-graph';

/**
 * A small square of streets (0.01° ≈ 1.1 km apart) with a one-way street along its top edge:
 *
 *   (0,0.02) ──────►────── (0.02,0.02)      top: one-way eastbound
 *      │                       │
 *   (0,0.01) ─── (0.01,0.01) ── (0.02,0.01)
 *      │                       │
 *   (0,0)  ─────────────────  (0.02,0)
 */
function square() {
  const builder = new NetworkGraphBuilder();
  builder.addPolyline([
    [0, 0],
    [0.02, 0],
  ]);
  builder.addPolyline([
    [0, 0],
    [0, 0.01],
    [0, 0.02],
  ]);
  builder.addPolyline([
    [0.02, 0],
    [0.02, 0.01],
    [0.02, 0.02],
  ]);
  builder.addPolyline([
    [0, 0.01],
    [0.01, 0.01],
    [0.02, 0.01],
  ]);
  builder.addPolyline(
    [
      [0, 0.02],
      [0.02, 0.02],
    ],
    'forward',
  );
  builder.addPolyline([
    [5, 5],
    [5.01, 5],
  ]); // an island, unreachable from the square
  return builder.build(0.01);
}

function snap(graph: ReturnType<typeof square>, point: LngLat) {
  const [nearest] = graph.snapCandidates(point, 2);
  if (!nearest) throw new Error(`no snap for ${point}`);
  return nearest;
}

describe('NetworkGraph', () => {
  it('snaps a point onto the nearest place on a segment, not just the nearest node', () => {
    const graph = square();
    const s = snap(graph, [0.005, -0.002]);
    expect(s.point[0]).toBeCloseTo(0.005, 9);
    expect(s.point[1]).toBeCloseTo(0, 9);
    expect(s.distanceKm).toBeCloseTo(haversineKm([0.005, -0.002], [0.005, 0]), 6);
    expect(graph.snapCandidates([0.005, -0.05], 2)).toEqual([]); // 5.5 km away: beyond the limit
  });

  it('finds the shortest path and measures it along the streets', () => {
    const graph = square();
    const from = snap(graph, [0.005, 0]);
    const to = snap(graph, [0.018, 0.01]);
    const path = graph.shortestPath(from, to)!;
    // East along the bottom to (0.02,0), up to (0.02,0.01), back west to 0.018: 0.015 + 0.01 + 0.002 degrees
    // (going round the west side would be 0.005 + 0.01 + 0.018).
    expect(path.lengthKm).toBeCloseTo(haversineKm([0, 0], [0.027, 0]), 2);
    expect(path.coordinates[0]).toEqual(from.point);
    expect(path.coordinates[path.coordinates.length - 1]).toEqual(to.point);
    expect(path.coordinates).toContainEqual([0.02, 0]);
  });

  it('honours one-way segments', () => {
    const graph = square();
    const west: LngLat = [0.001, 0.0201];
    const east: LngLat = [0.019, 0.0201];
    const eastbound = graph.shortestPath(snap(graph, west), snap(graph, east))!;
    const westbound = graph.shortestPath(snap(graph, east), snap(graph, west))!;
    expect(eastbound.lengthKm).toBeCloseTo(haversineKm([0.001, 0.02], [0.019, 0.02]), 3);
    expect(eastbound.coordinates).toHaveLength(2); // straight along the one-way street
    expect(westbound.lengthKm).toBeGreaterThan(eastbound.lengthKm * 1.5); // must go round by the middle street
  });

  it('labels components and returns no path between them', () => {
    const graph = square();
    expect(graph.componentCount).toBe(2);
    const island = snap(graph, [5.005, 5]);
    const home = snap(graph, [0.005, 0]);
    expect(island.component).not.toBe(home.component);
    expect(home.component).toBe(0); // the largest is 0
    expect(graph.shortestPath(home, island)).toBeNull();
  });

  it('skips excluded segments when searching and snapping', () => {
    const graph = square();
    const bottom = snap(graph, [0.005, 0]).segment;
    const excluded = new Uint8Array(graph.segmentCount);
    excluded[bottom] = 1;
    // With the bottom street closed, both points join the side streets and go round by the middle one.
    const from = graph.snapCandidates([0.005, 0], 2, excluded)[0];
    const to = graph.snapCandidates([0.015, 0], 2, excluded)[0];
    expect(from.segment).not.toBe(bottom);
    expect(from.point).toEqual([0, 0]);
    const detour = graph.shortestPath(from, to, excluded)!;
    expect(detour.coordinates).toEqual([
      [0, 0],
      [0, 0.01],
      [0.01, 0.01],
      [0.02, 0.01],
      [0.02, 0],
    ]);
    expect(graph.shortestPath(snap(graph, [0.005, 0]), snap(graph, [0.015, 0]))!.coordinates).toHaveLength(2); // open: straight along it
  });

  it('joins the two sides of the antimeridian into one node and unwraps the path', () => {
    const builder = new NetworkGraphBuilder();
    builder.addPolyline([
      [170, 0],
      [180, 0],
    ]);
    builder.addPolyline([
      [-180, 0],
      [-170, 0],
    ]);
    const graph = builder.build(5);
    expect(graph.componentCount).toBe(1);
    const path = graph.shortestPath(graph.snapCandidates([171, 0], 50)[0], graph.snapCandidates([-171, 0], 50)[0])!;
    expect(path.lengthKm).toBeCloseTo(haversineKm([171, 0], [189, 0]), 3);
    expect(path.coordinates.map((p) => p[0])).toEqual([171, 180, 189]);
  });

  it('snaps across the antimeridian', () => {
    const builder = new NetworkGraphBuilder();
    builder.addPolyline([
      [-180, 10],
      [-179, 10],
    ]);
    const [s] = builder.build(2).snapCandidates([179.9, 10], 50);
    expect(s.distanceKm).toBeLessThan(11);
  });

  it('splits long segments along the great circle when asked', () => {
    const builder = new NetworkGraphBuilder();
    builder.addPolyline(
      [
        [-60, 40],
        [0, 40],
      ],
      'both',
      100,
    );
    const graph = builder.build(5);
    expect(graph.segmentCount).toBeGreaterThan(45);
    // The great circle between two points on 40°N bulges north of the parallel.
    expect(Math.max(...graph.nodeLat)).toBeGreaterThan(43);
  });

  it('adds a junction where lanes cross without a shared node, only when asked', () => {
    const crossing = () => {
      const builder = new NetworkGraphBuilder();
      builder.addPolyline([
        [0, -1],
        [0, 1],
      ]);
      builder.addPolyline([
        [-1, 0],
        [1, 0],
      ]);
      return builder;
    };
    expect(crossing().build(1).componentCount).toBe(2); // roads: a bridge, not a junction
    const lanes = crossing();
    expect(lanes.splitAtCrossings()).toBe(1);
    const graph = lanes.build(1);
    expect(graph.componentCount).toBe(1);
    const path = graph.shortestPath(graph.snapCandidates([0, -1], 10)[0], graph.snapCandidates([1, 0], 10)[0])!;
    expect(path.coordinates).toEqual([
      [0, -1],
      [0, 0],
      [1, 0],
    ]);
    expect(path.lengthKm).toBeCloseTo(2 * haversineKm([0, 0], [1, 0]), 6);
  });

  it('joins dead ends to a nearby separate piece, but not across a wide gap', () => {
    const builder = new NetworkGraphBuilder();
    builder.addPolyline([
      [0, 0],
      [0.1, 0],
    ]);
    builder.addPolyline([
      [0.10005, 0],
      [0.2, 0],
    ]); // 5.6 m short of meeting
    builder.addPolyline([
      [0.3, 0],
      [0.4, 0],
    ]); // 11 km away
    expect(builder.joinDeadEnds(1)).toBe(1);
    expect(builder.build(0.1).componentCount).toBe(2);
  });
});

describe('MinHeap', () => {
  it('pops in priority order', () => {
    const heap = new MinHeap();
    const priorities = Array.from({ length: 500 }, (_, i) => (i * 7919) % 503);
    priorities.forEach((p, i) => heap.push(p, i));
    const popped: number[] = [];
    while (heap.size > 0) popped.push(priorities[heap.pop()]);
    expect(popped).toEqual([...priorities].sort((a, b) => a - b));
  });
});
