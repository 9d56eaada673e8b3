import type { FastifyBaseLogger } from 'fastify';
import type { SharedPages } from '#server/db/notifications/shared-pages.ts';

/** Each process's settles still under way, by its shared pages. */
const underWay = new WeakMap<SharedPages, Set<Promise<void>>>();

/**
 * Settles the shared pages after a change without making its caller wait (a vote answers after
 * its one statement). What the caller could notice is this process serving the page from before
 * the change to the caller's next request: the shared community pages wait for `settled` first, so
 * they are never older than a change this process has answered (decision 013). Other processes
 * follow on the change's notification, as they do for any change.
 */
export function settleSoon(pages: SharedPages, log: FastifyBaseLogger): void {
  const settles = underWay.get(pages) ?? new Set();
  underWay.set(pages, settles);
  const settle = pages
    .settle()
    .catch((error: unknown) => log.warn({ err: error }, 'could not settle the shared pages'))
    .finally(() => settles.delete(settle));
  settles.add(settle);
}

/** Resolves once every settle this process had under way when called has ended. */
export async function settled(pages: SharedPages): Promise<void> {
  const settles = underWay.get(pages);
  if (settles && settles.size > 0) await Promise.all([...settles]);
}
