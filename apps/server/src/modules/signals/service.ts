import {
  type BanSignalBody,
  type DismissSignalBody,
  SIGNAL_ACCOUNTS_SHOWN,
  type SignalAccount,
  type SignalCluster,
  type SignalKind,
  type Staff,
  signalMessages,
} from '@btcp/shared';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '#server/db/client.ts';
import { pendingReferrals, sessions, signalReviews } from '#server/db/schema.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { memberTag } from '#server/lib/member-tag.ts';
import { audit } from '#server/modules/audit/index.ts';
import { closeSessionOfUser } from '#server/modules/mining/index.ts';
import { applyUserFlags } from '#server/modules/moderation/index.ts';
import { queueMiningStopped } from '#server/modules/push/index.ts';
import { payQualifiedReferrals } from '#server/modules/referrals/index.ts';
import { loadSettings } from '#server/modules/settings/index.ts';
import { clusterMembers } from './detect.ts';

/** How many clusters the list shows, largest first, and how many accounts one Ban all takes. */
const CLUSTERS_SHOWN = 100;
const BAN_AT_MOST = 1000;

type Rows<T> = { rows: T[] };

interface ClusterRow {
  kind: SignalKind;
  key: string;
  label: string;
  note: string | null;
  n: number;
  ids: string[];
}

/**
 * Decision 033: the clusters to review, largest first, each with its newest accounts. A reviewed
 * cluster shows again only once it has more accounts than when it was reviewed.
 */
export async function listSignals(db: Database, now: Date): Promise<SignalCluster[]> {
  const found = await db.execute(sql`
    WITH member AS (${clusterMembers(now)}),
    cluster AS (
      SELECT m.kind, m.key, min(m.label) AS label, min(m.note) AS note, count(*)::int AS n,
        (array_agg(m.user_id::text ORDER BY u.created_at DESC, u.id DESC))[1:${SIGNAL_ACCOUNTS_SHOWN}] AS ids
      FROM member m JOIN users u ON u.id = m.user_id
      GROUP BY m.kind, m.key
    )
    SELECT c.* FROM cluster c
    LEFT JOIN ${signalReviews} r ON r.kind = c.kind AND r.key = c.key
    WHERE r.id IS NULL OR c.n > r.accounts
    ORDER BY c.n DESC, c.kind, c.key
    LIMIT ${CLUSTERS_SHOWN}`);
  const clusters = (found as unknown as Rows<ClusterRow>).rows;
  const accounts = await accountsOf(db, [...new Set(clusters.flatMap((c) => c.ids))]);
  return clusters.map((cluster) => ({
    kind: cluster.kind,
    key: cluster.key,
    label: cluster.label,
    note: cluster.note,
    // A referral tree's key is the referrer's id and the network (detect.ts).
    referrerId: cluster.kind === 'referral_tree' ? (cluster.key.split(' ')[0] ?? null) : null,
    accountCount: cluster.n,
    accounts: cluster.ids.flatMap((id) => accounts.get(id) ?? []),
  }));
}

interface AccountRow {
  id: string;
  email: string;
  username: string | null;
  created_at: string;
  verified: boolean;
  banned: boolean;
  deleted: boolean;
  balance: string | null;
  mining: boolean;
}

async function accountsOf(db: Database, ids: string[]): Promise<Map<string, SignalAccount>> {
  if (ids.length === 0) return new Map();
  const found = await db.execute(sql`
    SELECT u.id::text, u.email, p.username,
      to_char(u.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
      u.email_verified_at IS NOT NULL AS verified, p.is_banned AS banned,
      u.deleted_at IS NOT NULL AS deleted, w.balance::text AS balance,
      EXISTS (SELECT 1 FROM mining_sessions ms WHERE ms.user_id = u.id) AS mining
    FROM users u JOIN profiles p ON p.id = u.id LEFT JOIN wallets w ON w.user_id = u.id
    WHERE u.id::text = ANY(${`{${ids.join(',')}}`}::text[])`);
  const rows = (found as unknown as Rows<AccountRow>).rows;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        email: row.email,
        username: row.username,
        memberTag: memberTag(row.id),
        createdAt: row.created_at,
        status: row.deleted
          ? 'deleted'
          : row.banned
            ? 'banned'
            : row.verified
              ? 'active'
              : 'unverified',
        balance: row.balance ?? '0.00000000',
        miningNow: row.mining,
      },
    ]),
  );
}

/** Every account of one cluster as it is now (at most BAN_AT_MOST, newest first); none if unknown. */
async function membersOf(tx: Transaction, kind: SignalKind, key: string, now: Date) {
  const found = await tx.execute(sql`
    SELECT m.user_id::text AS id FROM (${clusterMembers(now, kind)}) m
    JOIN users u ON u.id = m.user_id
    WHERE m.key = ${key}
    ORDER BY u.created_at DESC
    LIMIT ${BAN_AT_MOST}`);
  const ids = (found as unknown as Rows<{ id: string }>).rows.map((row) => row.id);
  if (ids.length === 0) throw notFound(signalMessages.unknownCluster);
  return [...new Set(ids)];
}

/** The admin's answer, kept with the cluster's size so that growth shows it again. */
async function recordReview(
  tx: Transaction,
  staff: Staff,
  review: { kind: SignalKind; key: string; accounts: number; outcome: 'banned' | 'dismissed' },
  reason: string | null,
  now: Date,
) {
  const values = { ...review, reason, adminId: staff.id, createdAt: now };
  await tx
    .insert(signalReviews)
    .values(values)
    .onConflictDoUpdate({ target: [signalReviews.kind, signalReviews.key], set: values });
}

/**
 * Decision 033: the ban of a cluster, in one transaction, of the accounts staff chose from it (any
 * they left out stay as they are). Each is banned as a single ban does it (audited, logged with the
 * reason, its event streams ended), and further its sessions end and its mining stops, paid as Stop
 * pays; its referrals, either side, never pay. The cluster is then hidden until it grows.
 */
export async function banCluster(db: Database, staff: Staff, body: BanSignalBody, now: Date) {
  return db.transaction(async (tx) => {
    const members = await membersOf(tx, body.kind, body.key, now);
    const ids = [...new Set(body.accountIds)];
    if (!ids.every((id) => members.includes(id))) throw badRequest(signalMessages.notInCluster);
    let banned = 0;
    const stopped: string[] = [];
    for (const id of ids) {
      if (await applyUserFlags(tx, staff, id, { isBanned: true, reason: body.reason }, now)) {
        banned++;
      }
      if (await closeSessionOfUser(tx, id, now)) stopped.push(id);
    }
    await tx.delete(sessions).where(inArray(sessions.userId, ids));
    // Decision 063: those who were mining hear of it on their devices, if they asked to.
    await queueMiningStopped(tx, stopped);
    await tx
      .delete(pendingReferrals)
      .where(
        or(
          inArray(pendingReferrals.referredUserId, ids),
          inArray(pendingReferrals.referrerId, ids),
        ),
      );
    const review = {
      kind: body.kind,
      key: body.key,
      accounts: members.length,
      outcome: 'banned' as const,
    };
    await recordReview(tx, staff, review, body.reason ?? null, now);
    await audit(
      tx,
      staff,
      'signals.ban',
      { type: 'signal', id: `${body.kind}:${body.key}` },
      { accounts: ids, leftOut: members.filter((id) => !ids.includes(id)), reason: body.reason },
    );
    return { message: signalMessages.banned(banned), accounts: banned };
  });
}

/**
 * Decision 033: "Looks fine". The cluster is hidden until it grows; a held referral's hold is
 * lifted and it is paid at once if it already qualifies.
 */
export async function dismissCluster(
  db: Database,
  staff: Staff,
  body: DismissSignalBody,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const ids = await membersOf(tx, body.kind, body.key, now);
    const review = {
      kind: body.kind,
      key: body.key,
      accounts: ids.length,
      outcome: 'dismissed' as const,
    };
    await recordReview(tx, staff, review, null, now);
    await audit(
      tx,
      staff,
      'signals.dismiss',
      { type: 'signal', id: `${body.kind}:${body.key}` },
      {
        accounts: ids,
      },
    );
    if (body.kind === 'held_referral') {
      await tx
        .update(pendingReferrals)
        .set({ heldAt: null, heldReason: null })
        .where(eq(pendingReferrals.referredUserId, body.key));
      await payQualifiedReferrals(tx, await loadSettings(tx), [body.key]);
    }
    return { message: signalMessages.dismissed, accounts: ids.length };
  });
}
