import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What `mapr login` keeps between runs. */
export interface StoredConfig {
  api_key?: string;
  base_url?: string;
}

/** The effective settings of one run: flags over environment over the config file. */
export interface Settings {
  apiKey: string | undefined;
  baseUrl: string;
  /** Where the key came from, for `mapr login --status` and error hints. */
  source: 'flag' | 'environment' | 'config file' | 'none';
}

export const DEFAULT_BASE_URL = 'http://localhost:3000';

/** The user's config folder, by platform convention: XDG on Linux, Application Support on macOS, AppData on Windows. */
export function configFile(env: NodeJS.ProcessEnv = process.env): string {
  if (env.MAPR_CONFIG_FILE) return env.MAPR_CONFIG_FILE;
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'mapr', 'config.json');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'mapr', 'config.json');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'mapr', 'config.json');
}

export function readConfig(file = configFile()): StoredConfig {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StoredConfig;
  } catch {
    return {};
  }
}

/** Writes the file readable by its owner only (0600, folder 0700): it holds a credential. */
export function writeConfig(config: StoredConfig, file = configFile()): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(config, null, 2) + '\n', { mode: 0o600 });
  chmodSync(file, 0o600); // the mode above only applies when the file is created
}

export function removeConfig(file = configFile()): void {
  rmSync(file, { force: true });
}

export function resolveSettings(flags: { apiKey?: string; baseUrl?: string }, env: NodeJS.ProcessEnv = process.env): Settings {
  const stored = readConfig(configFile(env));
  const baseUrl = (flags.baseUrl || env.MAPR_BASE_URL || stored.base_url || DEFAULT_BASE_URL).replace(/\/+$/, '');
  if (flags.apiKey) return { apiKey: flags.apiKey, baseUrl, source: 'flag' };
  if (env.MAPR_API_KEY) return { apiKey: env.MAPR_API_KEY, baseUrl, source: 'environment' };
  if (stored.api_key) return { apiKey: stored.api_key, baseUrl, source: 'config file' };
  return { apiKey: undefined, baseUrl, source: 'none' };
}

/** `mapr_live_abcd…wxyz`: enough to recognise a key, never enough to use it. */
export function maskKey(key: string): string {
  return key.length <= 12 ? '…' : `${key.slice(0, 8)}…${key.slice(-4)}`;
}
