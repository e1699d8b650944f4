import { createHash } from 'node:crypto';
import { STYLES } from '../../contract';

/**
 * Storage key of a style preview: `styles/<style>-<first 16 hex of its SHA-256>.jpg`. The key names
 * the content, so a changed preview gets a new key (and URL) and a stored one never changes: CDNs
 * and browsers may keep it for a year.
 */
export function stylePreviewKey(styleId: string, content: Buffer): string {
  return `styles/${styleId}-${createHash('sha256').update(content).digest('hex').slice(0, 16)}.jpg`;
}

const FILE_NAME = /^([a-z0-9-]+)-[0-9a-f]{16}\.jpg$/;

/** Whether `fileName` (under `styles/`) can be a style preview's: a known style and a content hash. */
export function isStylePreviewFileName(fileName: string): boolean {
  const match = FILE_NAME.exec(fileName);
  return match !== null && STYLES.some((s) => s.id === match[1]);
}
