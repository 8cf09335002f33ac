import { createHash } from 'node:crypto';

/**
 * Page cursors: where the next page starts (a Query's exclusive start key),
 * bound to a scope (what the list is of, e.g. an inbox filter), with a
 * checksum. Opaque to the client and checked on return: an edited or foreign
 * cursor is refused (400), never passed to DynamoDB. No secret is needed: a
 * cursor only says where to continue reading what the caller may read anyway.
 */

export type StartKey = Record<string, string>;

export interface CursorShape {
  /** The start key's attribute names: the table's key and the index's. */
  names: string[];
  /** The index partition the cursor must stay in. */
  partition: { name: string; value: string };
}

const maxCursorLength = 2_000;

export function encodeCursor(scope: string, key: StartKey): string {
  const body = Buffer.from(JSON.stringify({ k: key, s: scope })).toString('base64url');
  return `${body}.${checksum(body)}`;
}

/** The start key a cursor holds, or undefined when it is not a cursor of this scope and shape. */
export function decodeCursor(scope: string, cursor: string, shape: CursorShape): StartKey | undefined {
  const key = decodeCursorKey(scope, cursor);
  return key && fitsShape(key, shape) ? key : undefined;
}

/** Whether a start key has exactly the shape's names and stays in its partition. */
export function fitsShape(key: StartKey, shape: CursorShape): boolean {
  return Object.keys(key).sort().join() === [...shape.names].sort().join() && key[shape.partition.name] === shape.partition.value;
}

/** The key a cursor of this scope holds, whatever its shape (each string-valued); undefined for any other cursor. */
export function decodeCursorKey(scope: string, cursor: string): StartKey | undefined {
  const [body, sum, ...rest] = cursor.split('.');
  if (!body || !sum || rest.length > 0 || cursor.length > maxCursorLength || checksum(body) !== sum) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  const { k: key, s: cursorScope } = (parsed ?? {}) as { k?: unknown; s?: unknown };
  if (cursorScope !== scope || !key || typeof key !== 'object' || Array.isArray(key)) return undefined;
  if (!Object.values(key).every((value) => typeof value === 'string')) return undefined;
  return key as StartKey;
}

/** A short digest of a value, to bind a cursor to it (e.g. the filter it was made for). */
export function scopeDigest(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
}

function checksum(body: string): string {
  return createHash('sha256').update(`cursor:${body}`).digest('base64url').slice(0, 22);
}
