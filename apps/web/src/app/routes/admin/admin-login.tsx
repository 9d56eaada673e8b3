import { pageTitles, paths } from '@btcp/shared/paths';
import { Navigate } from 'react-router';
import { AdminLoginForm } from '#web/features/admin/components/admin-login-form.tsx';
import { AuthCard } from '#web/features/admin/components/auth-card.tsx';
import { SecondFactorForm } from '#web/features/two-factor/components/second-factor-form.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';
import { useSession } from '#web/lib/session.ts';

export function Component() {
  useDocumentTitle(pageTitles.adminLogin);
  const session = useSession();
  if (session.data?.admin) return <Navigate to={paths.adminDashboard.getHref()} replace />;
  return (
    <AuthCard title="Admin Login" description="Sign in to manage the platform.">
      <AdminLoginForm secondStep={(step) => <SecondFactorForm {...step} />} />
    </AuthCard>
  );
}
