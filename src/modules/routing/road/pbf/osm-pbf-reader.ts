import { closeSync, openSync, readSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import Pbf from 'pbf';

/**
 * A streaming reader of OpenStreetMap's PBF format (the `.osm.pbf` extracts published per country),
 * for what road routing needs: the file is read blob by blob (never whole), each blob's PrimitiveBlock
 * decoded with `pbf` (Mapbox's protocol buffers reader) straight into plain numbers, without an object
 * per element. The schema is OSM's fileformat.proto and osmformat.proto (field numbers below).
 */

/** Features a file may require (OSMHeader.required_features) that this reader understands (not a history file's). */
const UNDERSTOOD_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes']);
/** The format's own limits: a BlobHeader under 64 KiB, a Blob under 32 MiB. */
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_BLOB_BYTES = 32 * 1024 * 1024;

/** A way as routing reads it: its id, its tags, and its node ids in order. */
export interface PbfWay {
  id: number;
  tags: Record<string, string>;
  refs: number[];
}

export interface PbfVisitor {
  /** Called for each node: id, and position in 1e-7 degrees (OSM's own precision). Omit to skip node blocks' contents. */
  node?: (id: number, lat7: number, lon7: number) => void;
  /** Called for each way. Omit to skip ways. */
  way?: (way: PbfWay) => void;
  /** Only these blobs (their file offsets, as `blobs` answers them) are read; all when omitted. */
  only?: number[];
}

export interface PbfReadSummary {
  /** File offsets of the data blobs that held nodes (a second pass can read only those). */
  nodeBlobs: number[];
  blobs: number;
}

/** A file that is not a readable OSM PBF extract. The message names no path. */
export class OsmPbfError extends Error {}

/**
 * Reads the file's blobs in order and calls the visitor for each node and way in them. Throws OsmPbfError
 * for a file that is not OSM PBF, a truncated one, or one that needs features this reader lacks.
 */
export function readOsmPbf(path: string, visitor: PbfVisitor): PbfReadSummary {
  const fd = openSync(path, 'r');
  try {
    const nodeBlobs: number[] = [];
    let blobs = 0;
    let sawHeader = false;
    const offsets = visitor.only ? [...visitor.only] : undefined;
    let position = offsets ? (offsets.shift() ?? -1) : 0;
    const lengthBytes = Buffer.alloc(4);
    while (position >= 0) {
      const offset = position;
      const got = readSync(fd, lengthBytes, 0, 4, position);
      if (got === 0) break;
      if (got < 4) throw new OsmPbfError('the file ends inside a blob header');
      const headerLength = lengthBytes.readUInt32BE(0);
      if (headerLength === 0 || headerLength > MAX_HEADER_BYTES) throw new OsmPbfError('not an OpenStreetMap PBF file');
      const header = readExactly(fd, position + 4, headerLength);
      const { type, dataSize } = decodeBlobHeader(header);
      if (dataSize > MAX_BLOB_BYTES) throw new OsmPbfError('a blob is larger than the format allows');
      const data = blobData(readExactly(fd, position + 4 + headerLength, dataSize));
      position += 4 + headerLength + dataSize;
      if (offsets) position = offsets.shift() ?? -1;
      blobs++;
      if (type === 'OSMHeader') {
        checkHeader(data);
        sawHeader = true;
      } else if (type === 'OSMData') {
        if (!sawHeader && !visitor.only) throw new OsmPbfError('not an OpenStreetMap PBF file (no OSMHeader first)');
        if (decodePrimitiveBlock(data, visitor)) nodeBlobs.push(offset);
      } // Other blob types are skipped, as the format asks.
    }
    if (!sawHeader && !visitor.only) throw new OsmPbfError('not an OpenStreetMap PBF file (no OSMHeader)');
    return { nodeBlobs, blobs };
  } finally {
    closeSync(fd);
  }
}

function readExactly(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const got = readSync(fd, buffer, done, length - done, position + done);
    if (got === 0) throw new OsmPbfError('the file ends inside a blob');
    done += got;
  }
  return buffer;
}

/** BlobHeader: type = 1 (string), indexdata = 2, datasize = 3 (int32). */
function decodeBlobHeader(bytes: Buffer): { type: string; dataSize: number } {
  const pbf = new Pbf(bytes);
  const header = { type: '', dataSize: -1 };
  pbf.readFields((tag) => {
    if (tag === 1) header.type = pbf.readString();
    else if (tag === 3) header.dataSize = pbf.readVarint();
  }, header);
  if (!header.type || header.dataSize < 0) throw new OsmPbfError('not an OpenStreetMap PBF file');
  return header;
}

/** Blob: raw = 1, raw_size = 2, zlib_data = 3 (lzma, lz4 and zstd are not read). */
function blobData(bytes: Buffer): Uint8Array {
  const pbf = new Pbf(bytes);
  const blob: { raw?: Uint8Array; zlib?: Uint8Array; other: boolean } = { other: false };
  pbf.readFields((tag) => {
    if (tag === 1) blob.raw = pbf.readBytes();
    else if (tag === 3) blob.zlib = pbf.readBytes();
    else if (tag === 4 || tag === 5 || tag === 6 || tag === 7) blob.other = true; // readFields skips it
  }, blob);
  if (blob.raw) return blob.raw;
  if (blob.zlib) {
    try {
      return inflateSync(blob.zlib);
    } catch {
      throw new OsmPbfError('a blob could not be decompressed');
    }
  }
  throw new OsmPbfError(blob.other ? 'a blob is compressed other than with zlib' : 'a blob holds no data');
}

/** HeaderBlock: required_features = 4. */
function checkHeader(bytes: Uint8Array): void {
  const pbf = new Pbf(bytes);
  const required: string[] = [];
  pbf.readFields((tag) => {
    if (tag === 4) required.push(pbf.readString());
  }, null);
  const missing = required.filter((feature) => !UNDERSTOOD_FEATURES.has(feature));
  if (missing.length > 0) throw new OsmPbfError(`the file requires features this reader lacks (${missing.join(', ')})`);
}

interface BlockState {
  strings: string[];
  groups: Array<[number, number]>;
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

const utf8 = new TextDecoder();

/**
 * PrimitiveBlock: stringtable = 1, primitivegroup = 2, granularity = 17, lat_offset = 19, lon_offset = 20. The groups
 * are decoded after the whole block is read, since the granularity and offsets may come after them. Answers
 * whether the block held nodes.
 */
function decodePrimitiveBlock(bytes: Uint8Array, visitor: PbfVisitor): boolean {
  const pbf = new Pbf(bytes);
  const block: BlockState = { strings: [], groups: [], granularity: 100, latOffset: 0, lonOffset: 0 };
  pbf.readFields((tag) => {
    if (tag === 1) {
      const end = pbf.readVarint() + pbf.pos;
      while (pbf.pos < end) {
        const stringTag = pbf.readVarint();
        if (stringTag >> 3 === 1) {
          const length = pbf.readVarint();
          block.strings.push(utf8.decode(bytes.subarray(pbf.pos, pbf.pos + length)));
          pbf.pos += length;
        } else pbf.skip(stringTag);
      }
    } else if (tag === 2) {
      const length = pbf.readVarint();
      block.groups.push([pbf.pos, pbf.pos + length]);
      pbf.pos += length;
    } else if (tag === 17) block.granularity = pbf.readVarint();
    else if (tag === 19) block.latOffset = pbf.readVarint(true);
    else if (tag === 20) block.lonOffset = pbf.readVarint(true);
  }, block);

  let hadNodes = false;
  for (const [start, end] of block.groups) {
    pbf.pos = start;
    while (pbf.pos < end) {
      const value = pbf.readVarint();
      const tag = value >> 3;
      if (tag === 1 || tag === 2) {
        hadNodes = true;
        if (!visitor.node) {
          pbf.skip(value);
          continue;
        }
        const length = pbf.readVarint();
        const messageEnd = pbf.pos + length;
        if (tag === 2) readDenseNodes(pbf, messageEnd, block, visitor.node);
        else readNode(pbf, messageEnd, block, visitor.node);
        pbf.pos = messageEnd;
      } else if (tag === 3 && visitor.way) {
        const length = pbf.readVarint();
        const messageEnd = pbf.pos + length;
        visitor.way(readWay(pbf, messageEnd, block.strings));
        pbf.pos = messageEnd;
      } else pbf.skip(value);
    }
  }
  return hadNodes;
}

/** Nanodegrees (offset + granularity × value) to 1e-7 degrees. */
function toE7(offset: number, granularity: number, value: number): number {
  return Math.round((offset + granularity * value) / 100);
}

/** DenseNodes: id = 1, lat = 8, lon = 9 (packed sint64, delta coded); denseinfo = 5 and keys_vals = 10 unread. */
function readDenseNodes(pbf: Pbf, end: number, block: BlockState, node: NonNullable<PbfVisitor['node']>): void {
  let ids: number[] = [];
  let lats: number[] = [];
  let lons: number[] = [];
  while (pbf.pos < end) {
    const value = pbf.readVarint();
    const tag = value >> 3;
    if (tag === 1) ids = pbf.readPackedSVarint();
    else if (tag === 8) lats = pbf.readPackedSVarint();
    else if (tag === 9) lons = pbf.readPackedSVarint();
    else pbf.skip(value);
  }
  if (lats.length !== ids.length || lons.length !== ids.length) throw new OsmPbfError('a block of nodes is inconsistent');
  let id = 0;
  let lat = 0;
  let lon = 0;
  for (let i = 0; i < ids.length; i++) {
    id += ids[i];
    lat += lats[i];
    lon += lons[i];
    node(id, toE7(block.latOffset, block.granularity, lat), toE7(block.lonOffset, block.granularity, lon));
  }
}

/** Node: id = 1 (sint64), lat = 8, lon = 9 (sint64). */
function readNode(pbf: Pbf, end: number, block: BlockState, node: NonNullable<PbfVisitor['node']>): void {
  let id = 0;
  let lat = 0;
  let lon = 0;
  while (pbf.pos < end) {
    const value = pbf.readVarint();
    const tag = value >> 3;
    if (tag === 1) id = pbf.readSVarint();
    else if (tag === 8) lat = pbf.readSVarint();
    else if (tag === 9) lon = pbf.readSVarint();
    else pbf.skip(value);
  }
  node(id, toE7(block.latOffset, block.granularity, lat), toE7(block.lonOffset, block.granularity, lon));
}

/** Way: id = 1 (int64), keys = 2, vals = 3 (packed uint32, string table indices), refs = 8 (packed sint64, delta coded). */
function readWay(pbf: Pbf, end: number, strings: string[]): PbfWay {
  let id = 0;
  let keys: number[] = [];
  let vals: number[] = [];
  let deltas: number[] = [];
  while (pbf.pos < end) {
    const value = pbf.readVarint();
    const tag = value >> 3;
    if (tag === 1) id = pbf.readVarint(true);
    else if (tag === 2) keys = pbf.readPackedVarint();
    else if (tag === 3) vals = pbf.readPackedVarint();
    else if (tag === 8) deltas = pbf.readPackedSVarint();
    else pbf.skip(value);
  }
  const tags: Record<string, string> = {};
  for (let i = 0; i < keys.length && i < vals.length; i++) {
    const key = strings[keys[i]];
    const val = strings[vals[i]];
    if (key === undefined || val === undefined) throw new OsmPbfError('a way names a string its block lacks');
    tags[key] = val;
  }
  const refs = new Array<number>(deltas.length);
  let ref = 0;
  for (let i = 0; i < deltas.length; i++) refs[i] = ref += deltas[i];
  return { id, tags, refs };
}
