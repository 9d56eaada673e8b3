import type { SignalAccount, SignalCluster } from '@btcp/shared/signals';
import { useId } from 'react';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** The accounts a ban can still take: those not banned or deleted already. */
export const bannable = (cluster: SignalCluster): SignalAccount[] =>
  cluster.accounts.filter(
    (account) => account.status === 'active' || account.status === 'unverified',
  );

/** Ticked at first: every bannable account but a referral tree's referrer, left to a choice. */
export const firstChoice = (cluster: SignalCluster): Set<string> =>
  new Set(bannable(cluster).flatMap(({ id }) => (id === cluster.referrerId ? [] : [id])));

/**
 * One checkbox per account the cluster lists, so staff can leave any of them out of the ban; the
 * referrer is marked as such. Accounts beyond the listed ones are never banned from here.
 */
export function SignalBanChoice({
  cluster,
  chosen,
  error,
  onChange,
}: {
  cluster: SignalCluster;
  chosen: ReadonlySet<string>;
  error: string | null;
  onChange: (chosen: Set<string>) => void;
}) {
  const id = useId();
  const accounts = bannable(cluster);
  const toggle = (accountId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(accountId);
    else next.delete(accountId);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Accounts to ban</legend>
      <ul className="grid max-h-60 gap-2 overflow-y-auto rounded-md border border-border p-3">
        {accounts.map((account) => (
          <li key={account.id} className="flex items-start gap-2">
            {/* Radix's checkbox is a button: the label names it by id as well as by htmlFor. */}
            <Checkbox
              id={`${id}-${account.id}`}
              aria-labelledby={`${id}-${account.id}-label`}
              checked={chosen.has(account.id)}
              onCheckedChange={(checked) => toggle(account.id, checked === true)}
            />
            <Label
              id={`${id}-${account.id}-label`}
              htmlFor={`${id}-${account.id}`}
              className="min-w-0 font-normal [overflow-wrap:anywhere]"
            >
              {account.username ? `${account.username} · ${account.email}` : account.email}
              {account.id === cluster.referrerId ? (
                <>
                  {' '}
                  <span className="text-muted-foreground">(the referrer)</span>
                </>
              ) : null}
            </Label>
          </li>
        ))}
      </ul>
      {accounts.length < cluster.accountCount ? (
        <p className="text-sm text-muted-foreground">
          Only the listed accounts can be banned here; the others stay as they are.
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
