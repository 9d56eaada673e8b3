import { ErrorCode, signUpMessages } from '@btcp/shared';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { networkOf } from '#server/lib/email-identity.ts';
import { signUpProtection } from './settings.ts';

/** Where a registration comes from: the client's address and its network (IPv4 /24, IPv6 /64). */
export interface SignUpSource {
  ip: string;
  network: string;
}

export const signUpSourceOf = (ip: string): SignUpSource => ({ ip, network: networkOf(ip) });

/**
 * Refuses (429) a registration from a network that registered its day's accounts already
 * (decision 031). Counted from the accounts themselves over the last 24 hours, by the database's
 * clock as `created_at` is written. Inside the registering transaction, the advisory lock on the
 * network makes concurrent registrations from it count one after another; it is held until commit.
 */
export async function enforceNetworkLimit(
  tx: DatabaseOrTransaction,
  source: SignUpSource,
  { lock }: { lock: boolean },
): Promise<void> {
  if (lock) {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`signup-network:${source.network}`}, 0))`,
    );
  }
  const { registrationsPerNetworkPerDay } = await signUpProtection.load(tx);
  const [row] = await tx
    .select({
      registered: count(),
      // When the oldest of them leaves the window, and a place is free again.
      freeInSeconds: sql<
        string | null
      >`ceil(extract(epoch from min(${users.createdAt}) + interval '24 hours' - now()))`,
    })
    .from(users)
    .where(
      and(
        eq(users.signupNetwork, source.network),
        gt(users.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  if ((row?.registered ?? 0) >= registrationsPerNetworkPerDay) {
    const retryAfter = Math.max(1, Number(row?.freeInSeconds ?? 1));
    throw new AppError(429, ErrorCode.rateLimited, signUpMessages.networkLimit, undefined, {
      'retry-after': String(retryAfter),
    });
  }
}
