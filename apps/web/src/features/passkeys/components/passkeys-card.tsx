import { type Passkey, passkeyMessages } from '@btcp/shared/passkeys';
import { KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { FormCard } from '#web/components/form-card.tsx';
import { QueryContent } from '#web/components/query-content.tsx';
import { ReauthenticateDialog } from '#web/components/reauthenticate-dialog.tsx';
import { SignOutOthersOffer } from '#web/components/sign-out-others-offer.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useReauthenticatedAction } from '#web/hooks/use-reauthenticated-action.ts';
import { toast } from '#web/lib/toast.ts';
import { passkeyErrorMessage } from '#web/lib/webauthn.ts';
import { useAddPasskey } from '../api/add-passkey.ts';
import { confirmWithPasskey } from '../api/confirm-with-passkey.ts';
import { usePasskeys } from '../api/get-passkeys.ts';
import { useRemovePasskey } from '../api/remove-passkey.ts';
import { PasskeyRow } from './passkey-row.tsx';

const showError = (error: unknown) =>
  toast.error('Error', { description: passkeyErrorMessage(error) });

/** "Use a passkey" in the confirm dialog, for a member who already has one (decision 028). */
function ConfirmWithPasskeyButton({ onConfirmed }: { onConfirmed: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await confirmWithPasskey();
    } catch (error) {
      showError(error);
      return;
    } finally {
      setBusy(false);
    }
    await onConfirmed();
  };
  return (
    <Button type="button" variant="outline" disabled={busy} onClick={() => void confirm()}>
      <KeyRound aria-hidden="true" className="size-4" />
      {busy ? passkeyMessages.signingIn : passkeyMessages.useForReauthentication}
    </Button>
  );
}

/** The member's passkeys, each with Rename and Remove; or a line saying there are none. */
function PasskeyList({
  items,
  busy,
  onRemove,
}: {
  items: Passkey[];
  busy: boolean;
  onRemove: (passkey: Passkey) => void;
}) {
  if (items.length === 0) {
    return <p className="text-sm text-muted-foreground">{passkeyMessages.empty}</p>;
  }
  return (
    <ul className="divide-y divide-border">
      {items.map((passkey) => (
        <PasskeyRow key={passkey.id} passkey={passkey} busy={busy} onRemove={onRemove} />
      ))}
    </ul>
  );
}

/**
 * The member's passkeys on /account: listed with when they were added and last used, added with
 * the browser's own prompt, renamed, removed. Adding and removing ask the member to confirm it is
 * them when the password was entered more than 10 minutes ago (decision 025).
 */
export function PasskeysCard({ onSignOutOthers }: { onSignOutOthers?: () => Promise<void> }) {
  const passkeys = usePasskeys();
  const [changed, setChanged] = useState(false);
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const action = useReauthenticatedAction(showError);

  const addOne = () =>
    action.run(async () => {
      await add.mutateAsync();
      toast.success(passkeyMessages.added);
      setChanged(true);
    });
  const removeOne = (passkey: Passkey) =>
    action.run(async () => {
      await remove.mutateAsync(passkey.id);
      toast.success(passkeyMessages.removed);
      setChanged(true);
    });

  return (
    <FormCard
      title={passkeyMessages.title}
      description={passkeyMessages.description}
      contentClassName="grid gap-3"
    >
      <QueryContent
        query={passkeys}
        loadingClassName="grid gap-3"
        skeletons={['h-10']}
        failure="Could not load your passkeys."
        stacked
      >
        {({ items }) => (
          <PasskeyList
            items={items}
            busy={action.busy}
            onRemove={(target) => void removeOne(target)}
          />
        )}
      </QueryContent>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={action.busy || passkeys.isPending}
        onClick={() => void addOne()}
      >
        <Plus aria-hidden="true" className="size-4" />
        {add.isPending ? passkeyMessages.adding : passkeyMessages.add}
      </Button>
      {changed && onSignOutOthers ? <SignOutOthersOffer onSignOutOthers={onSignOutOthers} /> : null}
      <ReauthenticateDialog
        {...action.dialog}
        alternative={
          passkeys.data?.items.length ? (
            <ConfirmWithPasskeyButton onConfirmed={action.dialog.onConfirmed} />
          ) : undefined
        }
      />
    </FormCard>
  );
}
