import type { FastifyInstance } from 'fastify';
import { purgeExpiredSessions } from '#server/modules/auth/index.ts';
import { purgeOrphanMedia } from '#server/modules/media/index.ts';
import { closeStaleSessions, creditDueRewards } from '#server/modules/mining/index.ts';
import { purgeOldReadNotifications } from '#server/modules/notifications/index.ts';
import { purgeExpiredChallenges } from '#server/modules/passkeys/index.ts';
import { purgeExpiredProofs, takeDailySnapshot } from '#server/modules/proofs/index.ts';
import { purgeOldPushCounts, queueStreakReminders } from '#server/modules/push/index.ts';
import { purgeOldBatches } from '#server/modules/realtime/index.ts';
import { sweepQualifiedReferrals } from '#server/modules/referrals/index.ts';
import { purgeSpentProofs } from '#server/modules/sign-up/index.ts';
import type { Database } from './db/client.ts';
import { countHit, hitOf, purgeOldRateLimitWindows } from './lib/rate-limit.ts';

const MAINTENANCE_EVERY_MS = 10 * 60_000;
const STALE_MINING_CHECK_MS = 15_000;
const DAILY_SNAPSHOT_CHECK_MS = 60_000;
/** Decision 014: a reward is paid within a second of falling due. */
export const CREDIT_TICK_MS = 1000;

/**
 * Housekeeping on a timer inside the server, so a deployment needs no scheduler of its own: plain
 * deletes of expired rows, run each window by one of the processes (claimsTick). Returns what stops the timers and
 * waits for a run under way, so that the shutdown does not close the database beneath it.
 */
export function startMaintenanceJobs(app: FastifyInstance): () => Promise<void> {
  const maintenance = everyInterval(MAINTENANCE_EVERY_MS, async () => {
    const now = app.clock.now();
    try {
      if (!(await claimsTick(app.db, 'maintenance', MAINTENANCE_EVERY_MS, now))) return;
      await purgeExpiredSessions(app.db, now);
      await purgeOldRateLimitWindows(app.db, now);
      await purgeOrphanMedia(app.db, app.mediaStorage, now);
      await purgeOldBatches(app.db, now);
      await purgeOldReadNotifications(app.db, now);
      await purgeExpiredChallenges(app.db, now);
      // Decision 033: referrals a busy wallet held back, or that qualify without new mining.
      await sweepQualifiedReferrals(app.db);
      await purgeSpentProofs(app.db, now);
      await purgeExpiredProofs(app.db, now);
      await purgeOldPushCounts(app.db, now);
      // Decision 063: one process a run; streak_reminded_on keeps it to one a day per member.
      await queueStreakReminders(app.db, now);
    } catch (error) {
      app.log.warn({ err: error }, 'maintenance job failed; it will run again');
    }
  });
  // D11: stale mining sessions are closed within seconds of going stale; one session that cannot
  // be settled is logged by closeStaleSessions and never holds up the others.
  const staleMining = everyInterval(STALE_MINING_CHECK_MS, async () => {
    try {
      await closeStaleSessions(app.db, app.clock.now(), app.log);
    } catch (error) {
      app.log.warn({ err: error }, 'closing stale mining sessions failed; it will run again');
    }
  });
  // Decision 014: every process runs it; each due reward is locked by one of them and paid once.
  const crediting = everyInterval(CREDIT_TICK_MS, async () => {
    try {
      const paid = await creditDueRewards(app.db, app.clock.now(), await app.settings.get());
      app.creditingMonitor.tickCompleted(paid);
    } catch (error) {
      app.log.warn({ err: error }, 'crediting mining rewards failed; the next tick tries again');
    }
  });
  // Decision 053: every process asks each minute; the first after 00:00 UTC takes the day's snapshot.
  const dailySnapshot = everyInterval(DAILY_SNAPSHOT_CHECK_MS, async () => {
    try {
      await takeDailySnapshot({ db: app.db, config: app.config, clock: app.clock });
    } catch (error) {
      app.log.warn(
        { err: error },
        'the daily proof-of-balances snapshot failed; the next minute tries again',
      );
    }
  });
  return async () => {
    await Promise.all([
      maintenance.stop(),
      staleMining.stop(),
      crediting.stop(),
      dailySnapshot.stop(),
    ]);
  };
}

/**
 * Whether this process takes the run of `job` in the window of `everyMs` that `now` falls in: the
 * first of every process, on every machine, to count itself in that window's row of
 * rate_limit_hits does (windows are aligned to the epoch, so all agree; docs/scaling.md). Each
 * process ticks once a window, so one run a window is made, even with one process left.
 */
export async function claimsTick(db: Database, job: string, everyMs: number, now: Date) {
  const hit = hitOf({ name: `job:${job}`, max: 1, windowSeconds: everyMs / 1000 }, 'run', now);
  return (await countHit(db, hit)) === 1;
}

/** Runs `job` every `ms` (never two runs at once); `stop()` ends the timer and awaits a run. */
function everyInterval(ms: number, job: () => Promise<void>) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= job().finally(() => {
      running = null;
    });
  }, ms);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
