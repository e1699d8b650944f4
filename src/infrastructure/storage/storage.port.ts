/** Injection token of the file store finished renders are uploaded to. */
export const STORAGE = Symbol('STORAGE');

/**
 * Where finished videos and thumbnails live: a local folder (embedded default) or an
 * S3-compatible bucket. Keys are relative, slash-separated paths such as `renders/job_x.mp4`.
 */
export interface StoragePort {
  /**
   * Uploads a local file under `key` (e.g. `renders/job_x.mp4`); overwrites. Throws on failure.
   * `cacheControl` is what a CDN in front of the store is told (default IMMUTABLE_CACHE_CONTROL).
   */
  putFile(key: string, localPath: string, contentType: string, cacheControl?: string): Promise<void>;
  /** Downloads `key` to the local file `localPath` (overwritten). Throws when it is missing or cannot be read. */
  getFile(key: string, localPath: string): Promise<void>;
  /** Whether `key` is stored. Throws when the store cannot tell. */
  exists(key: string): Promise<boolean>;
  /** Deletes `key`; deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key that starts with `prefix` (a folder such as `render-chunks/`), in no particular order. */
  list(prefix: string): Promise<string[]>;
}

/** Injection token of the files this process can serve itself: set with local storage, null with S3. */
export const LOCAL_FILES = Symbol('LOCAL_FILES');

/**
 * Stored files on this machine's disk, for the app's own CDN (`/cdn/renders/…`), which serves them
 * with range and conditional requests. Remote stores (S3) have no such files: clients fetch from
 * their own URL ({cdn_url}).
 */
export interface LocalFiles {
  /** Absolute path of `key`; throws for keys that are unsafe or would leave the storage folder. */
  pathFor(key: string): string;
}

/** Cache policy of stored files: a key is never rewritten with different content. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=604800, immutable';

/** Cache policy of files whose key names their content (a hash): they may be cached for a year. */
export const CONTENT_ADDRESSED_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Rejects keys that could escape the storage root or mean different things to different
 * backends: empty, absolute, backslashes, NUL, empty or `.`/`..` segments.
 */
export function assertSafeKey(key: string): void {
  const problem =
    typeof key !== 'string' || key.length === 0
      ? 'is empty'
      : key.length > 1024
        ? 'is too long'
        : key.startsWith('/') || /^[A-Za-z]:/.test(key)
          ? 'is absolute'
          : /[\\\0]/.test(key)
            ? 'contains a backslash or NUL'
            : key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
              ? 'has an empty, "." or ".." segment'
              : undefined;
  if (problem) throw new Error(`Invalid storage key ${JSON.stringify(key)}: it ${problem}`);
}
