import { type SQL, sql } from 'drizzle-orm';

/**
 * D15 Hot, Reddit's formula:
 *
 *   hot = sign(s) · log10(max(|s|, 1)) + (created_epoch_seconds − 1134028003) / 45000
 *
 * where s = upvotes − downvotes. Votes count logarithmically (the first 10 weigh as much as the
 * next 90) while age counts linearly: every 45,000 s (12.5 h) of youth is worth a tenfold score.
 * So a post of today with a few votes passes a week-old one with many, yet among posts of the same
 * age the better-voted one leads. The rank of a post only changes when it is voted on, so it is
 * stored in community_posts.hot_rank and written in the same statement as the counters; the
 * migration 0002_community_hot_rank backfills it with this same formula.
 */
export const HOT_EPOCH_SECONDS = 1_134_028_003;
export const HOT_DECAY_SECONDS = 45_000;

/** The hot rank as SQL, from a score expression and a created_at expression. */
export function hotRankSql(score: SQL, createdAt: SQL): SQL {
  return sql`(sign(${score})::double precision * log(greatest(abs(${score}), 1)::double precision) + (extract(epoch from ${createdAt})::double precision - ${sql.raw(String(HOT_EPOCH_SECONDS))}) / ${sql.raw(String(HOT_DECAY_SECONDS))})`;
}
