import { ErrorCode } from '@btcp/shared/error-codes';
import { useState } from 'react';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useChooseUsername } from '../api/choose-username.ts';

/** The server's refusal of a post or comment from a member who has no username yet. */
export const needsUsername = (error: unknown): boolean =>
  error instanceof ApiRequestError && error.code === ErrorCode.usernameRequired;

/**
 * The composer's inline username step (decision 055): shown once the server asks for a name,
 * then saved just before the words are sent again, so the member presses one button once.
 */
export function useUsernameStep() {
  const [asked, setAsked] = useState(false);
  const [username, setUsername] = useState('');
  const [error, setError] = useState<string | undefined>();
  const choose = useChooseUsername();

  /** Saves the typed name; false (with the field's error shown) when it cannot be used. */
  const save = async (): Promise<boolean> => {
    if (!asked) return true;
    try {
      await choose.mutateAsync({ username: username.trim() });
      setAsked(false);
      setError(undefined);
      return true;
    } catch (failure) {
      setError(
        failure instanceof ApiRequestError
          ? (failure.fields.username ?? failure.message)
          : 'Could not save the username. Please try again.',
      );
      return false;
    }
  };

  return {
    asked,
    ask: () => setAsked(true),
    username,
    setUsername,
    error,
    busy: choose.isPending,
    save,
  };
}

export type UsernameStep = ReturnType<typeof useUsernameStep>;
