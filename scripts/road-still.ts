/**
 * The README's road still (docs/gallery/truck-synthetic-city-16x9.jpg): a truck across the synthetic city of the road
 * tests (test/support/synthetic-osm-pbf.ts: a street grid, a river with two bridges, one-way rows, a motorway), its
 * blocks scaled up from 200 m to 10 km (the map's closest zoom spans some 80 km: a 2 km city would be a dot), routed
 * by the service's OSM PBF road router exactly as a worker routes it (validation, normalisation, planRoute with
 * ROAD_NETWORK_FILE pointing at the city's .osm.pbf, buildCompositionProps), drawn by the production bundle as
 * `POST /v1/render/preview/still` draws it and saved as JPEG by Debian's ffmpeg.
 *
 *   apt-get install ffmpeg && npm run build:remotion && npx ts-node --transpile-only scripts/road-still.ts
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openBrowser, renderStill, selectComposition } from '@remotion/renderer';
import { createValidationPipe } from '../src/common/http/validation';
import { TIERS } from '../src/modules/billing';
import { CreateRenderDto, parseRenderBody } from '../src/modules/rendering';
import { buildCompositionProps, MAP_ANIMATION_COMPOSITION_ID } from '../src/modules/rendering/contract';
import { defaultBundleDir } from '../src/modules/rendering/renderer';
import { createRoadRouter, planRoute } from '../src/modules/routing';
import { SMALL_CITY, SyntheticCity, writeSyntheticCityPbf } from '../test/support/synthetic-osm-pbf';

const OUTPUT = path.join(__dirname, '..', 'docs', 'gallery', 'truck-synthetic-city-16x9.jpg');
const ffmpeg = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-road-still-'));
  const file = path.join(work, 'city.osm.pbf');
  const layout = { ...SMALL_CITY, spacingDeg: 0.1, origin: [-8.4, 40.6] as [number, number] };
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
  const dto = (await createValidationPipe().transform(body, { type: 'body', metatype: CreateRenderDto })) as CreateRenderDto;
  const studio = TIERS.studio.limits;
  const { request, issues } = parseRenderBody(dto, {
    tier: { tier: 'studio', maxDurationSeconds: studio.max_duration_seconds },
    sandbox: false,
  });
  if (issues.length) throw new Error(`refused: ${JSON.stringify(issues)}`);
  const plan = await planRoute(request, { roadRouter: createRoadRouter({ networkFile: file }) });
  console.log(plan.legs.map((leg) => `${leg.from} → ${leg.to}: ${leg.distance_km} km by ${leg.transport} (${leg.mode})`).join('\n'));
  const inputProps = buildCompositionProps(request, plan, { sandbox: false }) as unknown as Record<string, unknown>;

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
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', png, '-vf', 'scale=960:-2', '-q:v', '4', OUTPUT]);
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
