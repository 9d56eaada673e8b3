import { useRef, useState } from 'react';
import { needsReauthentication } from '#web/lib/reauthentication.ts';

/**
 * Runs a sensitive action (decision 025): when the server answers REAUTHENTICATION_REQUIRED, the
 * "Confirm it's you" dialog opens, and the same action runs again once the member has confirmed.
 * Any other failure goes to `onError`; `run` itself never throws.
 */
export function useReauthenticatedAction(onError: (error: unknown) => void) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const lastAction = useRef<(() => Promise<void>) | null>(null);

  const run = async (action: () => Promise<void>) => {
    lastAction.current = action;
    setBusy(true);
    try {
      await action();
      setAsking(false);
    } catch (error) {
      if (needsReauthentication(error)) {
        setAsking(true);
      } else {
        setAsking(false);
        onError(error);
      }
    } finally {
      setBusy(false);
    }
  };

  return {
    run,
    busy,
    /** Props for ReauthenticateDialog. */
    dialog: {
      open: asking,
      onOpenChange: setAsking,
      onConfirmed: async () => {
        if (lastAction.current) await run(lastAction.current);
      },
    },
  };
}
