/**
 * `npm run bench:quality`: how close the published MP4 stays to the lossless picture (contract §21's imagery included).
 * Each scene is rendered by the real service (API + worker, POST /v1/render, in the page as deployed), its MP4 fetched
 * from the CDN, and a few of its frames decoded with Debian's ffmpeg and compared with the lossless PNG of the same
 * frame from POST /v1/render/preview/still, with ffmpeg's `ssim` and `psnr` filters, in the video's own colour space
 * (compareFrame). Prints SSIM (all planes, and luma) and PSNR per frame, and each file's bits per pixel and frame.
 * Targets: SSIM ≥ 0.99, PSNR ≥ 40 dB. Asserts nothing; the decoded frames and stills stay in bench/out/quality.
 *
 *   npm run build && npm run bench:quality        (needs Debian's ffmpeg: apt-get install ffmpeg)
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BENCH_JOB_BODY } from './job';
import { type BenchService, call, createBenchAccount, startService } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3998) + 5;
const outDir = path.join(__dirname, 'out', 'quality');
/** Debian's ffmpeg: the compositor's own has no ssim or psnr filter. */
const FFMPEG = process.env.QUALITY_FFMPEG ?? '/usr/bin/ffmpeg';

const route = { ...BENCH_JOB_BODY, duration: 4 };
/** A route across the antimeridian: Tokyo → Honolulu → Los Angeles by air. */
const PACIFIC = {
  waypoints: [
    { lat: 35.68, lng: 139.69, label: 'Tokyo' },
    { lat: 21.31, lng: -157.86, label: 'Honolulu' },
    { lat: 34.05, lng: -118.24, label: 'Los Angeles' },
  ],
  transport: 'plane',
  duration: 4,
  resolution: '1080p',
  hud: { distance: true },
};

const SCENES: Array<{ name: string; body: Record<string, unknown> }> = [
  { name: 'standard 9:16 route (flat)', body: { ...route, aspect_ratio: '9:16', projection: 'flat' } },
  { name: 'standard 16:9 route, terrain', body: { ...route, projection: 'flat', terrain: { enabled: true } } },
  { name: 'satellite 9:16 route (flat)', body: { ...route, aspect_ratio: '9:16', projection: 'flat', style: 'satellite' } },
  { name: 'satellite 16:9 corridor reveal', body: { ...route, style: 'satellite', terrain: { enabled: true } } },
  { name: 'night 9:16 across the Pacific', body: { ...PACIFIC, aspect_ratio: '9:16', style: 'night' } },
  {
    name: 'atlas 1:1 route, terrain',
    body: { ...route, aspect_ratio: '1:1', projection: 'flat', style: 'atlas', terrain: { enabled: true } },
  },
  { name: 'blueprint 16:9 route', body: { ...route, projection: 'flat', style: 'blueprint' } },
];

/** Runs Debian's ffmpeg; it writes its filters' summaries to stderr, which is returned. */
function ffmpeg(args: string[]): string {
  const result = spawnSync(FFMPEG, args, { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${result.stderr}`);
  return result.stderr;
}

/**
 * SSIM (luma, and all planes) and PSNR (average) of frame `n` of the MP4, as decoded (4:2:0, BT.709, limited range),
 * against the lossless still brought into the same colour space as the encoder brings its frames: what the encoding
 * lost, not the chroma subsampling every H.264 video shares.
 */
function compareFrame(video: string, n: number, still: string): { ssimY: number; ssim: number; psnr: number } {
  const text = ffmpeg([
    '-v',
    'info',
    '-i',
    video,
    '-i',
    still,
    '-lavfi',
    `[0:v]select=eq(n\\,${n}),split[a1][a2];[1:v]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,split[b1][b2];[a1][b1]ssim;[a2][b2]psnr`,
    '-f',
    'null',
    '-',
  ]);
  const ssim = /SSIM Y:([\d.]+).*All:([\d.]+)/.exec(text);
  const psnr = /PSNR .*average:([\d.]+|inf)/.exec(text);
  return {
    ssimY: ssim ? Number(ssim[1]) : NaN,
    ssim: ssim ? Number(ssim[2]) : NaN,
    psnr: psnr ? (psnr[1] === 'inf' ? Infinity : Number(psnr[1])) : NaN,
  };
}

async function waitForComplete(service: BenchService, jobId: string, key: string): Promise<Record<string, unknown>> {
  for (;;) {
    const job = await call(service, 'GET', `/v1/render/${jobId}`, undefined, key);
    if (job.status === 'complete') return job;
    if (job.status === 'failed' || job.status === 'cancelled')
      throw new Error(`job ${jobId} ${String(job.status)}: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<void> {
  if (!fs.existsSync(FFMPEG)) throw new Error(`${FFMPEG} is missing: apt-get install ffmpeg (Debian's has the ssim and psnr filters)`);
  fs.mkdirSync(outDir, { recursive: true });
  const service = await startService('all', PORT, { logLevel: 'warn' });
  const rows: string[] = [];
  try {
    const { key } = await createBenchAccount(service, 'live');
    // BENCH_SCENES=satellite,atlas: only the scenes whose name holds one of these.
    const only = (process.env.BENCH_SCENES ?? '').split(',').filter(Boolean);
    for (const [index, scene] of SCENES.entries()) {
      if (only.length && !only.some((part) => scene.name.includes(part))) continue;
      const slug = `${index + 1}-${scene.name.replace(/\W+/g, '-').toLowerCase()}`;
      const created = await call(service, 'POST', '/v1/render', scene.body, key);
      const job = await waitForComplete(service, String(created.job_id), key);
      const video = path.join(outDir, `${slug}.mp4`);
      const download = await fetch(String(job.video_url)).catch((error: unknown) => {
        throw new Error(`GET ${String(job.video_url)}: ${String(error)}`);
      });
      fs.writeFileSync(video, Buffer.from(await download.arrayBuffer()));
      const { composition } = (await call(service, 'POST', '/v1/render/preview', scene.body, key)) as {
        composition: { width: number; height: number; fps: number; duration_in_frames: number };
      };
      const frames = composition.duration_in_frames;
      const bitsPerPixelFrame = (fs.statSync(video).size * 8) / (composition.width * composition.height * frames);
      for (const frame of [15, Math.round(frames / 2), frames - 1]) {
        const res = await fetch(`${service.base}/v1/render/preview/still?frame=${frame}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          body: JSON.stringify(scene.body),
        }).catch((error: unknown) => {
          throw new Error(`POST /v1/render/preview/still?frame=${frame}: ${String(error)}`);
        });
        if (!res.ok) throw new Error(`still ${frame}: ${res.status} ${await res.text()}`);
        const still = path.join(outDir, `${slug}-f${frame}-still.png`);
        fs.writeFileSync(still, Buffer.from(await res.arrayBuffer()));
        const decoded = path.join(outDir, `${slug}-f${frame}-video.png`);
        ffmpeg(['-v', 'error', '-y', '-i', video, '-vf', `select=eq(n\\,${frame})`, '-vframes', '1', decoded]);
        const { ssimY, ssim, psnr } = compareFrame(video, frame, still);
        const row =
          `  ${scene.name.padEnd(34)} frame ${String(frame).padStart(3)}  SSIM ${ssim.toFixed(4)} (Y ${ssimY.toFixed(4)})  ` +
          `PSNR ${psnr.toFixed(2)} dB  ${bitsPerPixelFrame.toFixed(3)} bits/pixel/frame`;
        console.log(row);
        rows.push(row);
      }
    }
  } catch (error) {
    // What the service said before it failed the bench.
    for (const line of service.logs.slice(-20)) console.error(JSON.stringify(line));
    throw error;
  } finally {
    await service.stop();
  }
  console.log('\nDecoded MP4 frames against the lossless still of the same frame (targets: SSIM ≥ 0.99, PSNR ≥ 40 dB):');
  for (const row of rows) console.log(row);
  console.log(`\nFrames and stills are in ${outDir}.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
