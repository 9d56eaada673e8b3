/** Decision 033: Signals, the clusters of accounts an admin reviews in /admin/users. */
import { ModerationReasonSchema } from './moderation-log-schemas.ts';
import { z } from './zod.ts';

export const SIGNAL_KINDS = [
  'network',
  'referral_tree',
  'mining_address',
  'held_referral',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** How many accounts a cluster lists (newest first); `accountCount` tells them all. */
export const SIGNAL_ACCOUNTS_SHOWN = 50;

export const signalMessages = {
  empty: 'No signals right now',
  emptyDescription: 'Clusters of accounts that may be farmed show here for review.',
  loadFailed: 'Failed to load signals',
  unknownCluster: 'This cluster no longer exists. Reload the signals.',
  banned: (count: number) => `Banned ${count} ${count === 1 ? 'account' : 'accounts'}`,
  dismissed: 'Marked as fine',
  reasonRequired: 'Enter a reason for the ban',
  noneChosen: 'Choose at least one account to ban',
  notInCluster: 'An account chosen is not in this cluster. Reload the signals.',
  banCount: (count: number) => `Ban ${count} ${count === 1 ? 'account' : 'accounts'}`,
} as const;

export const SignalAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  /** "Member #<memberTag>" names the account while it has no username (decision 055). */
  memberTag: z.string(),
  createdAt: z.string(),
  status: z.enum(['active', 'unverified', 'banned', 'deleted']),
  balance: z.string(),
  miningNow: z.boolean(),
});
export type SignalAccount = z.infer<typeof SignalAccountSchema>;

export const SignalClusterSchema = z.object({
  kind: z.enum(SIGNAL_KINDS),
  key: z.string(),
  /** What the key means, for people: a network, an address, a referrer and a network. */
  label: z.string(),
  accountCount: z.number().int(),
  accounts: z.array(SignalAccountSchema),
  /** A held referral's reason, else null. */
  note: z.string().nullable(),
  /** A referral tree's referrer, who starts left out of a ban; null for other kinds. */
  referrerId: z.string().nullable(),
});
export type SignalCluster = z.infer<typeof SignalClusterSchema>;

export const SignalsSchema = z.object({ clusters: z.array(SignalClusterSchema) });
export type Signals = z.infer<typeof SignalsSchema>;

const ClusterRefSchema = z.object({
  kind: z.enum(SIGNAL_KINDS, 'Unknown kind of signal'),
  key: z.string().trim().min(1, 'Missing cluster key').max(200, 'Cluster key too long'),
});

export const BanSignalBodySchema = ClusterRefSchema.extend({
  // Banning many at once always says why: the reason goes to each ban's log entry.
  reason: ModerationReasonSchema.unwrap().min(1, signalMessages.reasonRequired),
  // The accounts to ban, from those the cluster lists: staff may leave any of them out.
  accountIds: z
    .array(z.uuid('Not a valid account id'))
    .min(1, signalMessages.noneChosen)
    .max(SIGNAL_ACCOUNTS_SHOWN, `At most ${SIGNAL_ACCOUNTS_SHOWN} accounts at once`),
});
export type BanSignalBody = z.infer<typeof BanSignalBodySchema>;

export const DismissSignalBodySchema = ClusterRefSchema;
export type DismissSignalBody = z.infer<typeof DismissSignalBodySchema>;

export const SignalReviewResultSchema = z.object({
  message: z.string(),
  accounts: z.number().int(),
});
