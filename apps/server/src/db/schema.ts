/**
 * The whole data model, one file per module under schema/ (drizzle.config.ts reads it from here).
 * Invariants live in the tables as constraints so that no code path, present or future, can break
 * them: one mining session per user, one vote per user and item, balances never negative, money as
 * numeric(20,8) (D10).
 */
export * from './schema/accounts.ts';
export * from './schema/audit.ts';
export * from './schema/blog.ts';
export * from './schema/community.ts';
export * from './schema/factors.ts';
export * from './schema/fairness.ts';
export * from './schema/mail.ts';
export * from './schema/media.ts';
export * from './schema/mining.ts';
export * from './schema/proofs.ts';
export * from './schema/push.ts';
export * from './schema/rate-limits.ts';
export * from './schema/realtime.ts';
export * from './schema/settings.ts';
export * from './schema/wallet.ts';
