import { Mapr } from '@mapr/sdk';
import type { Command } from 'commander';
import { resolveSettings, type Settings } from './config';
import { UsageError, type Output } from './output';

export interface GlobalOptions {
  apiKey?: string;
  baseUrl?: string;
  json: boolean;
}

export interface RunContext {
  mapr: Mapr;
  settings: Settings;
  output: Output;
}

/** The client and output settings of one command, from the global options, the environment and the config file. */
export function contextOf(command: Command, { requireKey = true } = {}): RunContext {
  const options = command.optsWithGlobals<GlobalOptions>();
  const settings = resolveSettings({ apiKey: options.apiKey, baseUrl: options.baseUrl });
  if (requireKey && !settings.apiKey) {
    throw new UsageError('No API key: run `mapr login`, set MAPR_API_KEY, or pass --api-key.');
  }
  return {
    mapr: new Mapr({ apiKey: settings.apiKey, baseUrl: settings.baseUrl }),
    settings,
    output: { json: Boolean(options.json) },
  };
}
