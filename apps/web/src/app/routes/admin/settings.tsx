import { pageTitles, paths } from '@btcp/shared/paths';
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { buttonVariants } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { ChangePasswordForm } from '#web/features/admin/components/change-password-form.tsx';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { ProofAdminCard } from '#web/features/proofs/components/proof-admin-card.tsx';
import { useEndSessions } from '#web/features/sessions/api/sessions.ts';
import { SessionsCard } from '#web/features/sessions/components/sessions-card.tsx';
import { MiningSettingsCard } from '#web/features/settings/components/mining-settings-card.tsx';
import { SignUpProtectionCard } from '#web/features/settings/components/sign-up-protection-card.tsx';
import { AdminTwoFactorPolicyCard } from '#web/features/two-factor/components/admin-policy-card.tsx';
import { TwoFactorCard } from '#web/features/two-factor/components/two-factor-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.adminSettings);
  const endSessions = useEndSessions('admin');
  return (
    <>
      <PageHeader title="Settings" description="Your admin account and the mining rules." />
      <div className="grid gap-6">
        <ChangePasswordForm />
        <div className="max-w-xl">
          <TwoFactorCard owner="admin" onSignOutOthers={() => endSessions.mutateAsync(null)} />
        </div>
        <AdminTwoFactorPolicyCard />
        <div className="max-w-xl">
          <SessionsCard owner="admin" />
        </div>
        <MiningSettingsCard />
        <SignUpProtectionCard />
        <ProofAdminCard />
        {/* D8: once an admin exists, only a signed-in admin can add another. */}
        <Card className="max-w-xl">
          <CardHeader>
            <CardTitle>Admins</CardTitle>
            <CardDescription>Give someone else an admin account of their own.</CardDescription>
          </CardHeader>
          <CardContent>
            <Link
              to={paths.createAdmin.getHref()}
              className={buttonVariants({ variant: 'outline' })}
            >
              <UserPlus aria-hidden="true" className="size-4" />
              Create Admin
            </Link>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
