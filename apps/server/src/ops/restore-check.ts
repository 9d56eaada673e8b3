// What a restore is checked for before an operator trusts it (README, "Backups and restore").
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '#server/db/client.ts';

export interface RestoreSummary {
  /** Rows in each table of schema public, by table name. */
  rowCounts: Record<string, number>;
  users: number;
  wallets: number;
  /** Wallets whose balance is not the sum of their transactions (D10); 0 means the ledger is exact. */
  ledgerMismatches: number;
}

function rowsOf<Row>(result: unknown): Row[] {
  // node-postgres and PGlite both answer db.execute with an object holding `rows`.
  return (result as { rows: Row[] }).rows;
}

export async function tableRowCounts(db: Database): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ count: number }>(
      await db.execute(sql`SELECT count(*)::int AS count FROM ${sql.identifier(name)}`),
    );
    counts[name] = row?.count ?? 0;
  }
  return counts;
}

/** How many wallets there are, and how many differ from the sum of their ledger rows. */
export async function checkLedger(db: Database): Promise<{ wallets: number; mismatches: number }> {
  const [row] = rowsOf<{ wallets: number; mismatches: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS wallets,
        count(*) FILTER (WHERE w.balance <> coalesce(s.total, 0))::int AS mismatches
      FROM wallets w
      LEFT JOIN (SELECT user_id, sum(amount) AS total FROM transactions GROUP BY user_id) s
        ON s.user_id = w.user_id`),
  );
  return { wallets: row?.wallets ?? 0, mismatches: row?.mismatches ?? 0 };
}

/**
 * Brings a restored database up to this server's schema (a newer server restoring an older
 * backup upgrades it, as a start would) and checks it.
 */
export async function checkRestoredDatabase(handle: DatabaseHandle): Promise<RestoreSummary> {
  await handle.migrate();
  const rowCounts = await tableRowCounts(handle.db);
  const ledger = await checkLedger(handle.db);
  return {
    rowCounts,
    users: rowCounts.users ?? 0,
    wallets: ledger.wallets,
    ledgerMismatches: ledger.mismatches,
  };
}

export function describeSummary(summary: RestoreSummary): string {
  const tables = Object.keys(summary.rowCounts).length;
  const ledger =
    summary.ledgerMismatches === 0
      ? 'the ledger is exact (every balance is the sum of its transactions)'
      : `the ledger is NOT exact: ${summary.ledgerMismatches} wallets differ from the sum of their transactions`;
  return `${tables} tables, ${summary.users} users, ${summary.wallets} wallets checked: ${ledger}.`;
}
