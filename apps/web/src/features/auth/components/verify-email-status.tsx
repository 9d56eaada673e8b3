import { authMessages } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { useVerifyEmail } from '../api/verify-email.ts';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** Verifies the link's token as soon as the page opens, then says how it went. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const { mutate: verify, status } = useVerifyEmail();
  // A token works once: StrictMode's second effect run, or a re-render, must not send it again.
  const sentToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    verify({ token });
  }, [token, verify]);

  if (token && (status === 'idle' || status === 'pending')) {
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        Verifying your email...
      </p>
    );
  }

  if (status === 'success') {
    return (
      <section
        aria-labelledby="verify-result"
        className="grid justify-items-center gap-4 text-center"
      >
        <CircleCheck aria-hidden="true" className="size-12 text-success" />
        <h2 id="verify-result" className="text-xl font-semibold">
          Email verified
        </h2>
        <p className="text-muted-foreground">
          Your email address is confirmed. Sign in to start mining.
        </p>
        <Link
          to={paths.login.getHref()}
          className={buttonVariants({ size: 'lg', className: 'w-full' })}
        >
          Sign in
        </Link>
      </section>
    );
  }

  return (
    <section aria-labelledby="verify-result" className="grid gap-4">
      <div role="alert" className="grid gap-2 text-center">
        <h2 id="verify-result" className="text-xl font-semibold">
          {authMessages.invalidOrExpiredLink}
        </h2>
        <p className="text-muted-foreground">
          This verification link is invalid or has expired. Enter your email address and we will
          send you a new one.
        </p>
      </div>
      <ResendVerificationForm />
    </section>
  );
}
