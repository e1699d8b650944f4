/**
 * `npm run bench:roads`: builds a country-size synthetic OpenStreetMap PBF extract (test/support/synthetic-osm-pbf.ts:
 * a street grid with shape points along its blocks, a river with bridges, one-way rows, rows closed to lorries, a
 * motorway; plus nodes that are no road, as a real extract has), then, in a fresh process so that its peak memory is
 * the router's alone, loads it with the service's PBF road router and routes 200 random legs (half by car, half by
 * truck). Prints the load time, the peak memory (max RSS), the per-leg routing time (median, p99, max), and the
 * longest stall of the process's event loop during the load (the file is read on the router's own thread).
 *
 * BENCH_ROAD_NODES (default 5,000,000) sets the road nodes; BENCH_EXTRA_NODES (default 1,000,000) the others.
 * The file is kept in the temp folder between runs (its name says its size). Targets (issue 30): 5 M nodes load in
 * ≤ 60 s within 2 GiB, and a leg is answered in ≤ 200 ms at p99.
 */
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { existsSync, renameSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Logger } from '@nestjs/common';
import { join } from 'node:path';
import { createRoadRouter, type LngLat, type RoadProfileId } from '../src/modules/routing';
import { SyntheticCity, type SyntheticCityOptions, writeSyntheticCityPbf } from '../test/support/synthetic-osm-pbf';
import { seededRandom } from '../test/support/seeded-random';

const LEGS = 200;
const SHAPE_POINTS = 3;

function layout(roadNodes: number, extraNodes: number): SyntheticCityOptions {
  // Nodes ≈ side² × (1 + 2 × shape points).
  const side = Math.round(Math.sqrt(roadNodes / (1 + 2 * SHAPE_POINTS)));
  const every = (n: number, at: number) => Array.from({ length: side }, (_, r) => r).filter((r) => r % n === at);
  return {
    rows: side,
    columns: side,
    origin: [-9.2, 38.0],
    spacingDeg: 0.002,
    shapePoints: SHAPE_POINTS,
    riverAfterColumn: Math.floor(side / 2),
    bridgeRows: every(25, 12),
    footbridgeRow: 3,
    oneWayRows: every(7, 3),
    hgvNoRows: every(13, 5),
    linkEvery: 50,
    extraNodes,
    blocksPerWay: 10,
    jitterDeg: 0.0003,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function measure(file: string, options: SyntheticCityOptions): Promise<void> {
  Logger.overrideLogger(['log', 'warn', 'error']); // the router's "Road network loaded" line: nodes, junctions, graph size
  const router = createRoadRouter({ networkFile: file });
  // How long this process's event loop stalls while the file is read (on the router's thread): what an HTTP answer,
  // a queue-lock renewal or a heartbeat would wait at worst.
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  const started = process.hrtime.bigint();
  await router.preload?.();
  const loadSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  stalls.disable();
  const rssAfterLoad = process.resourceUsage().maxRSS / 1024;

  const city = new SyntheticCity(options);
  const next = seededRandom(30);
  const point = (): LngLat => {
    const [lng, lat] = city.at(next() * (options.rows - 1), next() * (options.columns - 1));
    // Somewhere in the grid, often between streets: snapped to the nearest one.
    return [lng, lat];
  };
  const times: Record<RoadProfileId, number[]> = { car: [], truck: [] };
  const lengths: number[] = [];
  for (let i = 0; i < LEGS; i++) {
    const profile: RoadProfileId = i % 2 === 0 ? 'car' : 'truck';
    const from = point();
    const to = point();
    const t0 = process.hrtime.bigint();
    const route = await router.route(from, to, profile);
    times[profile].push(Number(process.hrtime.bigint() - t0) / 1e6);
    lengths.push(route.distance_km);
  }
  const all = [...times.car, ...times.truck].sort((a, b) => a - b);
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${name.padEnd(6)} median ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms   max ${sorted[sorted.length - 1].toFixed(1).padStart(7)} ms`;
  };
  const km = [...lengths].sort((a, b) => a - b);
  console.log(`load        ${loadSeconds.toFixed(1)} s`);
  console.log(
    `peak memory ${(rssAfterLoad / 1024).toFixed(2)} GiB after load, ${(process.resourceUsage().maxRSS / 1024 / 1024).toFixed(2)} GiB after the legs (max RSS)`,
  );
  console.log(
    `legs        ${LEGS} random (half car, half truck), ${km[0].toFixed(0)}–${km[km.length - 1].toFixed(0)} km, median ${percentile(km, 50).toFixed(0)} km`,
  );
  console.log(row('all', all));
  console.log(row('car', times.car));
  console.log(row('truck', times.truck));
  // Read on the main thread (as the router did before it had a thread of its own), the whole load was one stall.
  console.log(
    `event loop  longest stall during the ${loadSeconds.toFixed(1)} s load: ${(stalls.max / 1e6).toFixed(0)} ms ` +
      `(read on the main thread, the whole load was one stall)`,
  );
}

async function main(): Promise<void> {
  const roadNodes = Number(process.env.BENCH_ROAD_NODES ?? 5_000_000);
  const extraNodes = Number(process.env.BENCH_EXTRA_NODES ?? 1_000_000);
  const options = layout(roadNodes, extraNodes);
  if (process.argv[2] === '--measure') return measure(process.argv[3], options);

  const file = join(tmpdir(), `mapr-bench-roads-${options.rows}x${options.columns}-${extraNodes}-j.osm.pbf`);
  if (!existsSync(file)) {
    const started = Date.now();
    const partial = `${file}.partial`;
    const { nodes, ways } = writeSyntheticCityPbf(partial, options);
    renameSync(partial, file);
    console.log(
      `wrote ${file}: ${nodes.toLocaleString('en')} nodes, ${ways.toLocaleString('en')} ways in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const city = new SyntheticCity(options);
  const roadNodeCount = city.extraBase - 1;
  console.log(
    `network     ${options.rows}×${options.columns} junctions, ${roadNodeCount.toLocaleString('en')} road nodes + ${extraNodes.toLocaleString('en')} others, ` +
      `${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`,
  );
  // A fresh process: its max RSS is the loading and routing alone.
  execFileSync(process.execPath, [...process.execArgv, __filename, '--measure', file], {
    stdio: 'inherit',
    env: { ...process.env, LOG_LEVEL: 'warn' },
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
