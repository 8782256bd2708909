import { createHash } from 'node:crypto';
import { AppError } from '../errors/app-error';

/**
 * Opaque keyset cursors for newest-first lists: the position (timestamp and id
 * of the last row shown) plus a digest of the filters, so a cursor replayed
 * with other filters is refused (contract §7) instead of silently skipping rows.
 */
export interface CursorPosition {
  at: Date;
  id: string;
}

function filtersDigest(filters: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(filters)
      .sort()
      .map((key) => [key, filters[key] ?? null]),
  );
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function encodeCursor(position: CursorPosition, filters: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify({ t: position.at.toISOString(), i: position.id, f: filtersDigest(filters) })).toString('base64url');
}

export function decodeCursor(cursor: string, filters: Record<string, unknown>): CursorPosition {
  let decoded: { t?: unknown; i?: unknown; f?: unknown };
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as typeof decoded;
  } catch {
    throw invalidCursor();
  }
  if (typeof decoded?.t !== 'string' || typeof decoded.i !== 'string' || Number.isNaN(Date.parse(decoded.t))) throw invalidCursor();
  if (decoded.f !== filtersDigest(filters)) throw new AppError('INVALID_PARAMETER', 'cursor: it belongs to a different set of filters', { field: 'cursor' });
  return { at: new Date(decoded.t), id: decoded.i };
}

function invalidCursor(): AppError {
  return new AppError('INVALID_PARAMETER', 'cursor: not a cursor returned by this list', { field: 'cursor' });
}

/** Fetch one row more than the page: its presence says whether a next page exists. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  position: (row: T) => CursorPosition,
  filters: Record<string, unknown>,
): { data: T[]; next_cursor: string | null } {
  const data = rows.slice(0, limit);
  const last = data[data.length - 1];
  return { data, next_cursor: rows.length > limit && last !== undefined ? encodeCursor(position(last), filters) : null };
}
