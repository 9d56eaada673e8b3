import { z } from 'zod';
import { badRequest } from '../../errors.ts';

/**
 * Opaque keyset cursors: base64url JSON of the last row's sort values. Timestamps travel as whole
 * microseconds since the epoch (PostgreSQL's own precision, exact in a JS number), so the next page
 * starts exactly after the last row even when rows share a millisecond.
 */
const Micros = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const CursorSchemas = {
  new: z.object({ c: Micros, id: z.uuid() }),
  top: z.object({ s: z.number().int(), c: Micros, id: z.uuid() }),
  hot: z.object({ r: z.number(), id: z.uuid() }),
  comments: z.object({ c: Micros, id: z.uuid() }),
} as const;

type CursorKind = keyof typeof CursorSchemas;
export type Cursor<K extends CursorKind> = z.infer<(typeof CursorSchemas)[K]>;

export function encodeCursor<K extends CursorKind>(_kind: K, value: Cursor<K>): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A cursor this server did not hand out for this list is a 400 naming the field. */
export function decodeCursor<K extends CursorKind>(kind: K, cursor: string): Cursor<K> {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    json = null;
  }
  const parsed = CursorSchemas[kind].safeParse(json);
  if (!parsed.success) {
    throw badRequest('Invalid cursor', { cursor: 'Not a cursor from this list' });
  }
  return parsed.data as Cursor<K>;
}
