import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { assertSafeKey, LocalFiles, StoragePort } from './storage.port';

/**
 * Files in a local folder. Uploads are atomic: the file is copied to a temporary name in the
 * target folder and renamed into place, so a reader never sees a half-written file.
 */
export class LocalStorage implements StoragePort, LocalFiles {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Absolute path of `key` inside the root; throws for keys that are unsafe or would escape it. */
  pathFor(key: string): string {
    assertSafeKey(key);
    const path = join(this.root, ...key.split('/'));
    const rel = relative(this.root, path);
    if (!rel || rel.startsWith('..') || rel.split(sep).includes('..'))
      throw new Error(`Invalid storage key ${JSON.stringify(key)}: it leaves the storage folder`);
    return path;
  }

  /** Content type and cache policy are the CDN's business here (delivery/cdn.controller.ts sets them). */
  async putFile(key: string, localPath: string, _contentType: string, _cacheControl?: string): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(dirname(target), { recursive: true });
    const temp = join(dirname(target), `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await copyFile(localPath, temp);
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  async getFile(key: string, localPath: string): Promise<void> {
    await copyFile(this.pathFor(key), localPath);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathFor(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathFor(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }

  async list(prefix: string): Promise<string[]> {
    // The folder the prefix names (its files, at any depth), keeping those whose key starts with the prefix.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder ? this.pathFor(folder) : this.root;
    let entries: string[];
    try {
      entries = (await readdir(start, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.tmp-'))
        .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    return entries.filter((key) => key.startsWith(prefix));
  }
}
