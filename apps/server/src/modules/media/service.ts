import type { Media } from '@btcp/shared';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { blogPosts, communityPosts, media } from '#server/db/schema.ts';
import { processImage } from './process-image.ts';
import type { MediaStorage } from './storage.ts';

export type MediaKind = 'blog_cover' | 'community_image';

/** Public address of a stored file; served by the media routes with immutable caching. */
export const MEDIA_URL_PREFIX = '/media/';

const cardKeyOf = (key: string) => key.replace(/\.(\w+)$/, '-card.$1');

export function mediaUrlOf(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** The card-sized variant beside a full image's URL (same id, `-card` before the extension). */
export function cardUrlOf(url: string | null): string | null {
  return url?.startsWith(MEDIA_URL_PREFIX) ? cardKeyOf(url) : url;
}

/**
 * Keeps an uploaded image (D14, D23), read by `readUpload`: type by bytes, re-encoding, both
 * files stored, then the row. If anything fails, the files written so far are removed, so a
 * half-finished upload leaves neither a file nor a row.
 */
export async function storeImage(
  db: Database,
  mediaStorage: MediaStorage,
  input: Buffer,
  kind: MediaKind,
  owner: { userId?: string; adminId?: string },
): Promise<Media> {
  const image = await processImage(input);
  const id = crypto.randomUUID();
  const key = `${id}.${image.ext}`;
  const written: string[] = [];
  try {
    await mediaStorage.put(key, image.full);
    written.push(key);
    await mediaStorage.put(cardKeyOf(key), image.card);
    written.push(cardKeyOf(key));
    await db.insert(media).values({
      id,
      kind,
      storageKey: key,
      mimeType: image.mime,
      bytes: image.full.length,
      width: image.width,
      height: image.height,
      ownerUserId: owner.userId ?? null,
      ownerAdminId: owner.adminId ?? null,
    });
  } catch (error) {
    await Promise.allSettled(written.map((stored) => mediaStorage.remove(stored)));
    throw error;
  }
  return {
    id,
    url: mediaUrlOf(key),
    cardUrl: mediaUrlOf(cardKeyOf(key)),
    mimeType: image.mime,
    bytes: image.full.length,
    width: image.width,
    height: image.height,
  };
}

export interface StoredMedia {
  id: string;
  kind: MediaKind;
  url: string;
  cardUrl: string;
  ownerUserId: string | null;
  ownerAdminId: string | null;
}

export async function findMedia(db: Database, id: string): Promise<StoredMedia | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id));
  if (!row) return null;
  return {
    id: row.id,
    kind: row.kind,
    url: mediaUrlOf(row.storageKey),
    cardUrl: mediaUrlOf(cardKeyOf(row.storageKey)),
    ownerUserId: row.ownerUserId,
    ownerAdminId: row.ownerAdminId,
  };
}

/** Uploads nothing points to a day later (a dialog cancelled, a cover replaced) are removed. */
export const ORPHAN_MEDIA_AGE_MS = 24 * 60 * 60_000;

export async function purgeOrphanMedia(
  db: Database,
  storage: { remove(key: string): Promise<void> },
  now: Date,
): Promise<number> {
  const orphans = await db
    .delete(media)
    .where(
      and(
        lt(media.createdAt, new Date(now.getTime() - ORPHAN_MEDIA_AGE_MS)),
        notExists(
          db.select({ one: sql`1` }).from(blogPosts).where(eq(blogPosts.coverMediaId, media.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(communityPosts)
            .where(eq(communityPosts.imageMediaId, media.id)),
        ),
      ),
    )
    .returning({ key: media.storageKey });
  await Promise.allSettled(
    orphans.flatMap(({ key }) => [storage.remove(key), storage.remove(cardKeyOf(key))]),
  );
  return orphans.length;
}
