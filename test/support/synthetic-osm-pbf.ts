/**
 * Synthetic OpenStreetMap PBF extracts, written in the real format (fileformat.proto + osmformat.proto, zlib blobs,
 * DenseNodes), since no real extract can be downloaded where the tests run. One generator makes the small city of the
 * road tests and the country-size network of `npm run bench:roads`:
 *
 * - a grid of streets (`rows` × `columns` junctions, `spacingDeg` apart), `shapePoints` nodes along each block as
 *   real ways have, every tenth street `primary` and the rest `residential`;
 * - a river running north–south between columns `riverAfterColumn` and the next: streets stop at its banks except
 *   the bridges (`bridgeRows`, `bridge=yes`, `secondary`), and a footbridge at `footbridgeRow` that no car may take;
 * - a motorway south of the city, one carriageway each way (one-way as drawn), crossing the river on its own bridge,
 *   joined to the bottom street by `motorway_link`s every `linkEvery` columns;
 * - one-way rows (`oneWayRows`, eastbound), rows closed to lorries (`hgvNoRows`, `hgv=no`);
 * - `extraNodes` nodes that are no road (the buildings and points of a real extract), in `building=yes` ways.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import Pbf from 'pbf';

export interface SyntheticCityOptions {
  rows: number;
  columns: number;
  /** South-west junction, [lng, lat]. */
  origin: [number, number];
  spacingDeg: number;
  shapePoints: number;
  riverAfterColumn: number;
  bridgeRows: number[];
  footbridgeRow?: number;
  oneWayRows?: number[];
  hgvNoRows?: number[];
  linkEvery: number;
  extraNodes?: number;
  /** Junctions per street way (real ways are short). */
  blocksPerWay?: number;
  /**
   * Moves the shape points and the points that are no road by up to this many degrees, pseudo-randomly, so that the
   * file compresses like a real extract's (a perfect grid deflates to almost nothing). Junctions stay on the grid.
   */
  jitterDeg?: number;
}

export const SMALL_CITY: SyntheticCityOptions = {
  rows: 10,
  columns: 12,
  origin: [-8.64, 41.14],
  spacingDeg: 0.002,
  shapePoints: 1,
  riverAfterColumn: 5,
  bridgeRows: [7],
  footbridgeRow: 3,
  oneWayRows: [5],
  hgvNoRows: [2],
  linkEvery: 4,
  extraNodes: 500,
  blocksPerWay: 4,
};

type LngLat = [number, number];

/** The layout's node ids and positions, by formula (nodes are written in id order without being held). */
export class SyntheticCity {
  readonly junctionBase = 1;
  readonly horizontalBase: number;
  readonly verticalBase: number;
  readonly motorwayBase: number;
  readonly extraBase: number;
  readonly nodeCount: number;

  constructor(readonly o: SyntheticCityOptions) {
    const { rows, columns, shapePoints } = o;
    this.horizontalBase = this.junctionBase + rows * columns;
    this.verticalBase = this.horizontalBase + rows * (columns - 1) * shapePoints;
    this.motorwayBase = this.verticalBase + (rows - 1) * columns * shapePoints;
    this.extraBase = this.motorwayBase + 2 * columns;
    this.nodeCount = this.extraBase - 1 + (o.extraNodes ?? 0);
  }

  junction(r: number, c: number): number {
    return this.junctionBase + r * this.o.columns + c;
  }
  horizontal(r: number, c: number, k: number): number {
    return this.horizontalBase + (r * (this.o.columns - 1) + c) * this.o.shapePoints + k;
  }
  vertical(r: number, c: number, k: number): number {
    return this.verticalBase + (r * this.o.columns + c) * this.o.shapePoints + k;
  }
  /** Eastbound carriageway (`side` 0) and westbound (1), one node per column. */
  motorway(side: 0 | 1, c: number): number {
    return this.motorwayBase + side * this.o.columns + c;
  }

  /** Junction (r, c)'s position; fractional r or c for points between. */
  at(r: number, c: number): LngLat {
    return [this.o.origin[0] + c * this.o.spacingDeg, this.o.origin[1] + r * this.o.spacingDeg];
  }

  /** The river's course: the longitude halfway between its two banks' columns. */
  get riverLng(): number {
    return this.at(0, this.o.riverAfterColumn + 0.5)[0];
  }

  position(id: number): LngLat {
    const [lng, lat] = this.exactPosition(id);
    const jitter = this.o.jitterDeg;
    if (!jitter || id < this.horizontalBase || (id >= this.motorwayBase && id < this.extraBase)) return [lng, lat];
    const h = Math.imul(id, 2654435761) >>> 0;
    return [lng + ((h & 0xffff) / 0xffff - 0.5) * jitter, lat + ((h >>> 16) / 0xffff - 0.5) * jitter];
  }

  private exactPosition(id: number): LngLat {
    const { rows, columns, shapePoints } = this.o;
    if (id < this.horizontalBase) {
      const i = id - this.junctionBase;
      return this.at(Math.floor(i / columns), i % columns);
    }
    if (id < this.verticalBase) {
      const i = id - this.horizontalBase;
      const edge = Math.floor(i / shapePoints);
      const k = i % shapePoints;
      const r = Math.floor(edge / (columns - 1));
      const c = edge % (columns - 1);
      return this.at(r, c + (k + 1) / (shapePoints + 1));
    }
    if (id < this.motorwayBase) {
      const i = id - this.verticalBase;
      const edge = Math.floor(i / shapePoints);
      const k = i % shapePoints;
      const r = Math.floor(edge / columns);
      const c = edge % columns;
      return this.at(r + (k + 1) / (shapePoints + 1), c);
    }
    if (id < this.extraBase) {
      const i = id - this.motorwayBase;
      const side = Math.floor(i / columns);
      return this.at(side === 0 ? -2 : -2.3, i % columns);
    }
    // Points that are no road: scattered inside the city's blocks (never on a street).
    const i = id - this.extraBase;
    const r = (i * 7919) % Math.max(1, rows - 1);
    const c = (i * 104729) % Math.max(1, columns - 1);
    return this.at(r + 0.3 + (i % 5) * 0.1, c + 0.4);
  }
}

export interface Way {
  refs: number[];
  tags: Record<string, string>;
}

/** The city's ways, in order, without holding them all. */
export function* cityWays(city: SyntheticCity): Generator<Way> {
  const o = city.o;
  const perWay = o.blocksPerWay ?? 10;
  const horizontalRun = (r: number, c0: number, c1: number): number[] => {
    const refs = [city.junction(r, c0)];
    for (let c = c0; c < c1; c++) {
      for (let k = 0; k < o.shapePoints; k++) refs.push(city.horizontal(r, c, k));
      refs.push(city.junction(r, c + 1));
    }
    return refs;
  };
  const streetClass = (i: number) => (i % 10 === 0 ? 'primary' : 'residential');
  for (let r = 0; r < o.rows; r++) {
    const tags: Record<string, string> = { highway: streetClass(r), name: `Row ${r}` };
    if (o.oneWayRows?.includes(r)) tags.oneway = 'yes';
    if (o.hgvNoRows?.includes(r)) tags.hgv = 'no';
    // West bank, the crossing, east bank; each bank's street in ways of `perWay` blocks.
    for (let c = 0; c < o.riverAfterColumn; c += perWay) {
      yield { refs: horizontalRun(r, c, Math.min(c + perWay, o.riverAfterColumn)), tags };
    }
    if (o.bridgeRows.includes(r)) {
      yield {
        refs: horizontalRun(r, o.riverAfterColumn, o.riverAfterColumn + 1),
        tags: { highway: 'secondary', bridge: 'yes', name: `Bridge ${r}` },
      };
    } else if (o.footbridgeRow === r) {
      yield { refs: horizontalRun(r, o.riverAfterColumn, o.riverAfterColumn + 1), tags: { highway: 'footway', bridge: 'yes' } };
    }
    for (let c = o.riverAfterColumn + 1; c < o.columns - 1; c += perWay) {
      yield { refs: horizontalRun(r, c, Math.min(c + perWay, o.columns - 1)), tags };
    }
  }
  for (let c = 0; c < o.columns; c++) {
    for (let r = 0; r < o.rows - 1; r += perWay) {
      const refs = [city.junction(r, c)];
      for (let rr = r; rr < Math.min(r + perWay, o.rows - 1); rr++) {
        for (let k = 0; k < o.shapePoints; k++) refs.push(city.vertical(rr, c, k));
        refs.push(city.junction(rr + 1, c));
      }
      yield { refs, tags: { highway: streetClass(c), name: `Column ${c}` } };
    }
  }
  // The motorway: eastbound west to east, westbound east to west, in ways of up to 100 nodes.
  for (const side of [0, 1] as const) {
    const order = Array.from({ length: o.columns }, (_, c) => (side === 0 ? c : o.columns - 1 - c));
    for (let i = 0; i < order.length - 1; i += 99) {
      const refs = order.slice(i, i + 100).map((c) => city.motorway(side, c));
      yield { refs, tags: { highway: 'motorway', ref: 'A1' } };
    }
  }
  for (let c = 0; c < o.columns; c += o.linkEvery) {
    yield { refs: [city.junction(0, c), city.motorway(0, c)], tags: { highway: 'motorway_link', oneway: 'yes' } };
    yield { refs: [city.motorway(1, c), city.junction(0, c)], tags: { highway: 'motorway_link', oneway: 'yes' } };
    yield { refs: [city.junction(0, c), city.motorway(1, c)], tags: { highway: 'motorway_link', oneway: 'yes' } };
    yield { refs: [city.motorway(0, c), city.junction(0, c)], tags: { highway: 'motorway_link', oneway: 'yes' } };
  }
  // Buildings: closed rings of the points that are no road.
  const extra = o.extraNodes ?? 0;
  for (let i = 0; i + 4 <= extra; i += 4) {
    const base = city.extraBase + i;
    yield { refs: [base, base + 1, base + 2, base + 3, base], tags: { building: 'yes' } };
  }
}

const NODES_PER_BLOCK = 8000;
const WAYS_PER_BLOCK = 8000;

/**
 * How the nodes are written: as DenseNodes in id order (what extracts publish), or, to exercise a reader's other
 * paths, as plain Node messages, in blocks in reverse order, `nodesPerBlock` at a time.
 */
export interface PbfWriteOptions {
  /** Nodes left out of the file while ways still name them, as at an extract's border. */
  omitNode?: (id: number) => boolean;
  plainNodes?: boolean;
  reverseNodeBlocks?: boolean;
  nodesPerBlock?: number;
}

/** Writes the city as an OSM PBF file; answers its node and way counts. */
export function writeSyntheticCityPbf(
  path: string,
  options: SyntheticCityOptions,
  write: PbfWriteOptions = {},
): { nodes: number; ways: number } {
  const city = new SyntheticCity(options);
  const fd = openSync(path, 'w');
  try {
    writeBlob(fd, 'OSMHeader', headerBlock());
    const perBlock = write.nodesPerBlock ?? NODES_PER_BLOCK;
    const firsts: number[] = [];
    for (let first = 1; first <= city.nodeCount; first += perBlock) firsts.push(first);
    if (write.reverseNodeBlocks) firsts.reverse();
    for (const first of firsts) {
      const last = Math.min(city.nodeCount, first + perBlock - 1);
      const position = (id: number) => city.position(id);
      const ids = Array.from({ length: last - first + 1 }, (_, i) => first + i).filter((id) => !write.omitNode?.(id));
      if (ids.length === 0) continue;
      writeBlob(fd, 'OSMData', write.plainNodes ? plainNodesBlock(ids, position) : denseNodesBlock(ids, position));
    }
    let ways = 0;
    let batch: Way[] = [];
    for (const way of cityWays(city)) {
      batch.push(way);
      if (batch.length === WAYS_PER_BLOCK) {
        writeBlob(fd, 'OSMData', waysBlock(batch, ways + 1));
        ways += batch.length;
        batch = [];
      }
    }
    if (batch.length > 0) {
      writeBlob(fd, 'OSMData', waysBlock(batch, ways + 1));
      ways += batch.length;
    }
    return { nodes: city.nodeCount, ways };
  } finally {
    closeSync(fd);
  }
}

function headerBlock(): Uint8Array {
  const pbf = new Pbf();
  pbf.writeStringField(4, 'OsmSchema-V0.6');
  pbf.writeStringField(4, 'DenseNodes');
  pbf.writeStringField(16, 'mapr synthetic extract');
  return pbf.finish();
}

/** DenseNodes with these ids (ascending), positions in 1e-7 degrees (granularity 100), delta coded. */
function denseNodesBlock(nodeIds: number[], position: (id: number) => LngLat): Uint8Array {
  const ids: number[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  let previous = [0, 0, 0];
  for (const id of nodeIds) {
    const [lng, lat] = position(id);
    const lat7 = Math.round(lat * 1e7);
    const lon7 = Math.round(lng * 1e7);
    ids.push(id - previous[0]);
    lats.push(lat7 - previous[1]);
    lons.push(lon7 - previous[2]);
    previous = [id, lat7, lon7];
  }
  const dense = message((d) => {
    d.writePackedSVarint(1, ids);
    d.writePackedSVarint(8, lats);
    d.writePackedSVarint(9, lons);
  });
  return message((block) => {
    block.writeBytesField(
      1,
      message((table) => table.writeBytesField(1, new Uint8Array(0))),
    ); // string table: "" only
    block.writeBytesField(
      2,
      message((group) => group.writeBytesField(2, dense)),
    );
  });
}

/** Node messages (id and position as sint64, not delta coded), one per node. */
function plainNodesBlock(ids: number[], position: (id: number) => LngLat): Uint8Array {
  return message((block) => {
    block.writeBytesField(
      1,
      message((table) => table.writeBytesField(1, new Uint8Array(0))),
    );
    block.writeBytesField(
      2,
      message((group) => {
        for (const id of ids) {
          const [lng, lat] = position(id);
          group.writeBytesField(
            1,
            message((node) => {
              node.writeSVarintField(1, id);
              node.writeSVarintField(8, Math.round(lat * 1e7));
              node.writeSVarintField(9, Math.round(lng * 1e7));
            }),
          );
        }
      }),
    );
  });
}

/** A message's bytes, to write as a length-delimited field of another. */
function message(write: (pbf: Pbf) => void): Uint8Array {
  const pbf = new Pbf();
  write(pbf);
  return pbf.finish();
}

function waysBlock(ways: Way[], firstId: number): Uint8Array {
  const strings = new Map<string, number>([['', 0]]);
  const index = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const encoded = ways.map((way) => {
    const keys = Object.keys(way.tags).map(index);
    const vals = Object.values(way.tags).map(index);
    const deltas = way.refs.map((ref, i) => ref - (i === 0 ? 0 : way.refs[i - 1]));
    return { keys, vals, deltas };
  });
  const encoder = new TextEncoder();
  return message((block) => {
    block.writeBytesField(
      1,
      message((table) => [...strings.keys()].forEach((s) => table.writeBytesField(1, encoder.encode(s)))),
    );
    block.writeBytesField(
      2,
      message((group) =>
        encoded.forEach((way, i) =>
          group.writeBytesField(
            3,
            message((w) => {
              w.writeVarintField(1, firstId + i);
              w.writePackedVarint(2, way.keys);
              w.writePackedVarint(3, way.vals);
              w.writePackedSVarint(8, way.deltas);
            }),
          ),
        ),
      ),
    );
  });
}

function writeBlob(fd: number, type: string, data: Uint8Array): void {
  const blob = new Pbf();
  blob.writeVarintField(2, data.length);
  blob.writeBytesField(3, deflateSync(data));
  const blobBytes = blob.finish();
  const header = new Pbf();
  header.writeStringField(1, type);
  header.writeVarintField(3, blobBytes.length);
  const headerBytes = header.finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length, 0);
  writeSync(fd, length);
  writeSync(fd, headerBytes);
  writeSync(fd, blobBytes);
}
