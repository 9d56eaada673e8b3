import { ErrorCode } from '@btcp/shared/error-codes';
import { useRef, useState } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';

const needsPassword = (error: unknown) =>
  error instanceof ApiRequestError && error.code === ErrorCode.reauthenticationRequired;

/**
 * Runs a sensitive action (decision 025): when the server answers REAUTHENTICATION_REQUIRED, the
 * password dialog opens, and the same action runs again once the password is confirmed. Any other
 * failure goes to `onError`; `run` itself never throws.
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
      if (needsPassword(error)) {
        setAsking(true);
      } else {
        // The form behind the dialog shows what went wrong.
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
