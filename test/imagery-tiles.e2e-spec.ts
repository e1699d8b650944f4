/**
 * Detail beyond continent scale (contract §21): with IMAGERY_TILE_URL set, a `satellite` frame zoomed in past what the
 * bundled imagery resolves draws the operator's tiles (fetched before the first frame, kept on disk, served to the page
 * by the renderer's tile cache) and credits IMAGERY_ATTRIBUTION in its corner; a tile the source cannot give leaves the
 * bundled imagery there and is logged, without the source's key. A local tile server generates the tiles: solid magenta,
 * a colour no Earth imagery has, so the frame's pixels say where they came from.
 */
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { PNG } from 'pngjs';
import type { Response } from 'supertest';
import { execFileSync } from 'node:child_process';
import type { MapAnimationProps } from '../src/modules/contract';
import { ensureRemotionBundle, ffprobePath, ImageryTileCache, InPageRenderer, withImageryTiles } from '../src/modules/rendering/renderer';
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const SHOTS = path.join(__dirname, '..', 'tmp', 'imagery-tiles');

function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** A 256-pixel PNG tile of one colour. */
function solidTile(r: number, g: number, b: number): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([r, g, b, 255], i);
  return PNG.sync.write(png);
}

/** An XYZ tile server that counts what it is asked for; `failing` answers 500 instead. */
function tileServer(): Promise<{ url: string; requests: string[]; setFailing(failing: boolean): void; close(): Promise<void> }> {
  const magenta = solidTile(255, 0, 255);
  const requests: string[] = [];
  let failing = false;
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    if (failing) return void response.writeHead(500).end('upstream trouble');
    response.writeHead(200, { 'Content-Type': 'image/png' }).end(magenta);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        setFailing: (value) => (failing = value),
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const isMagenta = (png: PNG, i: number) => png.data[i] > 200 && png.data[i + 1] < 60 && png.data[i + 2] > 200;

/** Share of a frame's pixels that are the tiles' magenta. */
function magentaShare(png: PNG): number {
  let count = 0;
  for (let i = 0; i < png.data.length; i += 4) if (isMagenta(png, i)) count++;
  return count / (png.width * png.height);
}

/** A short flight whose last frame is zoomed in on the Portuguese coast (far beyond the bundled imagery's ~10 km a pixel). */
const LISBON_TO_PORTO = {
  waypoints: [
    { lat: 38.72, lng: -9.14, label: 'Lisbon' },
    { lat: 41.15, lng: -8.61, label: 'Porto' },
  ],
  transport: 'plane',
  duration: 3,
  style: 'satellite',
};

describe('Imagery tiles beyond continent scale (IMAGERY_TILE_URL)', () => {
  let t: TestApp;
  let account: TestAccount;
  let tiles: Awaited<ReturnType<typeof tileServer>>;
  let cacheDir: string;
  let warnings: jest.SpyInstance;

  beforeAll(async () => {
    await ensureRemotionBundle();
    tiles = await tileServer();
    cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-tiles-'));
    t = await startTestApp({
      // The source's key rides in the query, as many providers' do: it must never reach a log.
      IMAGERY_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png?key=sk-tiles-secret`,
      IMAGERY_ATTRIBUTION: 'Imagery © Test Tiles',
      IMAGERY_CACHE_DIR: cacheDir,
    });
    account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
    warnings = jest.spyOn(Logger.prototype, 'warn');
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await tiles?.close();
    fs.rmSync(cacheDir, { recursive: true, force: true });
  });

  let shot = 0;
  const still = async (body: object): Promise<PNG> => {
    const res = await t.http
      .post('/v1/render/preview/still')
      .auth(account.liveKey, bearer)
      .send(body)
      .buffer(true)
      .parse(binary)
      .expect(200);
    // Kept to be looked at (tmp/ is gitignored).
    fs.mkdirSync(SHOTS, { recursive: true });
    fs.writeFileSync(path.join(SHOTS, `still-${++shot}.png`), res.body as Buffer);
    return PNG.sync.read(res.body as Buffer);
  };

  it('draws the source’s tiles on a zoomed-in satellite frame, keeps them on disk, and credits the provider', async () => {
    const frame = await still(LISBON_TO_PORTO);
    expect(magentaShare(frame)).toBeGreaterThan(0.5);
    const asked = tiles.requests.length;
    expect(asked).toBeGreaterThan(0);
    expect(tiles.requests.every((url) => /^\/\d+\/\d+\/\d+\.png\?key=sk-tiles-secret$/.test(url))).toBe(true);
    // Kept on disk as {z}/{x}/{y}: a second frame of the same place asks the source for nothing.
    const cached = fs.readdirSync(cacheDir, { recursive: true }).filter((f) => /^\d+\/\d+\/\d+$/.test(String(f)));
    expect(cached.length).toBe(new Set(tiles.requests).size);
    await still(LISBON_TO_PORTO);
    expect(tiles.requests.length).toBe(asked);

    // The credit: light text on a dark plate in the bottom-right corner of the safe area (5 % of the short side in).
    const inset = Math.round(Math.min(frame.width, frame.height) * 0.05);
    let light = 0;
    let dark = 0;
    for (let y = frame.height - inset * 2; y < frame.height; y++) {
      for (let x = frame.width - inset - Math.round(frame.width * 0.2); x < frame.width - inset; x++) {
        const i = (y * frame.width + x) * 4;
        if (frame.data[i] > 200 && frame.data[i + 1] > 200 && frame.data[i + 2] > 200) light++;
        else if (frame.data[i] < 140 && frame.data[i + 1] < 40 && frame.data[i] > 60) dark++;
      }
    }
    expect(light).toBeGreaterThan(40);
    expect(dark).toBeGreaterThan(400);
  }, 120_000);

  it('leaves the bundled imagery where the source fails, logs the tile without the key, and still draws the frame', async () => {
    tiles.setFailing(true);
    warnings.mockClear();
    // Another place, so nothing comes from the cache.
    const frame = await still({
      ...LISBON_TO_PORTO,
      waypoints: [
        { lat: 41.9, lng: 12.5, label: 'Rome' },
        { lat: 40.85, lng: 14.27, label: 'Naples' },
      ],
    });
    expect(magentaShare(frame)).toBeLessThan(0.01);
    // The bundled imagery is there instead: the frame is not one flat colour.
    const grey = new Set<number>();
    for (let i = 0; i < frame.data.length; i += 4 * 97)
      grey.add((frame.data[i] >> 4) * 256 + (frame.data[i + 1] >> 4) * 16 + (frame.data[i + 2] >> 4));
    expect(grey.size).toBeGreaterThan(20);
    const logged = warnings.mock.calls.map((call) => JSON.stringify(call));
    const failures = logged.filter((line) => line.includes('Imagery tile'));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatch(/"tile":"\d+\/\d+\/\d+"/);
    expect(failures[0]).toContain('"status":500');
    expect(logged.join('\n')).not.toContain('sk-tiles-secret');
    tiles.setFailing(false);
  }, 120_000);

  it('draws the tiles in videos rendered inside the page too (served under the page’s own origin from the tile cache)', async () => {
    const { props } = (await t.http.post('/v1/render/preview').auth(account.liveKey, bearer).send(LISBON_TO_PORTO).expect(200)).body as {
      props: MapAnimationProps;
    };
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-tiles-video-'));
    const cache = new ImageryTileCache(
      { url: `${tiles.url}/{z}/{x}/{y}.png`, attribution: 'Imagery © Test Tiles', maxZoom: 14, cacheDir: path.join(work, 'cache') },
      () => undefined,
    );
    const renderer = withImageryTiles(
      new InPageRenderer({
        bundleDir: await ensureRemotionBundle(),
        browserExecutable: '/usr/bin/chromium',
        tempDir: path.join(work, 'tmp'),
        log: () => undefined,
      }),
      cache,
    );
    try {
      const videoPath = path.join(work, 'video.mp4');
      await renderer.render({ props: { ...props, durationInFrames: 20 }, videoPath });
      const ffmpeg = path.join(path.dirname(ffprobePath()), 'ffmpeg');
      const png = execFileSync(
        ffmpeg,
        ['-v', 'error', '-sseof', '-0.2', '-i', videoPath, '-vframes', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
        {
          env: { ...process.env, LD_LIBRARY_PATH: path.dirname(ffmpeg) },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      expect(magentaShare(PNG.sync.read(png))).toBeGreaterThan(0.3);
    } finally {
      await renderer.stop();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 120_000);

  it('leaves a style without true-colour imagery alone', async () => {
    const asked = tiles.requests.length;
    const frame = await still({ ...LISBON_TO_PORTO, style: 'night' });
    expect(magentaShare(frame)).toBe(0);
    expect(tiles.requests.length).toBe(asked);
  }, 120_000);
});
