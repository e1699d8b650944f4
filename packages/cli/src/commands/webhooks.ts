import type { Command } from 'commander';
import { contextOf } from '../context';
import { table } from '../format';
import { emit } from '../output';

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
}
