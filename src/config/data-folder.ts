import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppConfig } from './configuration';

/** The data folder and every folder the service makes in it: its owner only. */
export const PRIVATE_DIR_MODE = 0o700;
/** Every file the service writes there (the SQLite file with its secrets, e-mails with their links, Redis's files). */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Keeps the data folder to the service's own user (issue 39: the embedded default's folder, SQLite file and outbox were
 * world-readable): the folder 0700, and whatever the service creates from now on private too (umask 077, so the SQLite
 * file, its WAL, e-mails, the private Redis's files and rendered files are 0600 and their folders 0700). An install
 * from before is fixed at start: the folder, the files directly in it, and the outbox and private Redis folders with
 * everything in them. Stored videos are left as they are: the folder around them is closed, and the CDN serves them.
 * Answers the paths it could not change because another user owns them.
 */
export function secureDataFolder(config: Pick<AppConfig, 'dataDir' | 'database' | 'mail' | 'redis'>): string[] {
  process.umask(0o077);
  const notOurs: string[] = [];
  mkdirSync(config.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  makePrivate(config.dataDir, PRIVATE_DIR_MODE, notOurs);
  for (const entry of readdirSync(config.dataDir)) {
    const path = join(config.dataDir, entry);
    if (lstatSync(path).isFile()) makePrivate(path, PRIVATE_FILE_MODE, notOurs);
  }
  for (const dir of [config.mail.outboxDir, config.redis.embeddedDir]) privateTree(dir, notOurs);
  if (config.database.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) {
      const path = `${config.database.path}${suffix}`;
      if (existsSync(path)) makePrivate(path, PRIVATE_FILE_MODE, notOurs);
    }
  }
  return notOurs;
}

/**
 * chmod, except on what the service's user does not own (a volume mounted by someone else, as Kubernetes mounts an
 * `emptyDir` for an fsGroup): that is named in `notOurs` for the start to warn about, rather than stop the start.
 */
function makePrivate(path: string, mode: number, notOurs: string[]): void {
  try {
    chmodSync(path, mode);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
    notOurs.push(path);
  }
}

/** A folder and everything in it: folders 0700, files 0600 (symbolic links are not followed). */
function privateTree(dir: string, notOurs: string[]): void {
  if (!existsSync(dir) || !lstatSync(dir).isDirectory()) return;
  makePrivate(dir, PRIVATE_DIR_MODE, notOurs);
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const stat = lstatSync(path);
    if (stat.isDirectory()) privateTree(path, notOurs);
    else if (stat.isFile()) makePrivate(path, PRIVATE_FILE_MODE, notOurs);
  }
}

/**
 * Creates the SQLite file 0600 before SQLite opens it (an empty file is an empty database), and makes an existing one
 * 0600: SQLite gives its WAL and shared-memory files the database file's mode, so those follow.
 */
export function privateSqliteFile(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  makePrivate(path, PRIVATE_FILE_MODE, []);
}
