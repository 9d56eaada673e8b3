import {
  ErrorCode,
  fromUnits,
  type LedgerEvent,
  type Transaction as LedgerRow,
  toUnits,
  walletMessages,
} from '@btcp/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DatabaseOrTransaction, Transaction } from '#server/db/client.ts';
import { transactions, wallets } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { MAX_BALANCE_UNITS } from '#server/lib/money.ts';
import { batchPublished, type Envelope, notification } from '#server/modules/realtime/index.ts';
import { countLedgerRows } from './ledger-totals.ts';

type TransactionType = (typeof transactions.$inferSelect)['transactionType'];

export interface LedgerEntry {
  userId: string;
  /** Exact decimal string, positive for credits, negative for debits (D10). */
  amount: string;
  type: TransactionType;
  description: string;
  /**
   * What a credit that would take the balance past MAX_BALANCE does. 'refuse' (a person asked for
   * it): a 400 naming the limit. 'cap' (an automatic credit the user did not ask to fail): only
   * what fits is credited, and the ledger row says so; the rest is forfeited.
   */
  atLimit: 'refuse' | 'cap';
  referredUserId?: string;
  adminId?: string;
  reason?: string;
  idempotencyKey?: string;
}

export interface LedgerResult {
  /** The row written, or null when nothing was credited (a zero amount, or a full wallet). */
  transaction: LedgerRow | null;
  /** What was actually credited, exactly as the ledger row records it. */
  amount: string;
  balance: string;
}

/** One of many automatic credits paid together by `creditMany`; each is capped at the limit. */
export interface BatchCredit {
  userId: string;
  /** The wallet's balance as the caller read it under its row lock (or unlocked, with a `gate`). */
  balance: string;
  /** Exact decimal string, zero or positive. */
  amount: string;
  type: TransactionType;
  description: string;
  /** Told with the event: the mining session this credit pays (see LedgerEvent). */
  mining?: LedgerEvent['mining'];
}

export const balanceLimitError = () =>
  new AppError(400, ErrorCode.balanceLimit, walletMessages.balanceLimit, {
    amount: walletMessages.balanceLimit,
  });

/** What a ledger row's description says when an automatic credit was capped at MAX_BALANCE. */
const CAPPED_NOTE = ' (capped at the balance limit)';

/**
 * The balance limit, for every change: what of `amount` a wallet holding `balance` takes. Past
 * MAX_BALANCE a refusing entry throws, a capping one takes what fits and its description says so.
 */
function fitToLimit<T extends { amount: string; description: string }>(
  balance: string,
  entry: T,
  atLimit: 'refuse' | 'cap',
): T {
  const room = MAX_BALANCE_UNITS - toUnits(balance);
  if (toUnits(entry.amount) <= room) return entry;
  if (atLimit === 'refuse') throw balanceLimitError();
  return { ...entry, amount: fromUnits(room), description: `${entry.description}${CAPPED_NOTE}` };
}

type Fitted = Omit<LedgerEntry, 'atLimit'>;

interface WrittenRow {
  id: string;
  user_id: string;
  amount: string;
  type: TransactionType;
  description: string;
  created_at: string;
  balance: string;
}

/**
 * The CTEs that change balances: the ledger rows and the new balances together, so a balance
 * always equals the sum of its transactions (D10); the CHECK constraints refuse a negative or
 * oversized result. A zero amount writes nothing. At most one entry per wallet (an UPDATE … FROM
 * applies one row of several). `alongside` adds the caller's own data-modifying CTEs (`name AS
 * (…)` each) to the same statement, so a set-wise credit costs no extra round trip (decision 014);
 * they come first, so that `gate` (a query of user ids, of one of them) can leave out the entries
 * of every other user.
 */
function entriesWritten(entries: Fitted[], at: Date | null, alongside: SQL[] = [], gate?: SQL) {
  const stamp = sql`coalesce(${at}::timestamptz, now())`;
  return sql`
    ${sql.join(alongside.map((cte) => sql`${cte}, `))} entry AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(entries)}::jsonb) AS entry(
        "userId" uuid, amount numeric, type text, description text, "referredUserId" uuid,
        "adminId" uuid, reason text, "idempotencyKey" text, mining jsonb)
      ${gate ? sql`WHERE entry."userId" IN (${gate})` : sql``}
    ), balances AS (
      UPDATE ${wallets} SET balance = ${wallets.balance} + entry.amount, updated_at = ${stamp}
      FROM entry WHERE ${wallets.userId} = entry."userId" AND entry.amount <> 0
      RETURNING ${wallets.userId} AS user_id, ${wallets.balance}::text AS balance
    ), ledger AS (
      INSERT INTO ${transactions} (user_id, amount, transaction_type, description,
        referred_user_id, admin_id, reason, idempotency_key, created_at)
      SELECT entry."userId", entry.amount, entry.type, entry.description, entry."referredUserId",
        entry."adminId", entry.reason, entry."idempotencyKey", ${stamp}
      FROM entry WHERE entry.amount <> 0
      RETURNING id, user_id, amount::text AS amount, transaction_type AS type, description,
        to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
    )`;
}

/** One statement that writes `entries` and answers the rows written (applyLedgerEntry's). */
async function writeEntries(
  tx: Transaction,
  entries: Fitted[],
  at: Date | null,
): Promise<WrittenRow[]> {
  const written = await tx.execute(sql`
    WITH ${entriesWritten(entries, at)}
    SELECT ledger.*, balances.balance FROM ledger JOIN balances USING (user_id)`);
  const rows = (written as unknown as { rows: WrittenRow[] }).rows;
  countLedgerRows(rows);
  return rows;
}

const toLedgerRow = (row: WrittenRow): LedgerRow => ({
  id: row.id,
  amount: row.amount,
  type: row.type,
  description: row.description,
  createdAt: row.created_at,
});

/** Decision 020: the one event every balance change sends to its owner's open pages. */
const ledgerEvent = (row: WrittenRow): LedgerEvent => ({
  type: 'ledger',
  balance: row.balance,
  transaction: toLedgerRow(row),
  mining: null,
});

/**
 * D10: one change of one balance (a Stop's rest, a referral bonus, an admin's adjustment). Locks
 * the wallet row, fits the amount to the limit, writes the row and the balance, and tells the
 * owner's open pages, all in the caller's transaction (so heard only if it commits).
 */
export async function applyLedgerEntry(tx: Transaction, entry: LedgerEntry): Promise<LedgerResult> {
  // Named: each pooled connection parses and plans it once (decision 013).
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.userId, sql.placeholder('userId')))
    .for('update')
    .prepare('lock_wallet')
    .execute({ userId: entry.userId });
  if (!wallet) throw new Error(`no wallet for user ${entry.userId}`);
  const { atLimit, ...rest } = entry;
  const [row] = await writeEntries(tx, [fitToLimit(wallet.balance, rest, atLimit)], null);
  if (!row) return { transaction: null, amount: fromUnits(0n), balance: wallet.balance };
  await tx.execute(sql`SELECT ${notification(entry.userId, ledgerEvent(row))}`);
  return { transaction: toLedgerRow(row), amount: row.amount, balance: row.balance };
}

/**
 * Work done in creditMany's statement (`alongside`, `report`): its data-modifying CTEs (`name AS
 * (…)`), a column of the answer (`expression AS "name"`) that tells what they did, and `read`,
 * which takes it from `reported`.
 */
export interface AlongsideWork<T> {
  ctes: SQL;
  report: SQL;
  read(reported: Record<string, unknown>): T;
}

/** What `creditMany` wrote for one wallet (none for a zero amount). */
export interface BatchCredited {
  userId: string;
  amount: string;
  balance: string;
}

/** Decision 020: each row's ledger event, as ledgerEvent makes it, in the statement that wrote it. */
const ledgerEvents = sql`
  coalesce(jsonb_agg(jsonb_build_object('userId', user_id, 'event', jsonb_build_object(
    'type', 'ledger', 'balance', balance, 'mining', mining, 'transaction', jsonb_build_object(
      'id', id, 'amount', amount, 'type', type, 'description', description,
      'createdAt', created_at)))), '[]'::jsonb)`;

/** The envelopes of `events` (a JSON array) whose user is one of `gate`'s. */
const eventsOf = (events: SQL, gate: SQL) => sql`
  (SELECT coalesce(jsonb_agg(envelope.item), '[]'::jsonb)
    FROM jsonb_array_elements(${events}) AS envelope(item)
    WHERE (envelope.item->>'userId')::uuid IN (${gate}))`;

/**
 * Decision 014: many automatic credits at once, set-wise, in one statement whatever their number:
 * every ledger row and balance, the caller's `alongside` CTEs, and every event in one batch and
 * one NOTIFY (`batchPublished`; the caller's own `events` after the ledger's). `report` adds the
 * caller's columns to the statement's one answer row (`expression AS "name"`, answered in
 * `reported`), for what its CTEs did. Rows are stamped `at`, or the database's time. The caller
 * has locked the wallets and read their balances in this transaction; each credit is capped at
 * what its wallet can still hold. With `gate` (a query of user ids that reads an `alongside` CTE),
 * only its users' credits and `events` are written and told: a batch of Stops runs it as one
 * statement of its own, whose CTE ends only the sessions unchanged since it read them unlocked
 * (its balances too: one that grew meanwhile past what the cap allowed fails the statement on
 * the balance's CHECK, and the Stops read again).
 */
export async function creditMany(
  db: DatabaseOrTransaction,
  credits: BatchCredit[],
  options: {
    at: Date | null;
    alongside?: SQL[];
    report?: SQL[];
    events?: Envelope[];
    gate?: SQL;
  },
): Promise<{ credited: BatchCredited[]; reported: Record<string, unknown> }> {
  if (credits.length === 0) return { credited: [], reported: {} };
  if (new Set(credits.map((credit) => credit.userId)).size !== credits.length) {
    throw new Error('creditMany: one credit per wallet');
  }
  const entries = credits.map(({ balance, mining, ...credit }) => ({
    ...fitToLimit(balance, credit, 'cap'),
    mining: mining ?? null,
  }));
  const { gate } = options;
  const events = sql`${JSON.stringify(options.events ?? [])}::jsonb`;
  const answer = await db.execute(sql`
    WITH ${entriesWritten(entries, options.at, options.alongside, gate)}, written AS (
      SELECT ledger.*, balances.balance, entry.mining
      FROM ledger JOIN balances USING (user_id) JOIN entry ON entry."userId" = ledger.user_id
    ), events AS (
      SELECT payload FROM (
        SELECT (${ledgerEvents} || ${gate ? eventsOf(events, gate) : events})::text AS payload
        FROM written
      ) built WHERE payload <> '[]'
    ), ${batchPublished}
    SELECT (SELECT coalesce(jsonb_agg(jsonb_build_object('userId', user_id, 'type', type,
        'amount', amount, 'balance', balance)), '[]'::jsonb) FROM written) AS written,
      (SELECT count(*) FROM notified) AS notified${sql.join(
        (options.report ?? []).map((column) => sql`, ${column}`),
      )}`);
  const [row] = (answer as unknown as { rows: Record<string, unknown>[] }).rows;
  const { written, notified: _, ...reported } = row ?? {};
  const rows = (written ?? []) as (BatchCredited & { type: string })[];
  countLedgerRows(rows);
  return {
    credited: rows.map(({ userId, amount, balance }) => ({ userId, amount, balance })),
    reported,
  };
}
