import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailService } from '../infrastructure/mail/mail.service';
import { loadConfiguration } from './configuration';
import { privateSqliteFile, secureDataFolder } from './data-folder';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/**
 * The embedded default's data folder holds secrets (the JWT secret, the SQLite file with webhook secrets and password
 * hashes, e-mails with verification and reset links, the private Redis's password): its owner's only, and an install
 * made before is fixed at start.
 */
describe('the data folder', () => {
  let root: string;
  let umask: number;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mapr-data-folder-'));
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(root, { recursive: true, force: true });
  });

  it('fixes an install whose folder and files everyone could read: folders 0700, files 0600', () => {
    const dataDir = join(root, 'data');
    for (const dir of [dataDir, join(dataDir, 'outbox'), join(dataDir, 'redis'), join(dataDir, 'redis', 'appendonlydir')])
      mkdirSync(dir, { mode: 0o755 });
    const files = [
      'jwt-secret',
      'mapr.sqlite',
      'mapr.sqlite-wal',
      'outbox/2026-11-29-link.eml',
      'redis/embedded-redis.json',
      'redis/appendonlydir/appendonly.aof.1.incr.aof',
    ].map((file) => join(dataDir, file));
    for (const file of files) writeFileSync(file, 'x', { mode: 0o644 });
    const config = loadConfiguration({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
    secureDataFolder(config);
    expect(modeOf(dataDir)).toBe(0o700);
    for (const dir of ['outbox', 'redis', 'redis/appendonlydir']) expect([dir, modeOf(join(dataDir, dir))]).toEqual([dir, 0o700]);
    for (const file of files) expect([file, modeOf(file)]).toEqual([file, 0o600]);
    // Whatever is written from now on is private too.
    expect(process.umask()).toBe(0o077);
  });

  it('makes a new data folder, its generated JWT secret, SQLite file and e-mails private', async () => {
    const dataDir = join(root, 'fresh');
    const config = loadConfiguration({ NODE_ENV: 'development', DATA_DIR: dataDir });
    secureDataFolder(config);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'jwt-secret'))).toBe(0o600);
    // Without the start's umask (a test app, a tool): the SQLite file and e-mails are still created private.
    process.umask(0o022);
    const sqlite = join(dataDir, 'mapr.sqlite');
    privateSqliteFile(sqlite);
    expect(modeOf(sqlite)).toBe(0o600);
    chmodSync(sqlite, 0o644);
    privateSqliteFile(sqlite);
    expect(modeOf(sqlite)).toBe(0o600);
    const mail = new MailService({ ...config, mail: { ...config.mail, outboxDir: join(dataDir, 'outbox-elsewhere') } });
    await mail.send({ to: 'ana@example.com', subject: 'Link', text: 'a link', html: '<p>a link</p>' });
    expect(modeOf(join(dataDir, 'outbox-elsewhere'))).toBe(0o700);
    const [eml] = readdirSync(join(dataDir, 'outbox-elsewhere'));
    expect(modeOf(join(dataDir, 'outbox-elsewhere', eml!))).toBe(0o600);
  });
});
