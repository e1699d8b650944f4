import type { AccountEvent } from '@mapr/sdk';
import type { Command } from 'commander';
import { contextOf } from '../context';
import { table } from '../format';
import { emit, UsageError } from '../output';

/** How long the local server may take to answer a forwarded event, as a real delivery allows. */
const FORWARD_TIMEOUT_MS = 30_000;

export function registerWebhookCommands(program: Command): void {
  const webhooks = program.command('webhooks').description('webhook deliveries, and forwarding events to a local server');
  webhooks
    .command('deliveries')
    .description('the delivery log of a job or a batch, newest first')
    .option('--job <job_id>', 'deliveries of this job')
    .option('--batch <batch_id>', 'deliveries of this batch')
    .action(async (options: { job?: string; batch?: string }, command: Command) => {
      const { mapr, output } = contextOf(command);
      const deliveries = await mapr.webhooks.deliveries({ job_id: options.job, batch_id: options.batch });
      emit(output, deliveries, () =>
        deliveries.length === 0
          ? 'No deliveries.'
          : table(
              ['DELIVERY', 'EVENT', 'STATUS', 'ATTEMPTS', 'URL'],
              deliveries.map((d) => [d.id, d.event, d.status, String(d.attempts.length), d.url]),
            ),
      );
    });
  webhooks
    .command('redeliver')
    .description('send a delivery once more, now')
    .argument('<delivery_id>')
    .action(async (id: string, _options, command: Command) => {
      const { mapr, output } = contextOf(command);
      const result = await mapr.webhooks.redeliver(id);
      emit(output, result, () => `Redelivery of ${id} queued.`);
    });

  webhooks
    .command('listen')
    .description("forward the account's events to a local server, signed with the listen secret, until Ctrl-C")
    .requiredOption('--forward-to <url>', 'where to POST each event, e.g. http://localhost:4000/hooks/mapr')
    .option('--after <event_id>', 'also forward the events after this one (default: only new ones)')
    .addHelpText(
      'after',
      [
        '',
        'Each event is POSTed with the exact body and signature headers a webhook delivery carries, signed by the',
        'service with the listen secret of the key’s mode (test and live keys have one each), which the command',
        'prints when it starts: give that secret to your local receiver (its verification code stays the same).',
        'It is not your webhook signing secret, so no API key can make signatures that your production receiver',
        'accepts. A mapr_test_ key forwards the events of sandbox work only, a live key those of live work. Events of',
        'jobs without a webhook_url are forwarded too. With --json, one JSON line per event on stdout.',
        '',
        'Example:',
        '  $ mapr webhooks listen --forward-to http://localhost:4000/hooks/mapr',
      ].join('\n'),
    )
    .action(async (options: { forwardTo: string; after?: string }, command: Command) => {
      const target = parseTarget(options.forwardTo);
      const { mapr, settings, output } = contextOf(command);
      const stop = new AbortController();
      process.once('SIGINT', () => stop.abort());
      process.once('SIGTERM', () => stop.abort());
      const account = await mapr.account.get();
      const listenSecret = await mapr.events.listenSecret();
      process.stderr.write(
        `Ready: forwarding ${account.email}'s events from ${settings.baseUrl} to ${target} (Ctrl-C to stop)\n` +
          `Your listen secret is ${listenSecret}: verify the forwarded events with it (not your webhook signing secret)\n`,
      );
      const events = mapr.events.stream({
        after: options.after,
        signal: stop.signal,
        onRetry: (error, waitMs) =>
          process.stderr.write(`Lost the event stream (${error.message}); trying again in ${Math.round(waitMs / 1000)} s\n`),
      });
      for await (const event of events) {
        const result = await forward(event, target);
        if (output.json) {
          process.stdout.write(
            JSON.stringify({ id: event.id, event: event.event, job_id: event.job_id, batch_id: event.batch_id, ...result }) + '\n',
          );
        } else {
          const subject = event.job_id ?? event.batch_id ?? '';
          const answer = result.status !== undefined ? `[${result.status}]` : `[failed: ${result.error}]`;
          process.stdout.write(`${event.created_at}  ${event.event.padEnd(15)} ${subject}  → ${answer} ${result.latency_ms} ms\n`);
        }
      }
    });
}

function parseTarget(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--forward-to must be a URL such as http://localhost:4000/hooks/mapr (got "${value}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError('--forward-to must be an http:// or https:// URL');
  return url.toString();
}

/** POSTs one event as a delivery would: its exact body, its signed headers; the answer's status, or why there was none. */
async function forward(event: AccountEvent, target: string): Promise<{ status?: number; error?: string; latency_ms: number }> {
  const started = Date.now();
  try {
    const response = await fetch(target, {
      method: 'POST',
      body: event.body,
      headers: { ...event.headers, 'Content-Type': 'application/json', 'User-Agent': 'mapr-cli/webhooks-listen' },
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return { status: response.status, latency_ms: Date.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return { error: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : cause, latency_ms: Date.now() - started };
  }
}
