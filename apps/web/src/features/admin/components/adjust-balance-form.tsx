import { formatCoinAmount } from '@btcp/shared/decimal';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { type AdjustMode, checkAdjustment } from '../lib/adjustment.ts';

const modeTexts: Record<AdjustMode, { label: string; submit: string; busy: string; min: string }> =
  {
    set: { label: 'New balance', submit: 'Set Balance', busy: 'Setting...', min: '0' },
    add: { label: 'Amount to add', submit: 'Add Coins', busy: 'Adding...', min: '0.00000001' },
    subtract: {
      label: 'Amount to remove',
      submit: 'Remove Coins',
      busy: 'Removing...',
      min: '0.00000001',
    },
  };

export const REASON_MAX_LENGTH = 500;

interface AdjustBalanceFormProps {
  mode: AdjustMode;
  balance: string;
  busy: boolean;
  onSubmit: (amount: string, reason: string) => void;
}

/** One tab of the wallet dialog: an amount in BTCP and an optional reason for the audit trail. */
export function AdjustBalanceForm({ mode, balance, busy, onSubmit }: AdjustBalanceFormProps) {
  const texts = modeTexts[mode];
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  // Shown under the amount, like every other form's errors: the product's title and text.
  const [error, setError] = useState<string | undefined>(undefined);
  const amountInput = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkAdjustment(mode, amount, balance);
    if (!checked.ok) {
      setError(`${checked.title}: ${checked.description}`);
      amountInput.current?.focus();
      return;
    }
    setError(undefined);
    onSubmit(checked.amount, reason.trim());
  };

  return (
    // noValidate: the browser's own bubbles would pre-empt the product's messages for min and max.
    <form onSubmit={submit} noValidate className="grid gap-4">
      <FormField
        label={`${texts.label} (BTCP)`}
        error={error}
        hint={
          mode === 'subtract' ? `At most ${formatCoinAmount(balance)} BTCP.` : 'Up to 8 decimals.'
        }
      >
        {(control) => (
          <Input
            {...control}
            ref={amountInput}
            type="number"
            inputMode="decimal"
            min={texts.min}
            max={mode === 'subtract' ? balance : undefined}
            step="0.00000001"
            placeholder="0.00000000"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </FormField>
      <FormField label="Reason" hint="Optional. Saved with the adjustment.">
        {(control) => (
          <Input
            {...control}
            maxLength={REASON_MAX_LENGTH}
            autoComplete="off"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? texts.busy : texts.submit}
        </Button>
      </div>
    </form>
  );
}
