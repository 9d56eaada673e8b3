import type { TwoFactorEnrolment } from '@btcp/shared/two-factor';
import { twoFactorMessages } from '@btcp/shared/two-factor';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { FormCard } from '#web/components/form-card.tsx';
import { ReauthenticateDialog } from '#web/components/reauthenticate-dialog.tsx';
import { SignOutOthersOffer } from '#web/components/sign-out-others-offer.tsx';
import { RetryAlert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useReauthenticatedAction } from '#web/hooks/use-reauthenticated-action.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useTwoFactorStatus } from '../api/get-two-factor-status.ts';
import type { TwoFactorOwner } from '../api/owner.ts';
import { reauthenticate } from '../api/reauthenticate.ts';
import { refreshTwoFactorState } from '../api/refresh.ts';
import { regenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { startEnrolment } from '../api/start-enrolment.ts';
import { DisableTwoFactorDialog } from './disable-dialog.tsx';
import { EnrolPanel } from './enrol-panel.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] };

/** What the card shows while no set-up or codes are on screen: On/Off and the right buttons. */
function StatusView({
  owner,
  busy,
  onTurnOn,
  onNewCodes,
  onDisabled,
}: {
  owner: TwoFactorOwner;
  busy: boolean;
  onTurnOn: () => void;
  onNewCodes: () => void;
  onDisabled: () => void;
}) {
  const status = useTwoFactorStatus(owner);
  if (status.isPending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-10 w-32" />
      </div>
    );
  }
  if (status.isError) {
    return (
      <RetryAlert stacked onRetry={() => status.refetch()}>
        Could not load your two-factor settings.
      </RetryAlert>
    );
  }
  const { enabled, recoveryCodesLeft } = status.data;
  return (
    <div className="grid gap-4">
      <p className="flex items-center gap-2 font-medium">
        Two-factor authentication:{' '}
        <Badge
          className={
            enabled
              ? 'border-success/30 bg-success/10 text-success'
              : 'border-border text-muted-foreground'
          }
        >
          {enabled ? 'On' : 'Off'}
        </Badge>
      </p>
      {enabled ? (
        <p className="text-sm text-muted-foreground">
          Recovery codes left: {recoveryCodesLeft} of 10.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {enabled ? (
          <>
            <ConfirmDialog
              title="Make new recovery codes?"
              description="Your saved recovery codes stop working at once, and ten new ones are shown here for you to save instead."
              confirmLabel="Make new codes"
              onConfirm={onNewCodes}
              trigger={
                <Button variant="outline" disabled={busy}>
                  New recovery codes
                </Button>
              }
            />
            <DisableTwoFactorDialog owner={owner} onDisabled={onDisabled} />
          </>
        ) : (
          <Button disabled={busy} onClick={onTurnOn}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {busy ? 'Starting...' : 'Turn on two-factor'}
          </Button>
        )}
      </div>
    </div>
  );
}

/**
 * Two-factor authentication (decision 027) for the member's account page or the admin's settings:
 * whether it is on, turning it on (QR code, key, a first code, recovery codes), new recovery codes
 * and turning it off; after a change, the offer to sign out everywhere else.
 */
export function TwoFactorCard({
  owner,
  onSignOutOthers,
}: {
  owner: TwoFactorOwner;
  onSignOutOthers?: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [changed, setChanged] = useState(false);
  const password = useReauthenticatedAction((error) =>
    toast.error('Error', { description: requestErrorMessage(error) }),
  );
  const turnOn = () =>
    password.run(async () => {
      setView({ kind: 'enrolling', enrolment: await startEnrolment(owner) });
    });
  const newCodes = () =>
    password.run(async () => {
      const { recoveryCodes } = await regenerateRecoveryCodes(owner);
      refreshTwoFactorState(queryClient, owner);
      toast.success(twoFactorMessages.regenerated);
      setView({ kind: 'codes', codes: recoveryCodes });
    });
  const toStatus = () => setView({ kind: 'status' });

  return (
    <FormCard
      title={twoFactorMessages.title}
      description="Sign in with your password and a code from an authenticator app on your phone."
      contentClassName="grid gap-4"
    >
      {view.kind === 'enrolling' ? (
        <EnrolPanel
          owner={owner}
          enrolment={view.enrolment}
          onConfirmed={(codes) => {
            setChanged(true);
            setView({ kind: 'codes', codes });
          }}
          onCancel={toStatus}
        />
      ) : view.kind === 'codes' ? (
        <RecoveryCodesPanel codes={view.codes} onDone={toStatus} />
      ) : (
        <StatusView
          owner={owner}
          busy={password.busy}
          onTurnOn={() => void turnOn()}
          onNewCodes={() => void newCodes()}
          onDisabled={() => setChanged(true)}
        />
      )}
      {changed && onSignOutOthers && view.kind === 'status' ? (
        <SignOutOthersOffer onSignOutOthers={onSignOutOthers} />
      ) : null}
      <ReauthenticateDialog
        {...password.dialog}
        reauthenticate={(values) => reauthenticate(owner, values)}
      />
    </FormCard>
  );
}
