/**
 * The renderer's imagery tile cache (contract §21): an operator's XYZ source (IMAGERY_TILE_URL) as the page sees it.
 * A small HTTP server on the loopback interface, started by the first render that needs it, answers
 * `/tiles/{z}/{x}/{y}` from a folder on disk, fetching a missing tile from the source once and keeping it. The page
 * asks for its tiles while it loads, before the first frame (remotion/lib/map/imagery-tiles.ts), so no frame waits on the
 * network; a tile the source cannot give is answered 404, logged, and the page draws the bundled imagery there.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { type CompositionImageryTiles, type MapAnimationProps, sharpenedByImageryTiles } from '../../contract';
import type { Renderer, StillRenderer } from './renderer.port';

export interface ImageryTileSource {
  /** XYZ template with {z}, {x} and {y}. */
  url: string;
  attribution: string | null;
  maxZoom: number;
  cacheDir: string;
}

/** How long one tile may take to come from the source. */
const FETCH_TIMEOUT_MS = 10_000;

/** The image types a tile may be, by their first bytes (the cache keeps no headers). */
function imageType(bytes: Buffer): string | null {
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length > 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export class ImageryTileCache {
  private server: http.Server | null = null;
  private starting: Promise<string> | null = null;
  /** Tiles being fetched: a second request for one waits for the same fetch. */
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly source: ImageryTileSource,
    private readonly log: (message: string, fields: Record<string, unknown>) => void,
  ) {}

  /** The props with the tiles to draw, where the style draws true-colour imagery; unchanged otherwise. */
  async attach(props: MapAnimationProps): Promise<MapAnimationProps> {
    if (!sharpenedByImageryTiles(props.style)) return props;
    const base = await this.start();
    const tiles: CompositionImageryTiles = {
      url: `${base}/tiles/{z}/{x}/{y}`,
      attribution: this.source.attribution,
      max_zoom: this.source.maxZoom,
    };
    return { ...props, imagery_tiles: tiles };
  }

  /** The server's base URL, starting it on first use. */
  start(): Promise<string> {
    this.starting ??= new Promise<string>((resolve, reject) => {
      const server = http.createServer((request, response) => void this.answer(request, response));
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        this.server = server;
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      });
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.starting = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    // The page loads tiles from another origin (its own is the bundle's): they must not taint its canvas.
    response.setHeader('Access-Control-Allow-Origin', '*');
    const match = /^\/tiles\/(\d{1,2})\/(\d{1,7})\/(\d{1,7})$/.exec(request.url ?? '');
    const [z, x, y] = match ? match.slice(1).map(Number) : [NaN, NaN, NaN];
    if (request.method !== 'GET' || !match || z > this.source.maxZoom || x >= 2 ** z || y >= 2 ** z) {
      response.writeHead(404).end();
      return;
    }
    const tile = await this.tile(z, x, y);
    if (!tile) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': imageType(tile) ?? 'application/octet-stream', 'Cache-Control': 'max-age=86400' });
    response.end(tile);
  }

  /** A tile from the cache folder, or from the source (kept for next time); null when the source cannot give it. */
  private tile(z: number, x: number, y: number): Promise<Buffer | null> {
    const file = path.join(this.source.cacheDir, String(z), String(x), String(y));
    try {
      return Promise.resolve(fs.readFileSync(file));
    } catch {
      // Not cached yet.
    }
    const key = `${z}/${x}/${y}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchTile(z, x, y, file).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async fetchTile(z: number, x: number, y: number, file: string): Promise<Buffer | null> {
    const url = this.source.url.replaceAll('{z}', String(z)).replaceAll('{x}', String(x)).replaceAll('{y}', String(y));
    // The source's address without its query, which may carry the operator's key.
    const where = { tile: `${z}/${x}/${y}`, source: new URL(url).host };
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!answer.ok) {
        this.log('Imagery tile not available from the source; the bundled imagery shows there', { ...where, status: answer.status });
        return null;
      }
      const bytes = Buffer.from(await answer.arrayBuffer());
      if (!imageType(bytes)) {
        this.log('Imagery tile from the source is not an image; the bundled imagery shows there', { ...where, bytes: bytes.length });
        return null;
      }
      // Written aside and renamed: a reader never sees half a tile.
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, bytes);
      fs.renameSync(partial, file);
      return bytes;
    } catch (error) {
      this.log('Imagery tile could not be fetched; the bundled imagery shows there', { ...where, error: (error as Error).message });
      return null;
    }
  }
}

/** A renderer whose videos draw the operator's tiles where their style needs them (the cache's attach), stopping the cache with it. */
export function withImageryTiles(renderer: Renderer, tiles: ImageryTileCache): Renderer {
  return {
    start: () => renderer.start(),
    render: async (input) => renderer.render({ ...input, props: await tiles.attach(input.props) }),
    joinChunks: (input) => renderer.joinChunks(input),
    stop: async () => {
      await renderer.stop();
      await tiles.stop();
    },
  };
}

/** The same for stills (the preview's `POST /v1/render/preview/still`). */
export function stillsWithImageryTiles(renderer: StillRenderer, tiles: ImageryTileCache): StillRenderer {
  return {
    renderStill: async (input) => renderer.renderStill({ ...input, props: await tiles.attach(input.props) }),
    stop: async () => {
      await renderer.stop();
      await tiles.stop();
    },
  };
}
