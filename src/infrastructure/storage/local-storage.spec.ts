import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalStorage } from './local-storage';

describe('LocalStorage', () => {
  let root: string;
  let scratch: string;
  let storage: LocalStorage;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'mapr-storage-'));
    scratch = mkdtempSync(join(tmpdir(), 'mapr-scratch-'));
    storage = new LocalStorage(join(root, 'storage'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  });

  function source(name: string, content: string | Buffer): string {
    const path = join(scratch, name);
    writeFileSync(path, content);
    return path;
  }

  it('copies the file under its key, creating folders, and leaves the source in place', async () => {
    const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
    const src = source('video.mp4', bytes);
    await storage.putFile('renders/job_abc.mp4', src, 'video/mp4');
    expect(readFileSync(join(root, 'storage', 'renders', 'job_abc.mp4'))).toEqual(bytes);
    expect(existsSync(src)).toBe(true);
    expect(storage.pathFor('renders/job_abc.mp4')).toBe(join(root, 'storage', 'renders', 'job_abc.mp4'));
  });

  it('overwrites an existing key and leaves no temporary files behind', async () => {
    await storage.putFile('renders/job_abc_thumb.jpg', source('a.jpg', 'first version'), 'image/jpeg');
    await storage.putFile('renders/job_abc_thumb.jpg', source('b.jpg', 'second'), 'image/jpeg');
    expect(readFileSync(join(root, 'storage', 'renders', 'job_abc_thumb.jpg'), 'utf8')).toBe('second');
    expect(readdirSync(join(root, 'storage', 'renders'))).toEqual(['job_abc_thumb.jpg']);
  });

  it('fails for a missing source without creating the key or temporary files', async () => {
    await expect(storage.putFile('renders/job_x.mp4', join(scratch, 'nope.mp4'), 'video/mp4')).rejects.toThrow(/ENOENT/);
    expect(existsSync(join(root, 'storage', 'renders', 'job_x.mp4'))).toBe(false);
    expect(readdirSync(join(root, 'storage', 'renders'))).toEqual([]);
  });

  it('downloads a stored key to a local file, and refuses a missing one', async () => {
    const bytes = Buffer.from([9, 8, 7, 0, 255]);
    await storage.putFile('render-chunks/job_abc/0-35.ts', source('chunk.ts', bytes), 'video/mp2t');
    const target = join(scratch, 'downloaded.ts');
    await storage.getFile('render-chunks/job_abc/0-35.ts', target);
    expect(readFileSync(target)).toEqual(bytes);
    await expect(storage.getFile('render-chunks/job_abc/36-71.ts', join(scratch, 'missing.ts'))).rejects.toThrow();
    await expect(storage.getFile('../escape.ts', target)).rejects.toThrow(/Invalid storage key/);
  });

  it('tells whether a key is stored', async () => {
    expect(await storage.exists('styles/standard-0123456789abcdef.jpg')).toBe(false);
    await storage.putFile('styles/standard-0123456789abcdef.jpg', source('p.jpg', 'jpeg'), 'image/jpeg');
    expect(await storage.exists('styles/standard-0123456789abcdef.jpg')).toBe(true);
    // A folder is not a stored file.
    expect(await storage.exists('styles')).toBe(false);
    await expect(storage.exists('../escape.jpg')).rejects.toThrow(/Invalid storage key/);
  });

  it('keeps the old content when an overwrite fails', async () => {
    await storage.putFile('renders/job_x.mp4', source('v1.mp4', 'v1'), 'video/mp4');
    await expect(storage.putFile('renders/job_x.mp4', join(scratch, 'missing.mp4'), 'video/mp4')).rejects.toThrow();
    expect(readFileSync(join(root, 'storage', 'renders', 'job_x.mp4'), 'utf8')).toBe('v1');
  });

  it.each([
    '../escape.mp4',
    'renders/../../escape.mp4',
    '/etc/passwd',
    'renders//job.mp4',
    'renders/./job.mp4',
    'renders\\job.mp4',
    '',
    'a\0b',
  ])('refuses the unsafe key %j', async (key) => {
    const src = source('x.mp4', 'x');
    await expect(storage.putFile(key, src, 'video/mp4')).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/Invalid storage key/);
    expect(existsSync(join(root, 'escape.mp4'))).toBe(false);
  });

  it('deletes a key, and deleting a missing key (or one in a missing folder) succeeds', async () => {
    await storage.putFile('renders/job_abc.mp4', source('v.mp4', 'video'), 'video/mp4');
    await storage.delete('renders/job_abc.mp4');
    expect(existsSync(join(root, 'storage', 'renders', 'job_abc.mp4'))).toBe(false);
    await expect(storage.delete('renders/job_abc.mp4')).resolves.toBeUndefined();
    await expect(storage.delete('elsewhere/job_none.mp4')).resolves.toBeUndefined();
  });
});
