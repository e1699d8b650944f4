import { CommonErrors } from '../../../common/errors';

/**
 * The `next_cursor` of the newest-first lists (jobs, batches): the last row's creation time and id,
 * so a page starts strictly after it even when several rows share a timestamp.
 */
export interface ListCursor {
  t: number;
  id: string;
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ t: row.createdAt.getTime(), id: row.id } satisfies ListCursor)).toString('base64url');
}

export function decodeCursor(cursor: string): ListCursor {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as ListCursor;
    if (typeof parsed.t === 'number' && typeof parsed.id === 'string') return parsed;
  } catch {
    /* fall through */
  }
  throw CommonErrors.validation([{ field: 'cursor', code: 'invalid_cursor', message: 'cursor is not a value returned as next_cursor' }]);
}
