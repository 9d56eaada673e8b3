import { authMessages } from '@btcp/shared/auth';
import { paths } from '@btcp/shared/paths';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { toast } from '#web/lib/toast.ts';

/** A reset page without a working link says so and sends the visitor to ask for a new one. */
export function InvalidResetLink() {
  useEffect(() => {
    // The id keeps StrictMode's second effect run from stacking a second toast.
    toast.error(authMessages.invalidOrExpiredLink, {
      id: 'invalid-reset-link',
      description: authMessages.invalidOrExpiredLinkDescription,
    });
  }, []);
  return <Navigate to={paths.forgotPassword.getHref()} replace />;
}
