export {
  type AlongsideWork,
  applyLedgerEntry,
  type BatchCredit,
  creditMany,
} from './ledger.ts';
export { ledgerTotals } from './ledger-totals.ts';
export { walletRoutes } from './routes.ts';
