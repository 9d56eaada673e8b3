import { twoFactorMessages } from '@btcp/shared/two-factor';
import { useId } from 'react';
import { FormCard } from '#web/components/form-card.tsx';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useAdminTwoFactorPolicy,
  useUpdateAdminTwoFactorPolicy,
} from '../api/admin-two-factor-policy.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';

/**
 * "Require two-factor for every admin" (decision 027): audited; the server enforces it. An admin
 * without two-factor of their own cannot turn it on (the server refuses them too), so the switch
 * says so beside it rather than after a try (decision 057).
 */
export function AdminTwoFactorPolicyCard() {
  const policy = useAdminTwoFactorPolicy();
  const update = useUpdateAdminTwoFactorPolicy();
  const ownFactor = useTwoFactorStatus('admin');
  const id = useId();
  const reasonId = useId();
  const set = (requiredForAdmins: boolean) =>
    update.mutate(
      { requiredForAdmins },
      {
        onSuccess: () =>
          toast.success(
            requiredForAdmins
              ? 'Every admin now needs two-factor authentication'
              : 'Two-factor is no longer required of admins',
          ),
        onError: (error) => toast.error('Error', { description: requestErrorMessage(error) }),
      },
    );
  return (
    <FormCard
      title="Admin sign-in"
      description="When this is on, an admin without two-factor authentication must set it up before using the admin area. Moderators use their own account’s two-factor."
    >
      {policy.isPending ? (
        <Skeleton className="h-6 w-64" />
      ) : policy.isError ? (
        <RetryAlert onRetry={() => policy.refetch()}>Could not load this setting.</RetryAlert>
      ) : (
        <PolicySwitch
          id={id}
          reasonId={reasonId}
          checked={
            update.isPending ? update.variables.requiredForAdmins : policy.data.requiredForAdmins
          }
          busy={update.isPending}
          // Unknown while loading or if it failed: the switch is offered, the server decides.
          cannotTurnOn={ownFactor.data?.enabled === false}
          onCheckedChange={set}
        />
      )}
    </FormCard>
  );
}

function PolicySwitch({
  id,
  reasonId,
  checked,
  busy,
  cannotTurnOn,
  onCheckedChange,
}: {
  id: string;
  reasonId: string;
  checked: boolean;
  busy: boolean;
  cannotTurnOn: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const refused = cannotTurnOn && !checked;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-4">
        <Label htmlFor={id} className={refused ? 'text-muted-foreground' : undefined}>
          {twoFactorMessages.requireForAdmins}
        </Label>
        <Switch
          id={id}
          checked={checked}
          disabled={busy || refused}
          aria-describedby={refused ? reasonId : undefined}
          onCheckedChange={onCheckedChange}
        />
      </div>
      {refused ? (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {twoFactorMessages.enableYourOwnFirst} Turn it on in Two-factor authentication on this
          page.
        </p>
      ) : null}
    </div>
  );
}
