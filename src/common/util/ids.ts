import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 string with rejection sampling, so every character is uniformly likely. */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62]; // 248 = 4 * 62: avoids modulo bias
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdKind = 'usr' | 'key' | 'job' | 'batch' | 'tpl' | 'dlv' | 'req' | 'evt';

/** Prefixed, random, never sequential ids: `job_4fT9…` (contract §1). */
export function newId(kind: IdKind): string {
  return `${kind}_${randomBase62(24)}`;
}
