import type { CreateTemplateRequest } from '@mapr/sdk';
import type { Command } from 'commander';
import { contextOf } from '../context';
import { table } from '../format';
import { readJsonFile } from '../input';
import { emit } from '../output';

export function registerTemplateCommands(program: Command): void {
  const templates = program.command('templates').description('saved render settings that requests merge over');
  templates
    .command('list')
    .description("the account's templates and the built-in starters")
    .action(async (_options, command: Command) => {
      const { mapr, output } = contextOf(command);
      const list = await mapr.templates.list();
      emit(output, list, () =>
        table(
          ['ID', 'NAME', 'KIND', 'UPDATED'],
          list.map((t) => [t.id, t.name, t.builtin ? 'built-in' : 'yours', t.updated_at ?? '']),
        ),
      );
    });
  templates
    .command('get')
    .description('one template with its settings')
    .argument('<id>')
    .action(async (id: string, _options, command: Command) => {
      const { mapr, output } = contextOf(command);
      const template = await mapr.templates.get(id);
      emit(output, template, () => JSON.stringify(template, null, 2));
    });
  templates
    .command('create')
    .description('save a template from a JSON file ({ "name", "description"?, "settings" }, as for POST /v1/templates)')
    .argument('<file>', 'JSON file (- reads stdin)')
    .addHelpText('after', '\nExample:\n  $ mapr templates create brand.json --json')
    .action(async (file: string, _options, command: Command) => {
      const body = readJsonFile(file) as CreateTemplateRequest;
      const { mapr, output } = contextOf(command);
      const template = await mapr.templates.create(body);
      emit(output, template, () => `Created ${template.id} (${template.name}). Use it: mapr render trip.json --template ${template.id}`);
    });
  templates
    .command('delete')
    .description('delete one of your templates (built-in ones cannot be deleted)')
    .argument('<id>')
    .action(async (id: string, _options, command: Command) => {
      const { mapr, output } = contextOf(command);
      await mapr.templates.delete(id);
      emit(output, { id, deleted: true }, () => `Deleted ${id}.`);
    });
}
