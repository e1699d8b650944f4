import { createInterface } from 'node:readline/promises';
import { Mapr } from '@mapr/sdk';
import type { Command } from 'commander';
import { configFile, maskKey, readConfig, removeConfig, writeConfig } from '../config';
import { contextOf, type GlobalOptions } from '../context';
import { emit, UsageError } from '../output';

export function registerAccountCommands(program: Command): void {
  program
    .command('login')
    .description(
      'check an API key (--api-key, or asked for) against the service and save it with the service address in your config folder, readable by you only',
    )
    .addHelpText('after', '\nExample:\n  $ mapr login --api-key mapr_live_… --base-url https://mapr.example.com')
    .action(async (_options, command: Command) => {
      const options = command.optsWithGlobals<GlobalOptions>();
      const apiKey = options.apiKey ?? (await askForKey());
      if (!apiKey) throw new UsageError('No API key given.');
      const { settings, output } = contextOf(command, { requireKey: false });
      // The key is checked before it is saved: a typo fails here with the API's 401.
      const account = await new Mapr({ apiKey, baseUrl: settings.baseUrl }).account.get();
      const file = configFile();
      writeConfig({ ...readConfig(file), api_key: apiKey, base_url: settings.baseUrl }, file);
      emit(output, { email: account.email, tier: account.tier, base_url: settings.baseUrl, config_file: file }, () => [
        `Logged in to ${settings.baseUrl} as ${account.email} (${account.tier}).`,
        `Key ${maskKey(apiKey)} saved in ${file} (mode 0600).`,
      ]);
    });

  program
    .command('logout')
    .description('forget the saved API key')
    .action((_options, command: Command) => {
      const file = configFile();
      removeConfig(file);
      emit({ json: Boolean(command.optsWithGlobals().json) }, { config_file: file, removed: true }, () => `Removed ${file}.`);
    });

  program
    .command('whoami')
    .description('the account the current credential belongs to, and its plan limits')
    .action(async (_options, command: Command) => {
      const { mapr, settings, output } = contextOf(command);
      const account = await mapr.account.get();
      emit(output, account, () => [
        `${account.email} (${account.tier}) at ${settings.baseUrl}, key from the ${settings.source}`,
        ...Object.entries(account.limits).map(([name, value]) => `  ${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`),
      ]);
    });

  program
    .command('usage')
    .description("this month's renders: used, limit, remaining, and when the quota resets")
    .action(async (_options, command: Command) => {
      const { mapr, output } = contextOf(command);
      const usage = await mapr.usage.get();
      emit(output, usage, () => [
        `${usage.renders_used} of ${usage.renders_limit} renders used, ${usage.renders_remaining} left.`,
        `The quota resets at ${usage.period_end}.`,
      ]);
    });
}

/** Asks for the key on the terminal; reads one line when stdin is a pipe. */
async function askForKey(): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return (await prompt.question(process.stdin.isTTY ? 'API key: ' : '')).trim();
  } finally {
    prompt.close();
  }
}
