import { DecimalStringSchema, MAX_BALANCE } from './settings.ts';
import { z } from './zod.ts';

export const TransactionTypeSchema = z.enum([
  'MINING',
  'REFERRAL',
  'ADMIN_ADJUSTMENT',
  'STREAK_BONUS',
]);

export const TransactionSchema = z.object({
  id: z.string(),
  /** Signed exact decimal with 8 places: '1.66666667', '-5.00000000' (D10). */
  amount: z.string(),
  type: TransactionTypeSchema,
  description: z.string(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof TransactionSchema>;

export const WalletSchema = z.object({ balance: DecimalStringSchema });
export type Wallet = z.infer<typeof WalletSchema>;

export const TransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const TransactionsPageSchema = z.object({
  items: z.array(TransactionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TransactionsPage = z.infer<typeof TransactionsPageSchema>;

export const ReferralStatsSchema = z.object({
  referralCode: z.string(),
  /** Referred members who qualified (decision 033): each was paid the bonus, if one was due. */
  referrals: z.number().int(),
  /** Referred members still waiting to qualify: no bonus yet. */
  pendingReferrals: z.number().int(),
  /** Of those, how many have not verified their email yet. */
  pendingUnverified: z.number().int(),
  /**
   * The mined minutes of up to five verified members still mining toward the qualifying time,
   * furthest first: the progress the referrer can follow without learning who they are.
   */
  pendingMinedMinutes: z.array(z.number().int()),
  /** The mining a referred member needs, in minutes; 0 when verifying is enough (D12). */
  qualifyingMinutes: z.number().int(),
  /** Sum of REFERRAL transactions, 8 decimals. */
  earnings: DecimalStringSchema,
});
export type ReferralStats = z.infer<typeof ReferralStatsSchema>;

export const walletMessages = {
  /** D13: sending and receiving open with the official launch; the buttons say so on their face. */
  availableIn2027: 'Available in 2027',
  errorLoadingWallet: 'Error loading wallet',
  errorLoadingTransactions: 'Error loading transactions',
  invalidBalance: 'Invalid balance',
  invalidBalanceDescription: 'Please enter a valid positive number',
  invalidAmount: 'Invalid amount',
  insufficientBalance: 'Insufficient balance',
  insufficientBalanceDescription: 'Cannot subtract more than current balance',
  failedToAdjust: 'Failed to adjust balance',
  failedToLoad: 'Failed to load wallet data',
  balanceLimit: `A balance cannot exceed ${MAX_BALANCE.replace(/\B(?=(\d{3})+\.)/g, ',')} BTCP`,
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request: send a new key for a new change',
} as const;

/** Events on GET /api/events (Server-Sent Events), one JSON object per `data:` line. */
export const RealtimeEventSchema = z.discriminatedUnion('type', [
  /**
   * Every change of a balance, whoever made it (the crediting job, a Stop, a referral, an admin):
   * the ledger row and the new balance (decision 020). `mining` names the session a reward of the
   * crediting job paid and its paid seconds so far; it is null for every other change.
   */
  z.object({
    type: z.literal('ledger'),
    balance: z.string(),
    transaction: TransactionSchema,
    mining: z.object({ sessionId: z.string(), totalMiningSeconds: z.number().int() }).nullable(),
  }),
  z.object({ type: z.literal('mining'), active: z.boolean(), sessionId: z.string().nullable() }),
  /** The member's unread notifications changed (a new one, or some were read): how many now. */
  z.object({ type: z.literal('notifications'), unread: z.number().int().min(0) }),
]);
export type RealtimeEvent = z.infer<typeof RealtimeEventSchema>;
export type LedgerEvent = Extract<RealtimeEvent, { type: 'ledger' }>;

export const AdminWalletSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  /** "Member #<memberTag>" names the account while it has no username (decision 055). */
  memberTag: z.string(),
  balance: z.string(),
});
export type AdminWallet = z.infer<typeof AdminWalletSchema>;

export const AdminWalletsQuerySchema = z.object({
  search: z.string().trim().max(254).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const AdminWalletsPageSchema = z.object({
  items: z.array(AdminWalletSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminWalletsPage = z.infer<typeof AdminWalletsPageSchema>;

export const AdjustBalanceBodySchema = z.object({
  mode: z.enum(['set', 'add', 'subtract']),
  amount: DecimalStringSchema,
  reason: z.string().trim().max(500).optional(),
});
export type AdjustBalanceBody = z.infer<typeof AdjustBalanceBodySchema>;

export const AdjustBalanceResultSchema = z.object({
  balance: z.string(),
  delta: z.string(),
  applied: z.boolean(),
});
export type AdjustBalanceResult = z.infer<typeof AdjustBalanceResultSchema>;
