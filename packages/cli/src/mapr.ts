import { Command, CommanderError, Option } from 'commander';
import { registerAccountCommands } from './commands/account';
import { registerRenderCommands } from './commands/render';
import { registerTemplateCommands } from './commands/templates';
import { registerWebhookCommands } from './commands/webhooks';
import { EXIT, reportError } from './output';

const EXIT_CODES_HELP = `
Exit codes:
  0  success
  2  usage error: bad options or an unreadable request file (nothing was sent)
  3  the API refused the request (the error code and request id are printed)
  4  the render failed or was cancelled (with --wait or --out)
  5  the service could not be reached
  1  anything else

Credentials: --api-key, else MAPR_API_KEY, else the key saved by \`mapr login\`.
Service address: --base-url, else MAPR_BASE_URL, else the saved one, else http://localhost:3000.`;

const EXAMPLES = `
Examples:
  $ mapr login --api-key mapr_live_…
  $ mapr render examples/requests/flight.json --wait --out flight.mp4
  $ mapr render trip.json --template tpl_… --json
  $ mapr renders list --status complete
  $ mapr preview trip.json --out still.png
  $ mapr webhooks listen --forward-to http://localhost:4000/hooks/mapr`;

export function buildProgram(): Command {
  const program = new Command('mapr')
    .description('Render map animation videos with mapr from the command line.')
    .version('0.1.0', '-v, --version')
    .addOption(new Option('--api-key <key>', 'API key or access token for this run'))
    .addOption(new Option('--base-url <url>', 'the service address for this run'))
    .option('--json', 'print machine-readable JSON (errors on stderr as JSON too)', false)
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText('after', EXAMPLES + '\n' + EXIT_CODES_HELP)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });
  registerAccountCommands(program);
  registerRenderCommands(program);
  registerTemplateCommands(program);
  registerWebhookCommands(program);
  for (const command of program.commands) command.exitOverride();
  return program;
}

async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with code 0; unknown options and missing arguments with 1.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    return reportError(error, { json: Boolean(program.opts().json) });
  }
}

// `mapr renders list | head` closes the pipe early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(EXIT.ok);
  throw error;
});

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`mapr: ${String(error)}\n`);
    process.exitCode = EXIT.unexpected;
  },
);
