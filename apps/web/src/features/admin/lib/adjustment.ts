import { parseCoinAmount, toUnits } from '@btcp/shared/decimal';
import { type AdjustBalanceBody, walletMessages } from '@btcp/shared/wallet';

export type AdjustMode = AdjustBalanceBody['mode'];

export interface Refusal {
  title: string;
  description?: string;
}

const tooManyDecimals = 'Use at most 8 decimal places.';

/**
 * The browser's pre-check of an amount, with the product's words. It only saves a round trip: the
 * server checks again and computes the new balance itself (D1).
 */
export function checkAdjustment(
  mode: AdjustMode,
  input: string,
  balance: string,
): { ok: true; amount: string } | ({ ok: false } & Refusal) {
  const parsed = parseCoinAmount(input);
  if (mode === 'set') {
    if (parsed.ok) return parsed;
    return {
      ok: false,
      title: walletMessages.invalidBalance,
      description:
        parsed.reason === 'too-many-decimals'
          ? tooManyDecimals
          : walletMessages.invalidBalanceDescription,
    };
  }
  if (!parsed.ok || toUnits(parsed.amount) === 0n) {
    return {
      ok: false,
      title: walletMessages.invalidAmount,
      description:
        !parsed.ok && parsed.reason === 'too-many-decimals'
          ? tooManyDecimals
          : 'Please enter an amount greater than 0',
    };
  }
  if (mode === 'subtract' && toUnits(parsed.amount) > toUnits(balance)) {
    return {
      ok: false,
      title: walletMessages.insufficientBalance,
      description: walletMessages.insufficientBalanceDescription,
    };
  }
  return parsed;
}

/** The success toast, with the amount as the admin typed it; D20 names the coin BTCP. */
export function adjustmentDoneMessage(mode: AdjustMode, amount: string, email: string): string {
  const coins = `${amount} BTCP`;
  if (mode === 'add') return `Added ${coins} to ${email}`;
  if (mode === 'subtract') return `Subtracted ${coins} from ${email}`;
  return `Set balance of ${email} to ${coins}`;
}
