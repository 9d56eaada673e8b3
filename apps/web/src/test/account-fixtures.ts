import type { Account } from '@btcp/shared';

/** The member the account page tests sign in as; a test overrides what it is about. */
export const anAccount = (overrides: Partial<Account> = {}): Account => ({
  id: 'u1',
  email: 'miner@example.com',
  username: null,
  referralCode: 'ABCD2345',
  isBanned: false,
  isModerator: false,
  createdAt: '2025-03-01T10:00:00.000Z',
  twoFactorEnabled: false,
  showOnLeaderboard: false,
  ...overrides,
});
