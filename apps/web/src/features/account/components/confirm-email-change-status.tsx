import { accountLifecycleMessages as messages } from '@btcp/shared/account-lifecycle';
import { ErrorCode } from '@btcp/shared/error-codes';
import { paths } from '@btcp/shared/paths';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { useSignedIn } from '#web/lib/session.ts';
import { useConfirmEmailChange } from '../api/confirm-email-change.ts';

/** Where to go next: the account page when signed in here, else the sign-in page. */
function NextStep() {
  const signedIn = useSignedIn();
  return signedIn ? (
    <Link to={paths.account.getHref()} className={buttonVariants({ className: 'w-full' })}>
      Back to your account
    </Link>
  ) : (
    <Link to={paths.login.getHref()} className={buttonVariants({ className: 'w-full' })}>
      Sign in
    </Link>
  );
}

/**
 * Confirms the new address as soon as the page opens (decision 029), then says how it went. No
 * session is needed: the link may be opened in a browser that is not signed in.
 */
export function ConfirmEmailChangeStatus({ token }: { token: string }) {
  const { mutate: confirm, status, data, error } = useConfirmEmailChange();
  // A link works once: StrictMode's second effect run, or a re-render, must not send it again.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    confirm({ token });
  }, [token, confirm]);

  if (token && (status === 'idle' || status === 'pending')) {
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        {messages.confirmingEmail}
      </p>
    );
  }

  if (status === 'success') {
    return (
      <section aria-labelledby="confirm-result" className="grid justify-items-center gap-4">
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <h2 id="confirm-result" className="text-center text-xl font-semibold break-all">
          {messages.emailChanged(data.email)}
        </h2>
        <p className="text-center text-muted-foreground">
          Sign in with it from now on. Your old address was told of the change.
        </p>
        <NextStep />
      </section>
    );
  }

  const inUse = error instanceof ApiRequestError && error.code === ErrorCode.conflict;
  const invalid =
    !token || (error instanceof ApiRequestError && error.code === ErrorCode.invalidToken);
  return (
    <section aria-labelledby="confirm-result" className="grid gap-4">
      <div role="alert" className="grid gap-2 text-center">
        <h2 id="confirm-result" className="text-xl font-semibold">
          {inUse ? messages.emailInUse : 'The address could not be changed'}
        </h2>
        <p className="text-muted-foreground">
          {inUse
            ? 'Another account signs in with that address now. Your address stays as it was.'
            : invalid
              ? messages.invalidChangeLink
              : requestErrorMessage(error)}
        </p>
      </div>
      <NextStep />
    </section>
  );
}
