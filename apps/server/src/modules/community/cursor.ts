import { z } from 'zod';
import { badRequest } from '#server/errors.ts';

/**
 * Opaque keyset cursors: base64url JSON of the last row's sort values. Timestamps travel as whole
 * microseconds since the epoch (PostgreSQL's own precision, exact in a JS number), so the next page
 * starts exactly after the last row even when rows share a millisecond.
 */
const Micros = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/**
 * Each value is bound to what its column holds, so a forged cursor is a 400 here rather than an
 * out-of-range error in the database: the score is upvotes − downvotes of two `integer` columns
 * (compared as `::integer`), the hot rank a finite `double precision`.
 */
const Score = z
  .number()
  .int()
  .min(-(2 ** 31))
  .max(2 ** 31 - 1);
const HotRank = z.number().min(-Number.MAX_VALUE).max(Number.MAX_VALUE);
/** A search's score (title match plus scaled `ts_rank_cd`, a `double precision`): finite, never below 0. */
const SearchRank = z.number().min(0).max(Number.MAX_VALUE);
const CursorSchemas = {
  new: z.object({ c: Micros, id: z.uuid() }),
  top: z.object({ s: Score, c: Micros, id: z.uuid() }),
  hot: z.object({ r: HotRank, id: z.uuid() }),
  comments: z.object({ c: Micros, id: z.uuid() }),
  search: z.object({ k: SearchRank, c: Micros, id: z.uuid() }),
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

/** The cursor after a row of a list by score, posts and comments alike: score, age, id. */
export function topCursorAfter(row: {
  upvotes: number;
  downvotes: number;
  createdMicros: number;
  id: string;
}): string {
  return encodeCursor('top', { s: row.upvotes - row.downvotes, c: row.createdMicros, id: row.id });
}

/** A by-score cursor's values, named as the keyset queries name their placeholders. */
export function topCursorValues(cursor: string) {
  const at = decodeCursor('top', cursor);
  return { score: at.s, micros: at.c, id: at.id };
}
