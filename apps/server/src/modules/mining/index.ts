export { creditDueRewards } from './crediting.ts';
export { type CreditingMonitor, createCreditingMonitor } from './crediting-monitor.ts';
export { miningRoutes } from './routes.ts';
export { closeSessionOfUser, closeStaleSessions } from './sessions.ts';
export { settingsRoutes } from './settings-routes.ts';
export { dayOf, type StreakState, streakOn } from './streak-rules.ts';
export { shownDayColumns } from './streaks.ts';
