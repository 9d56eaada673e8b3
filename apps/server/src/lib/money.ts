import { MAX_BALANCE, toUnits } from '@btcp/shared';

/**
 * The server's money rules (D10) on top of the shared exact arithmetic (packages/shared
 * decimal.ts: toUnits, fromUnits, integer units of 10^-8, no float ever).
 */

/** MAX_BALANCE in units: the most any wallet may hold. */
export const MAX_BALANCE_UNITS = toUnits(MAX_BALANCE);

/** Decision 007's cumulative mining value, shared with the browser that shows it accruing. */
export { miningValue } from '@btcp/shared';
