import { paths } from '@btcp/shared/paths';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '#web/lib/session.ts';
import { AuthPage, type AuthPageProps, AuthPromptLink } from './auth-page.tsx';
import { SessionLoading } from './session-loading.tsx';

/** An admin goes to the admin dashboard, a user to theirs. */
function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { data: session, isPending } = useSession();
  if (isPending) return <SessionLoading />;
  if (session?.admin) return <Navigate to={paths.adminDashboard.getHref()} replace />;
  if (session?.user) return <Navigate to={paths.dashboard.getHref()} replace />;
  return children;
}

interface SignedOutAuthPageProps extends Omit<AuthPageProps, 'footer'> {
  /** The questions under the form and the pages that answer them: 'Already have an account? Sign in'. */
  prompts: readonly { prompt: string; to: string; link: string }[];
}

/** /login and /register: an auth page for visitors only; someone signed in is sent on. */
export function SignedOutAuthPage({ prompts, ...page }: SignedOutAuthPageProps) {
  return (
    <RedirectIfSignedIn>
      <AuthPage
        {...page}
        footer={prompts.map(({ prompt, to, link }) => (
          <AuthPromptLink key={to} prompt={prompt} to={to}>
            {link}
          </AuthPromptLink>
        ))}
      />
    </RedirectIfSignedIn>
  );
}
