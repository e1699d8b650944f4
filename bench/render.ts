/**
 * `npm run bench:render`: render speed of the MapAnimation composition (a route, a multi_route
 * network and a country_data choropleth) against Remotion's own floor (the Blank composition of the same size), side by side
 * in one run, and the wall time of a 12 s 1080p30 job (render + thumbnail). For every run, the renderer's own
 * phases (the same names as in the worker's `Render timings` log line, which bench/render-job.ts prints for the
 * service): side by side for the 720p runs, as a table for the 1080p job. Prints figures; asserts nothing.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PhaseTimer } from '../src/common/util/phase-timer';
import { BLANK_COMPOSITION_ID, MAP_ANIMATION_COMPOSITION_ID, type MapAnimationProps } from '../src/modules/rendering/contract';
import { ensureRemotionBundle, isFastStart, probeVideo, RemotionRenderer } from '../src/modules/rendering/renderer';
import { countryDataProps, LIFE_EXPECTANCY_DATA } from '../remotion/fixtures/region-modes';
import { atlanticProps, shanghaiPortsProps } from '../remotion/fixtures/sample-routes';
import { type Phases, printPhaseColumns, printPhaseTable } from './phases';

const outDir = path.join(__dirname, 'out');
const browserExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Timed {
  label: string;
  frames: number;
  /** Seconds until every frame was rendered and encoded. */
  framesSeconds: number;
  /** Seconds of the whole render() call (composition lookup, frames, encode, thumbnail, probe). */
  totalSeconds: number;
  /** The renderer's phases (ms), in the order they happened. */
  phases: Phases;
  details: Record<string, unknown>;
}

async function timeRender(renderer: RemotionRenderer, label: string, props: MapAnimationProps, name: string): Promise<Timed> {
  const timer = new PhaseTimer();
  const started = performance.now();
  let framesDone = 0;
  const video = await renderer.render({
    timer,
    props,
    videoPath: path.join(outDir, `${name}.mp4`),
    thumbnailPath: path.join(outDir, `${name}.jpg`),
    onProgress: (fraction) => {
      if (fraction >= 0.97 && !framesDone) framesDone = performance.now();
    },
  });
  const ended = performance.now();
  const probed = await probeVideo(path.join(outDir, `${name}.mp4`));
  const faststart = isFastStart(path.join(outDir, `${name}.mp4`));
  console.log(
    `  ${label}: ${video.width}x${video.height} ${video.duration_seconds.toFixed(2)} s, ${probed.frames} frames, ` +
      `${probed.codec}/${probed.pixelFormat}, faststart=${faststart}, ${(video.file_size_bytes / 1e6).toFixed(2)} MB, ` +
      `${((ended - started) / 1000).toFixed(1)} s`,
  );
  const summary = timer.summary();
  return {
    label,
    frames: probed.frames,
    framesSeconds: ((framesDone || ended) - started) / 1000,
    totalSeconds: (ended - started) / 1000,
    phases: Object.fromEntries(Object.entries(summary.phases).map(([name, total]) => [name, total.ms])),
    details: summary.notes,
  };
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const bundleDir = await ensureRemotionBundle();
  console.log(
    `cpus: ${os.cpus().length}, load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // 10 s 720p30, four legs (plane, ship, train, car) with labels and the HUD.
  const props720 = atlanticProps({ duration: 10, resolution: '720p', fps: 30 });
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
    runs.push(await timeRender(blank, 'Blank', props720, 'blank-720p-a'));
    runs.push(await timeRender(map, 'MapAnimation', props720, 'map-720p-a'));
    runs.push(await timeRender(map, 'MapAnimation', props720, 'map-720p-b'));
    runs.push(await timeRender(blank, 'Blank', props720, 'blank-720p-b'));
    runs.push(await timeRender(map, 'MultiRoute', multi720, 'multi-720p-a'));
    runs.push(await timeRender(blank, 'Blank', props720, 'blank-720p-c'));
    runs.push(await timeRender(map, 'MultiRoute', multi720, 'multi-720p-b'));
    runs.push(await timeRender(map, 'CountryData', countries720, 'countries-720p-a'));
    runs.push(await timeRender(blank, 'Blank', props720, 'blank-720p-d'));
    runs.push(await timeRender(map, 'CountryData', countries720, 'countries-720p-b'));
    const fps = (label: string) => {
      const mine = runs.filter((r) => r.label === label);
      return mine.reduce((s, r) => s + r.frames, 0) / mine.reduce((s, r) => s + r.framesSeconds, 0);
    };
    const blankFps = fps('Blank');
    const mapFps = fps('MapAnimation');
    const multiFps = fps('MultiRoute');
    const countriesFps = fps('CountryData');
    console.log(`  Blank        ${blankFps.toFixed(2)} fps`);
    console.log(`  MapAnimation ${mapFps.toFixed(2)} fps`);
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
    await blank.stop();

    // A 12 s 1080p30 job: render + thumbnail wall time, the way the worker runs it.
    const props1080 = atlanticProps({
      duration: 12,
      resolution: '1080p',
      fps: 30,
      title: { text: 'Lisbon to Copenhagen', subtitle: 'By air, sea, rail and road' },
    });
    console.log('1080p30, 12 s, 360 frames:');
    const job = await timeRender(map, 'MapAnimation 1080p job', props1080, 'map-1080p');
    console.log(
      `  1080p job wall time ${job.totalSeconds.toFixed(1)} s (target <= 45 s), frames ${(job.frames / job.framesSeconds).toFixed(2)} fps`,
    );
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
