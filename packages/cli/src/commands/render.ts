import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { CreateRenderRequest, Mapr, Render } from '@mapr/sdk';
import { SingleBar } from 'cli-progress';
import { Option, type Command } from 'commander';
import { contextOf } from '../context';
import { bytes, percent, table } from '../format';
import { readJsonFile, wholeNumber } from '../input';
import { emit, type Output } from '../output';

const RENDER_STATUSES = ['queued', 'processing', 'complete', 'failed', 'cancelled'];

export function registerRenderCommands(program: Command): void {
  program
    .command('render')
    .description('queue a render from a JSON request body (as for POST /v1/render); optionally wait and download it')
    .argument('<file>', 'the request body, a JSON file (- reads stdin)')
    .option('--template <id>', 'merge the request over this template (sets template_id)')
    .option('--wait', 'wait for the render to end, with a progress bar', false)
    .option('--out <path>', 'download the video here when it is done (implies --wait)')
    .option('--idempotency-key <key>', 'your own Idempotency-Key (one is made otherwise)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ mapr render trip.json\n  $ mapr render trip.json --wait --out trip.mp4\n  $ cat trip.json | mapr render - --template tpl_… --json',
    )
    .action(
      async (file: string, options: { template?: string; wait: boolean; out?: string; idempotencyKey?: string }, command: Command) => {
        const body = readJsonFile(file) as CreateRenderRequest;
        if (options.template) (body as { template_id?: string }).template_id = options.template;
        const { mapr, output } = contextOf(command);
        const accepted = await mapr.renders.create(body, { idempotencyKey: options.idempotencyKey });
        if (!options.wait && !options.out) {
          emit(output, accepted, () => [
            `Queued ${accepted.job_id} (about ${accepted.estimated_duration_seconds} s).`,
            `Follow it: mapr renders get ${accepted.job_id}`,
          ]);
          return;
        }
        if (!output.json) process.stderr.write(`Queued ${accepted.job_id} (about ${accepted.estimated_duration_seconds} s).\n`);
        const render = await waitWithProgress(mapr, accepted.job_id, output);
        if (options.out) await download(mapr, render, options.out);
        emit(output, { ...render, ...(options.out ? { saved_to: options.out } : {}) }, () => [
          `Complete: ${render.video_url}`,
          `  ${render.duration_seconds} s, ${render.resolution}, ${bytes(render.file_size_bytes)}; thumbnail ${render.thumbnail_url}`,
          ...(options.out ? [`Saved ${options.out}`] : []),
        ]);
      },
    );

  const renders = program.command('renders').description('list, read and cancel renders');
  renders
    .command('list')
    .description('renders of the account, newest first')
    .addOption(new Option('--status <status>', 'only renders in this status').choices(RENDER_STATUSES))
    .option('--limit <n>', 'at most this many (default 20)', wholeNumber(1), 20)
    .option('--all', 'every render, across all pages', false)
    .action(async (options: { status?: Render['status']; limit: number; all: boolean }, command: Command) => {
      const { mapr, output } = contextOf(command);
      const found: Render[] = [];
      for await (const render of mapr.renders.list({ status: options.status, limit: Math.min(100, options.limit) })) {
        found.push(render);
        if (!options.all && found.length >= options.limit) break;
      }
      emit(output, found, () =>
        found.length === 0
          ? 'No renders.'
          : table(
              ['JOB', 'STATUS', 'PROGRESS', 'CREATED', 'VIDEO'],
              found.map((r) => [r.job_id, r.status, percent(r.progress), r.created_at, r.video_url ?? r.error ?? '']),
            ),
      );
    });
  renders
    .command('get')
    .description('one render: status, progress, and its video when complete')
    .argument('<job_id>')
    .action(async (jobId: string, _options, command: Command) => {
      const { mapr, output } = contextOf(command);
      const render = await mapr.renders.get(jobId);
      emit(output, render, () => describeRender(render));
    });
  renders
    .command('cancel')
    .description('cancel a queued or processing render (its render is given back to the quota)')
    .argument('<job_id>')
    .action(async (jobId: string, _options, command: Command) => {
      const { mapr, output } = contextOf(command);
      const render = await mapr.renders.cancel(jobId);
      emit(output, render, () => `Cancelled ${render.job_id}.`);
    });

  program
    .command('preview')
    .description('check a request body without spending quota: what would be rendered, and one frame as a PNG with --out')
    .argument('<file>', 'the request body, a JSON file (- reads stdin)')
    .option('--template <id>', 'merge the request over this template')
    .option('--out <path>', 'save one frame here as PNG (default frame: the last, which is the thumbnail)')
    .option('--frame <n>', 'the frame to save with --out', wholeNumber(0))
    .addHelpText('after', '\nExample:\n  $ mapr preview trip.json --out still.png')
    .action(async (file: string, options: { template?: string; out?: string; frame?: number }, command: Command) => {
      const body = readJsonFile(file) as CreateRenderRequest;
      if (options.template) (body as { template_id?: string }).template_id = options.template;
      const { mapr, output } = contextOf(command);
      const preview = await mapr.renders.preview(body);
      const { composition } = preview;
      const seconds = composition.duration_in_frames / composition.fps;
      const legs = preview.route.features.length;
      if (options.out) {
        const png = await mapr.renders.previewStill(body, { frame: options.frame });
        await writeAtomically(options.out, Readable.from(Buffer.from(png)));
      }
      const { render_allowed, render_refusals } = preview;
      const resolved = preview.resolved_places;
      emit(
        output,
        {
          composition,
          route: preview.route,
          render_allowed,
          render_refusals,
          resolved_places: resolved,
          ...(options.out ? { saved_to: options.out } : {}),
        },
        () => [
          `${composition.width}x${composition.height}, ${seconds} s at ${composition.fps} fps (${composition.duration_in_frames} frames), ${legs} route feature(s).`,
          // Which place each name became: give lat and lng instead where it is not the one meant.
          ...resolved.map((place) => `${place.field}: ${place.query} → ${place.display_name} (${place.lat}, ${place.lng})`),
          ...(options.out ? [`Saved frame ${options.frame ?? composition.duration_in_frames - 1} to ${options.out}`] : []),
          // A preview shows up to the largest plan; say what `mapr render` of this file would be refused.
          ...render_refusals.map(
            (refusal) => `Render refused: ${refusal.message}${refusal.lifted_by ? ` (the ${refusal.lifted_by} plan allows it)` : ''}`,
          ),
        ],
      );
    });
}

function describeRender(render: Render): string[] {
  const lines = [`${render.job_id}: ${render.status} ${percent(render.progress)}`, `  created ${render.created_at}`];
  if (render.video_url)
    lines.push(`  video ${render.video_url} (${render.duration_seconds} s, ${render.resolution}, ${bytes(render.file_size_bytes)})`);
  if (render.thumbnail_url) lines.push(`  thumbnail ${render.thumbnail_url}`);
  if (render.error) lines.push(`  ${render.error}: ${render.message}`);
  return lines;
}

/** Waits for the job: a progress bar on a terminal, one line per status change otherwise (silent with --json). */
async function waitWithProgress(mapr: Mapr, jobId: string, output: Output): Promise<Render> {
  const interactive = Boolean(process.stderr.isTTY) && !output.json;
  const bar = interactive
    ? new SingleBar({ format: ' {bar} {percentage}% | {status}', stream: process.stderr, hideCursor: true, clearOnComplete: false })
    : undefined;
  bar?.start(100, 0, { status: 'queued' });
  let lastStatus = '';
  try {
    return await mapr.renders.wait(jobId, {
      onProgress: (render) => {
        bar?.update(Math.round(render.progress * 100), { status: render.status });
        if (!interactive && !output.json && render.status !== lastStatus)
          process.stderr.write(`${render.status} ${percent(render.progress)}\n`);
        lastStatus = render.status;
      },
    });
  } finally {
    bar?.stop();
  }
}

async function download(mapr: Mapr, render: Render, path: string): Promise<void> {
  const response = await mapr.renders.download(render);
  await writeAtomically(path, Readable.fromWeb(response.body as WebReadableStream));
}

/** Writes to `<path>.part` and renames, so an interrupted download never looks like a finished file. */
async function writeAtomically(path: string, source: Readable): Promise<void> {
  const partial = `${path}.part`;
  try {
    await pipeline(source, createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
