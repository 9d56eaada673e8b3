import { LEADERBOARD_REFRESH_SECONDS } from '@btcp/shared/leaderboard';
import type { DatabaseHandle } from '../client.ts';
import { PUBLIC_CHANGES_CHANNEL } from './channels.ts';
import { type Subscription, subscribe } from './subscription.ts';

/** What the database triggers of migrations 0005, 0019, 0021 and 0026 name in their notifications. */
const CHANGE_KINDS = ['community', 'blog', 'proofs', 'dated-words', 'leaderboard'] as const;
type ChangeKind = (typeof CHANGE_KINDS)[number];
const isChangeKind = (payload: string): payload is ChangeKind =>
  (CHANGE_KINDS as readonly string[]).includes(payload);
/** What a kept value changes with: a kind of content, or (`static`) nothing but a new build. */
export type PageKind = ChangeKind | 'static';
/**
 * Kinds kept for at most one window of the app's clock as well: the leaderboard changes whenever
 * mining is paid, too often to notify, so its pages are built afresh each minute (D28).
 */
const WINDOW_MS: Partial<Record<PageKind, number>> = {
  leaderboard: LEADERBOARD_REFRESH_SECONDS * 1000,
};
/** A bound on memory; the first pages of every list fit many times over. */
const MAX_ENTRIES = 1_000;

/** Values kept apart from the pages, a bounded number of them (see `SharedPages.bounded`). */
export interface BoundedPages<T> {
  get(key: string, build: () => Promise<T>): Promise<T>;
  /** Whether values are kept now: while the change channel is down, each `get` builds afresh. */
  keeping(): boolean;
}

export interface SharedPages {
  /**
   * The value for `key`, built by `build` only when this process has none since the last change
   * of `kind`. Concurrent callers share one build; a failed build is not kept. A kind with a
   * window (the leaderboard) is built afresh, too, once `now` is in a later window.
   */
  get<T>(kind: PageKind, key: string, build: () => Promise<T>, now?: Date): Promise<T>;
  /**
   * Values whose keys come from what readers type (a search), kept as `get` keeps pages but apart
   * from them: at most `limit`, the least recently used forgotten first, so a flood of different
   * keys neither grows memory nor pushes the pages out.
   */
  bounded<T>(kind: ChangeKind, limit: number): BoundedPages<T>;
  /**
   * Resolves once this process (and so every process) has dropped what the changes committed
   * before the call made stale. A route that changes a public page awaits it before answering,
   * so the caller's next read is fresh everywhere.
   */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The public pages (the community lists' first pages, the blog) are computed once and served to
 * every visitor until something changes them (decision 013). The database tells every process of each
 * change (triggers, LISTEN/NOTIFY), and while that channel is down nothing is kept.
 */
export async function createSharedPages(database: DatabaseHandle): Promise<SharedPages> {
  const entries = new Map<string, { kind: PageKind; window: number; value: Promise<unknown> }>();
  const groups: { kind: ChangeKind; entries: Map<string, Promise<unknown>> }[] = [];
  const forget = (kind: PageKind | null) => {
    for (const [key, entry] of entries)
      if (kind === null || entry.kind === kind) entries.delete(key);
    for (const group of groups) if (kind === null || group.kind === kind) group.entries.clear();
  };
  const subscription: Subscription = await subscribe(
    database,
    PUBLIC_CHANGES_CHANNEL,
    (payload) => forget(isChangeKind(payload) ? payload : null),
    () => forget(null),
  );
  return {
    get<T>(kind: PageKind, key: string, build: () => Promise<T>, now?: Date): Promise<T> {
      if (!subscription.live) return build();
      const id = `${kind}:${key}`;
      const span = WINDOW_MS[kind];
      const window = span && now ? Math.floor(now.getTime() / span) : 0;
      const cached = entries.get(id);
      if (cached && cached.window === window) return cached.value as Promise<T>;
      const value = build();
      if (entries.size >= MAX_ENTRIES) forget(null);
      const entry = { kind, window, value };
      entries.set(id, entry);
      value.catch(() => {
        if (entries.get(id) === entry) entries.delete(id);
      });
      return value;
    },
    bounded<T>(kind: ChangeKind, limit: number): BoundedPages<T> {
      const kept = new Map<string, Promise<T>>();
      groups.push({ kind, entries: kept });
      return {
        keeping: () => subscription.live,
        get(key, build) {
          if (!subscription.live) return build();
          const cached = kept.get(key);
          if (cached) {
            // A Map keeps insertion order: moved to the end, the key is the last to be forgotten.
            kept.delete(key);
            kept.set(key, cached);
            return cached;
          }
          const value = build();
          const oldest = kept.size >= limit ? kept.keys().next().value : undefined;
          if (oldest !== undefined) kept.delete(oldest);
          kept.set(key, value);
          value.catch(() => {
            if (kept.get(key) === value) kept.delete(key);
          });
          return value;
        },
      };
    },
    settle: () => subscription.settle(),
    close: () => subscription.close(),
  };
}
