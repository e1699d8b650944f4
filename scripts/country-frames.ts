/**
 * Writes remotion/lib/geo/country-frames.ts: for every country of world-atlas's countries-50m, the box
 * a camera frames (its main landmass, see mainLandmass in remotion/lib/geo/countries.ts), and a coarse
 * land mask. A render plans its camera before any map geometry has loaded, so these figures ship
 * inside the bundle. Run after changing the rule or upgrading world-atlas:
 *   npx ts-node --transpile-only scripts/country-frames.ts
 * (remotion/lib/geo/country-frames.spec.ts fails while the file is out of date).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Topology } from 'topojson-specification';
import * as prettier from 'prettier';
import { computeCountryFrames, countryFramesSource } from '../remotion/lib/geo/country-frames-source';

const countries = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8')) as Topology;
const land = JSON.parse(fs.readFileSync(require.resolve('world-atlas/land-50m.json'), 'utf8')) as Topology;
const target = path.join(__dirname, '..', 'remotion', 'lib', 'geo', 'country-frames.ts');

async function main(): Promise<void> {
  const source = countryFramesSource(computeCountryFrames(countries, land));
  const options = await prettier.resolveConfig(target);
  fs.writeFileSync(target, await prettier.format(source, { ...options, filepath: target }));
  process.stdout.write(`wrote ${target}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
