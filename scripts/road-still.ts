/**
 * The README's road still (docs/gallery/truck-synthetic-city-16x9.jpg): a truck across the synthetic city of the road
 * tests (test/support/synthetic-osm-pbf.ts: a street grid, a river with two bridges, one-way rows, rows closed to
 * lorries, a motorway), its blocks scaled up from 200 m to 10 km (the map's closest zoom spans some 80 km: a 2 km city
 * would be a dot), routed by the service's OSM PBF road router exactly as a worker routes it (validation,
 * normalisation, planRoute with ROAD_NETWORK_FILE pointing at the city's .osm.pbf, buildCompositionProps: routeRenderBody), drawn by
 * the production bundle as `POST /v1/render/preview/still` draws it. In this city the footbridge is on row 4 and row 6
 * is closed to lorries, so that within the frame the truck keeps off a one-way row, a row closed to it and a
 * footbridge, and crosses on the bridge.
 *
 * For the picture, the city's ways and river are then drawn into the frame beneath the route, its labels and its HUD,
 * with a legend (scripts/road-still-network.ts: projected as the frame projects, every point of the drawn route checked
 * to lie on a street); the service itself draws only the route on its map. Saved as JPEG by Debian's ffmpeg;
 * ROAD_STILL_PNG=<file> also keeps the full-size PNG.
 *
 *   apt-get install ffmpeg && npm run build:remotion && npx ts-node --transpile-only scripts/road-still.ts
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openBrowser, renderStill, selectComposition } from '@remotion/renderer';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { MAP_ANIMATION_COMPOSITION_ID } from '../src/modules/contract';
import { defaultBundleDir, FrameLayoutPage } from '../src/modules/rendering/renderer';
import { createRoadRouter } from '../src/modules/routing';
import { routeRenderBody } from '../test/support/service-props';
import { SMALL_CITY, SyntheticCity, writeSyntheticCityPbf } from '../test/support/synthetic-osm-pbf';
import { paletteFor } from '../remotion/lib/map/styles';
import { composite, frameProjection, networkLines, networkSvg, routeOffNetwork } from './road-still-network';

const OUTPUT = path.join(__dirname, '..', 'docs', 'gallery', 'truck-synthetic-city-16x9.jpg');
const ffmpeg = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-road-still-'));
  const file = path.join(work, 'city.osm.pbf');
  const layout = { ...SMALL_CITY, spacingDeg: 0.1, origin: [-8.4, 40.6] as [number, number], footbridgeRow: 4, hgvNoRows: [6] };
  writeSyntheticCityPbf(file, layout);
  const city = new SyntheticCity(layout);
  const at = (r: number, c: number, label: string) => {
    const [lng, lat] = city.at(r, c);
    return { lng, lat, label };
  };
  const body = {
    transport: 'truck',
    duration: 8,
    resolution: '1080p',
    aspect_ratio: '16:9',
    style: 'standard',
    camera: { preset: 'overview' },
    route_style: { width: 6 },
    hud: { distance: true },
    title: { text: 'By truck across the river', subtitle: 'a synthetic road network read from an OSM PBF extract' },
    waypoints: [at(5, 10, 'Market'), at(5, 7, 'Depot'), at(4.5, 1, 'Warehouse')],
  };
  const { plan, props } = await routeRenderBody(body, createRoadRouter({ networkFile: file }));
  console.log(plan.legs.map((leg) => `${leg.from} → ${leg.to}: ${leg.distance_km} km by ${leg.transport} (${leg.mode})`).join('\n'));
  const inputProps = props as unknown as Record<string, unknown>;

  const serveUrl = defaultBundleDir();
  const browser = await openBrowser('chrome', { browserExecutable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const composition = await selectComposition({ serveUrl, id: MAP_ANIMATION_COMPOSITION_ID, inputProps, puppeteerInstance: browser });
    const png = path.join(work, 'still.png');
    await renderStill({
      serveUrl,
      composition,
      inputProps,
      frame: composition.durationInFrames - 1,
      output: png,
      imageFormat: 'png',
      puppeteerInstance: browser,
      logLevel: 'error',
    });
    // The frame's layout (where the route, labels, markers and HUD are), read from the bundle's own drawing code.
    const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    const layoutPage = await FrameLayoutPage.open({ bundleDir: serveUrl, browserExecutable });
    const [frameLayout] = await layoutPage.layouts(props, [composition.durationInFrames - 1]).finally(() => layoutPage.close());
    const toScreen = frameProjection(props, frameLayout);
    const off = routeOffNetwork(frameLayout, networkLines(city, toScreen));
    if (off > 1) throw new Error(`the route as drawn strays ${off.toFixed(2)} px from the network's roads`);
    console.log(`route on the network's roads to within ${off.toFixed(3)} px`);
    // The route's look as the composition draws it (remotion/lib/scene/scene.ts routeLook: widths given for 720p).
    const palette = paletteFor(props.style);
    const route = {
      color: props.route_style.color ?? palette.route.color,
      width: ((props.route_style.width ?? palette.route.width) * Math.min(props.width, props.height)) / 720,
    };
    const drawing = networkSvg(city, toScreen, frameLayout, route);
    const svgBrowser = await chromium.launch({ executablePath: browserExecutable });
    let network: PNG;
    try {
      const page = await svgBrowser.newPage({ viewport: { width: frameLayout.width, height: frameLayout.height } });
      await page.setContent(`<html><body style="margin:0;background:transparent">${drawing.svg}</body></html>`);
      network = PNG.sync.read(await page.screenshot({ omitBackground: true, type: 'png' }));
    } finally {
      await svgBrowser.close();
    }
    const composed = path.join(work, 'still-network.png');
    fs.writeFileSync(composed, PNG.sync.write(composite(PNG.sync.read(fs.readFileSync(png)), network, frameLayout, drawing.legend)));
    if (process.env.ROAD_STILL_PNG) fs.copyFileSync(composed, process.env.ROAD_STILL_PNG);
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', composed, '-vf', 'scale=960:-2', '-q:v', '4', OUTPUT]);
    console.log(path.relative(process.cwd(), OUTPUT));
  } finally {
    await browser.close({ silent: true });
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
