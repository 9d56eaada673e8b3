import { and, gte, lt, sql } from 'drizzle-orm';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { pushDeliveryCounts } from '#server/db/schema.ts';

/** What became of one attempt: sent, the device gone (404/410), tried again later, or given up. */
export const pushOutcomes = ['delivered', 'gone', 'retry', 'dropped'] as const;
export type PushOutcome = (typeof pushOutcomes)[number];

/** This process's attempts by outcome since it started, for /metrics. */
const attempts = new Map<PushOutcome, number>(pushOutcomes.map((outcome) => [outcome, 0]));
export const pushAttemptTotals = (): ReadonlyMap<PushOutcome, number> => attempts;

const KEPT_MS = 24 * 60 * 60_000;

/**
 * Counts a batch's outcomes: in this process's totals, and in the minute's row every process adds
 * to (delivered, and every other outcome as a failure), which the System card reads.
 */
export async function countOutcomes(db: DatabaseOrTransaction, outcomes: PushOutcome[], now: Date) {
  if (outcomes.length === 0) return;
  for (const outcome of outcomes) attempts.set(outcome, (attempts.get(outcome) ?? 0) + 1);
  const delivered = outcomes.filter((outcome) => outcome === 'delivered').length;
  const failed = outcomes.length - delivered;
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await db
    .insert(pushDeliveryCounts)
    .values({ minute, delivered, failed })
    .onConflictDoUpdate({
      target: pushDeliveryCounts.minute,
      set: {
        delivered: sql`${pushDeliveryCounts.delivered} + ${delivered}`,
        failed: sql`${pushDeliveryCounts.failed} + ${failed}`,
      },
    });
}

/** The System card's figures: deliveries and failures in the hour before `now`, every process together. */
export async function pushLastHour(db: Database, now: Date) {
  const [row] = await db
    .select({
      delivered: sql<number>`coalesce(sum(${pushDeliveryCounts.delivered}), 0)::int`,
      failed: sql<number>`coalesce(sum(${pushDeliveryCounts.failed}), 0)::int`,
    })
    .from(pushDeliveryCounts)
    .where(
      and(
        gte(pushDeliveryCounts.minute, new Date(now.getTime() - 60 * 60_000)),
        lt(pushDeliveryCounts.minute, new Date(now.getTime() + 60_000)),
      ),
    );
  return { delivered: row?.delivered ?? 0, failed: row?.failed ?? 0 };
}

/** Maintenance: the per-minute rows are kept a day. */
export async function purgeOldPushCounts(db: Database, now: Date) {
  await db
    .delete(pushDeliveryCounts)
    .where(lt(pushDeliveryCounts.minute, new Date(now.getTime() - KEPT_MS)));
}
