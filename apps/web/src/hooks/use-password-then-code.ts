import type { TwoFactorSignInBody } from '@btcp/shared/two-factor';
import { type ReactNode, useState } from 'react';

/** What a sign-in's second step is given. */
export interface SecondStepProps {
  /** Sends the answer; resolves once signed in (the caller navigates), rejects with the API error. */
  submit: (answer: TwoFactorSignInBody) => Promise<void>;
  /** Back to the password: also where a pending sign-in that ended sends the person. */
  onBack: () => void;
}

/** The second step's form, composed in by the page (decision 027): it sends the answer, or goes Back. */
export type SecondStep = (step: SecondStepProps) => ReactNode;

interface PasswordThenCodeOptions<Result> {
  secondStep: SecondStep | undefined;
  /** Sends the second step's answer; resolves with the session it starts. */
  verify: (answer: TwoFactorSignInBody) => Promise<Result>;
  signedIn: (result: Result) => void;
  /** What going back to the password does to the form besides showing it (clears the password). */
  onBack: () => void;
}

/**
 * A sign-in in two steps (decision 027): `passwordAccepted` takes the password step's answer and
 * either signs in or, when the account has two-factor on, turns to the page's second step, which
 * `codeStep` is while it shows (undefined while the password form does).
 */
export function usePasswordThenCode<Result extends { twoFactorRequired?: true }>({
  secondStep,
  verify,
  signedIn,
  onBack,
}: PasswordThenCodeOptions<Result>) {
  const [askingForCode, setAskingForCode] = useState(false);

  const passwordAccepted = (result: Result) => {
    if (result.twoFactorRequired) setAskingForCode(true);
    else signedIn(result);
  };

  const codeStep =
    askingForCode && secondStep
      ? secondStep({
          submit: async (answer) => signedIn(await verify(answer)),
          onBack: () => {
            setAskingForCode(false);
            onBack();
          },
        })
      : undefined;

  return { passwordAccepted, codeStep };
}
