/**
 * `npm run bench:render`: render speed of the MapAnimation composition (the bench job of bench/job.ts, a multi_route
 * network and a country_data choropleth) against Remotion's own floor (the Blank composition of the same size), side by
 * side in one run at 720p and at 1080p, and the wall time of the 12 s 1080p30 bench job in the renderer (render +
 * thumbnail); bench/render-job.ts then times the same job through the service. Needs `npm run build` (the service
 * answers the job's props). For every run, the renderer's own phases (the same names as in the worker's `Render timings` log line, which bench/render-job.ts prints for the
 * service): side by side for the 720p runs, as a table for the 1080p job. Prints figures; asserts nothing.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MAP_ANIMATION_COMPOSITION_ID } from '../src/modules/contract';
import { RemotionRenderer } from '../src/modules/rendering/renderer';
import { BLANK_COMPOSITION_ID, ensureBenchBundle } from './bench-bundle';
import { countryDataProps, LIFE_EXPECTANCY_DATA } from '../remotion/fixtures/region-modes';
import { shanghaiPortsProps } from '../remotion/fixtures/sample-routes';
import { BENCH_JOB_BODY, serviceProps } from './job';
import { printPhaseColumns, printPhaseTable } from './phases';
import { outDir, type Timed, timeRender } from './timed-render';

const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const bundleDir = await ensureBenchBundle();
  // The job of bench/render-job.ts, its props as the service's worker builds them; at 720p too (10 s).
  const [job720, job1080] = await serviceProps(
    [{ ...BENCH_JOB_BODY, resolution: '720p', duration: 10 }, BENCH_JOB_BODY],
    Number(process.env.BENCH_PORT ?? 3998) + 1,
  );
  console.log(
    `cpus: ${os.cpus().length}, load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // 10 s 720p30, multi_route: Shanghai to eight ports by sea (eight lines, ships, markers and two-line labels).
  const multi720 = shanghaiPortsProps({ duration: 10, resolution: '720p', fps: 30 });
  // 10 s 720p30, country_data: a ranked choropleth of 40+ countries with its legend.
  const countries720 = countryDataProps(LIFE_EXPECTANCY_DATA, { duration: 10, resolution: '720p', fps: 30 });
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'mapr-bench-'));
  const map = new RemotionRenderer({
    bundleDir,
    browserExecutable,
    tempDir: path.join(tempRoot, 'map'),
    compositionId: MAP_ANIMATION_COMPOSITION_ID,
  });
  const blank = new RemotionRenderer({
    bundleDir,
    browserExecutable,
    tempDir: path.join(tempRoot, 'blank'),
    compositionId: BLANK_COMPOSITION_ID,
  });
  try {
    await map.start();
    await blank.start();
    console.log('720p30, 10 s, 300 frames (alternating runs):');
    const runs: Timed[] = [];
    runs.push(await timeRender(blank, 'Blank', job720, 'blank-720p-a'));
    runs.push(await timeRender(map, 'MapAnimation', job720, 'map-720p-a'));
    runs.push(await timeRender(map, 'MultiRoute', multi720, 'multi-720p'));
    runs.push(await timeRender(blank, 'Blank', job720, 'blank-720p-b'));
    runs.push(await timeRender(map, 'CountryData', countries720, 'countries-720p'));
    runs.push(await timeRender(map, 'MapAnimation', job720, 'map-720p-b'));
    const fps = (label: string) => {
      const mine = runs.filter((r) => r.label === label);
      return mine.reduce((s, r) => s + r.frames, 0) / mine.reduce((s, r) => s + r.framesSeconds, 0);
    };
    const blankFps = fps('Blank');
    const mapFps = fps('MapAnimation');
    const multiFps = fps('MultiRoute');
    const countriesFps = fps('CountryData');
    console.log(`  Blank        ${blankFps.toFixed(2)} fps`);
    console.log(`  MapAnimation ${mapFps.toFixed(2)} fps (the bench job at 720p)`);
    console.log(`  ratio        ${(mapFps / blankFps).toFixed(3)} (target >= 0.9)`);
    console.log(`  MultiRoute   ${multiFps.toFixed(2)} fps (Shanghai to eight ports)`);
    console.log(`  ratio        ${(multiFps / blankFps).toFixed(3)} (target >= 0.85)`);
    console.log(`  CountryData  ${countriesFps.toFixed(2)} fps (${countries720.country_data?.values.length ?? 0} countries, ranked)`);
    console.log(`  ratio        ${(countriesFps / blankFps).toFixed(3)} (target >= 0.85)`);
    printPhaseColumns(
      '720p renderer phases',
      ['Blank', 'MapAnimation', 'MultiRoute', 'CountryData'].map((label) => ({
        label,
        runs: runs.filter((r) => r.label === label).map((r) => r.phases),
      })),
    );

    // The 12 s 1080p30 job of bench/render-job.ts: render + thumbnail wall time, the way the worker runs it.
    console.log('1080p30, 12 s, 360 frames:');
    const blank1080 = await timeRender(blank, 'Blank', job1080, 'blank-1080p');
    await blank.stop();
    const job = await timeRender(map, 'MapAnimation 1080p job', job1080, 'map-1080p');
    const jobFps = job.frames / job.framesSeconds;
    const blank1080Fps = blank1080.frames / blank1080.framesSeconds;
    console.log(`  Blank        ${blank1080Fps.toFixed(2)} fps`);
    console.log(`  MapAnimation ${jobFps.toFixed(2)} fps`);
    console.log(`  ratio        ${(jobFps / blank1080Fps).toFixed(3)}`);
    console.log(`  1080p job in the renderer: ${job.totalSeconds.toFixed(1)} s (bench/render-job.ts times it through the service)`);
    printPhaseColumns('1080p renderer phases', [
      { label: 'Blank', runs: [blank1080.phases] },
      { label: 'MapAnimation', runs: [job.phases] },
    ]);
    printPhaseTable(
      `1080p job, renderer phases: share of the render() call (${job.totalSeconds.toFixed(1)} s)`,
      job.phases,
      job.totalSeconds * 1000,
    );
    console.log(`    details: ${JSON.stringify(job.details)}`);
  } finally {
    await map.stop();
    await blank.stop();
    fs.rmSync(tempRoot, { recursive: true, force: true });
  }
  console.log(`outputs in ${outDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
