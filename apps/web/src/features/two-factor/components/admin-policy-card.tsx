import { twoFactorMessages } from '@btcp/shared/two-factor';
import { useId } from 'react';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import {
  useAdminTwoFactorPolicy,
  useUpdateAdminTwoFactorPolicy,
} from '../api/admin-two-factor-policy.ts';

/** "Require two-factor for every admin" (decision 027): audited; the server enforces it. */
export function AdminTwoFactorPolicyCard() {
  const policy = useAdminTwoFactorPolicy();
  const update = useUpdateAdminTwoFactorPolicy();
  const id = useId();
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
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Admin sign-in</CardTitle>
        <CardDescription>
          When this is on, an admin without two-factor authentication must set it up before using
          the admin area. Moderators use their own account’s two-factor.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : policy.isError ? (
          <RetryAlert onRetry={() => policy.refetch()}>Could not load this setting.</RetryAlert>
        ) : (
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={id}>{twoFactorMessages.requireForAdmins}</Label>
            <Switch
              id={id}
              checked={
                update.isPending
                  ? update.variables.requiredForAdmins
                  : policy.data.requiredForAdmins
              }
              disabled={update.isPending}
              onCheckedChange={set}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
