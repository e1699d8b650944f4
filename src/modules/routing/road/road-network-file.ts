import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import * as sax from 'sax';
import type { LngLat } from '../route-plan';
import { NetworkGraph, NetworkGraphBuilder, SegmentDirection } from '../network/network-graph';

/** Index cells of about 2 km: a snap within the road limit looks at a few cells only. */
const ROAD_INDEX_CELL_DEG = 0.02;

/**
 * `highway=*` values that cars cannot use. Road legs are for cars and trucks; walking legs are
 * drawn as great circles unless routed on purpose.
 */
const NOT_FOR_VEHICLES = new Set([
  'footway',
  'path',
  'pedestrian',
  'steps',
  'cycleway',
  'bridleway',
  'corridor',
  'platform',
  'elevator',
  'bus_guideway',
  'busway',
  'proposed',
  'construction',
  'abandoned',
  'razed',
  'raceway',
]);

type Tags = Record<string, string | undefined>;

/**
 * Travel direction from OSM-style tags: `oneway=yes|true|1` forward, `oneway=-1|reverse`
 * backward, `oneway=no` both; otherwise roundabouts and motorways are one-way as drawn.
 */
export function directionFromTags(tags: Tags): SegmentDirection {
  const oneway = tags.oneway?.toLowerCase();
  if (oneway === 'yes' || oneway === 'true' || oneway === '1') return 'forward';
  if (oneway === '-1' || oneway === 'reverse') return 'backward';
  if (oneway === 'no' || oneway === 'false' || oneway === '0') return 'both';
  if (tags.junction === 'roundabout' || tags.junction === 'circular' || tags.highway === 'motorway') return 'forward';
  return 'both';
}

/**
 * Reads a road network file into a routable graph: GeoJSON (`.geojson`, `.json`; LineString
 * and MultiLineString features, `oneway` honoured from properties) or OSM XML (`.osm`, `.xml`;
 * ways tagged `highway=*` that vehicles may use, one-way rules honoured).
 */
export async function loadRoadNetwork(path: string): Promise<NetworkGraph> {
  const builder = new NetworkGraphBuilder();
  const extension = extname(path).toLowerCase();
  if (extension === '.geojson' || extension === '.json') addGeoJson(builder, JSON.parse(await readFile(path, 'utf8')));
  else if (extension === '.osm' || extension === '.xml') await addOsmXml(builder, path);
  else throw new Error(`unsupported road network format "${extension}" (use .geojson or .osm)`);
  if (builder.segmentCount === 0) throw new Error(`no roads found in ${path}`);
  return builder.build(ROAD_INDEX_CELL_DEG);
}

interface GeoJsonFeature {
  type: 'Feature';
  properties?: Tags | null;
  geometry: { type: string; coordinates: unknown } | null;
}

function addGeoJson(builder: NetworkGraphBuilder, data: { type: string; features?: GeoJsonFeature[] }): void {
  const features = data.type === 'FeatureCollection' ? (data.features ?? []) : data.type === 'Feature' ? [data as GeoJsonFeature] : [];
  for (const feature of features) {
    const tags = feature.properties ?? {};
    if (tags.highway && NOT_FOR_VEHICLES.has(tags.highway)) continue;
    const direction = directionFromTags(tags);
    const geometry = feature.geometry;
    if (geometry?.type === 'LineString') builder.addPolyline(geometry.coordinates as LngLat[], direction);
    else if (geometry?.type === 'MultiLineString') {
      for (const line of geometry.coordinates as LngLat[][]) builder.addPolyline(line, direction);
    }
  }
}

/** Streams the XML (OSM extracts get large) and keeps only node positions and drivable ways. */
function addOsmXml(builder: NetworkGraphBuilder, path: string): Promise<void> {
  const positions = new Map<string, LngLat>();
  const ways: { refs: string[]; tags: Tags }[] = [];
  let way: { refs: string[]; tags: Tags } | null = null;
  const parser = sax.createStream(true);
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'node') positions.set(attributes.id, [Number(attributes.lon), Number(attributes.lat)]);
    else if (tag.name === 'way') way = { refs: [], tags: {} };
    else if (way && tag.name === 'nd') way.refs.push(attributes.ref);
    else if (way && tag.name === 'tag') way.tags[attributes.k] = attributes.v;
  });
  parser.on('closetag', (name) => {
    if (name !== 'way' || !way) return;
    if (way.tags.highway && !NOT_FOR_VEHICLES.has(way.tags.highway)) ways.push(way);
    way = null;
  });
  return new Promise((resolve, reject) => {
    parser.on('error', reject);
    parser.on('end', () => {
      for (const { refs, tags } of ways) {
        // Nodes keep their OSM identity: a bridge over a road shares no node with it.
        const nodes = refs.filter((ref) => positions.has(ref)).map((ref) => builder.addNode(positions.get(ref)!, `osm:${ref}`));
        builder.addPath(nodes, directionFromTags(tags));
      }
      resolve();
    });
    createReadStream(path).on('error', reject).pipe(parser);
  });
}
