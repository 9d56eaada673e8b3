import { toUnits } from '@btcp/shared';

type Direction = 'credited' | 'debited';

/**
 * What the ledger statement of this process has credited and debited since it started, by
 * transaction type, in units of 10⁻⁸ (exact), for the metrics (docs/decisions/032). Counted when
 * the statement succeeds: a transaction that then fails to commit (rare) is still counted, so
 * these are figures to watch, never to reconcile with; the ledger itself is the record.
 */
const totals: Record<Direction, Map<string, bigint>> = {
  credited: new Map(),
  debited: new Map(),
};

export function countLedgerRows(rows: readonly { type: string; amount: string }[]): void {
  for (const row of rows) {
    const units = toUnits(row.amount);
    const [direction, size] =
      units >= 0n ? (['credited', units] as const) : (['debited', -units] as const);
    const byType = totals[direction];
    byType.set(row.type, (byType.get(row.type) ?? 0n) + size);
  }
}

/** The totals so far in BTCP, by type (a float: close enough for a graph). */
export function ledgerTotals(direction: Direction): [type: string, btcp: number][] {
  return [...totals[direction]].map(([type, units]) => [type, Number(units) / 1e8]);
}
