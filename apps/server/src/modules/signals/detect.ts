import type { SignalKind } from '@btcp/shared';
import { type SQL, sql } from 'drizzle-orm';

/** Decision 033: a network is a cluster once this many accounts signed up from it lately. */
export const NETWORK_CLUSTER_MIN = 3;
const NETWORK_WINDOW_DAYS = 30;

/**
 * Decision 033: who belongs to which cluster, one row per (cluster, account), for every kind at
 * once or one kind. Deleted accounts belong to none (nobody can sign in to them, decision 029).
 * `label` says what the key is, for people; `note` is a held referral's reason.
 *
 * - network: sign-up networks with NETWORK_CLUSTER_MIN or more accounts in the last 30 days;
 * - referral_tree: a referrer and the members they referred from one network, when two or more
 *   came from it, or it is the referrer's own;
 * - mining_address: open mining sessions started from one address by two accounts or more;
 * - held_referral: a referral held for review, its referrer and referred member.
 */
export function clusterMembers(now: Date, kind?: SignalKind): SQL {
  const since = new Date(now.getTime() - NETWORK_WINDOW_DAYS * 86_400_000);
  const parts: Record<SignalKind, SQL> = {
    network: sql`
      SELECT 'network' AS kind, network AS key, network AS label, NULL::text AS note, id AS user_id
      FROM (
        SELECT u.signup_network AS network, u.id,
          count(*) OVER (PARTITION BY u.signup_network) AS n
        FROM users u
        WHERE u.signup_network IS NOT NULL AND u.created_at > ${since} AND u.deleted_at IS NULL
      ) recent
      WHERE n >= ${NETWORK_CLUSTER_MIN}`,
    referral_tree: sql`
      SELECT 'referral_tree' AS kind, grown.referrer::text || ' ' || grown.network AS key,
        'Referred by ' || ref.email || ' from ' || grown.network AS label, NULL::text AS note,
        member.id AS user_id
      FROM (
        SELECT DISTINCT tree.referrer, tree.network FROM (
          SELECT p.referred_by AS referrer, ru.signup_network AS network,
            count(*) OVER (PARTITION BY p.referred_by, ru.signup_network) AS n
          FROM profiles p JOIN users ru ON ru.id = p.id
          WHERE p.referred_by IS NOT NULL AND ru.signup_network IS NOT NULL
            AND ru.deleted_at IS NULL
        ) tree JOIN users owner ON owner.id = tree.referrer
        WHERE tree.n >= 2 OR tree.network = owner.signup_network
      ) grown
      JOIN users ref ON ref.id = grown.referrer AND ref.deleted_at IS NULL
      CROSS JOIN LATERAL (
        SELECT grown.referrer AS id
        UNION ALL
        SELECT p.id FROM profiles p JOIN users ru ON ru.id = p.id
        WHERE p.referred_by = grown.referrer AND ru.signup_network = grown.network
          AND ru.deleted_at IS NULL
      ) member`,
    mining_address: sql`
      SELECT 'mining_address' AS kind, ip AS key, ip AS label, NULL::text AS note, user_id
      FROM (
        SELECT ms.ip, ms.user_id, count(*) OVER (PARTITION BY ms.ip) AS n
        FROM mining_sessions ms WHERE ms.ip IS NOT NULL
      ) open
      WHERE n >= 2`,
    held_referral: sql`
      SELECT 'held_referral' AS kind, p.referred_user_id::text AS key,
        ru.email || ', referred by ' || ref.email AS label, p.held_reason AS note, member.id AS user_id
      FROM pending_referrals p
      JOIN users ru ON ru.id = p.referred_user_id AND ru.deleted_at IS NULL
      JOIN users ref ON ref.id = p.referrer_id
      CROSS JOIN LATERAL (VALUES (p.referrer_id), (p.referred_user_id)) AS member(id)
      WHERE p.held_at IS NOT NULL AND ref.deleted_at IS NULL`,
  };
  if (kind) return parts[kind];
  return sql.join(
    Object.values(parts).map((part) => sql`(${part})`),
    sql` UNION ALL `,
  );
}

/**
 * The accounts of every open cluster: one not reviewed yet, or grown since its review (as the
 * Signals list shows them, decision 033). D28 leaves them off the leaderboard.
 */
export function openClusterMembers(now: Date): SQL {
  return sql`
    SELECT c.user_id FROM (
      SELECT m.kind, m.key, m.user_id, count(*) OVER (PARTITION BY m.kind, m.key) AS n
      FROM (${clusterMembers(now)}) m
    ) c
    LEFT JOIN signal_reviews r ON r.kind = c.kind AND r.key = c.key
    WHERE r.id IS NULL OR c.n > r.accounts`;
}
