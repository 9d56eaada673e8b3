import { pageTitles } from '@btcp/shared/paths';
import { AdminsCard } from '#web/features/admin/components/admins-card.tsx';
import { ChangePasswordForm } from '#web/features/admin/components/change-password-form.tsx';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { ProofAdminCard } from '#web/features/proofs/components/proof-admin-card.tsx';
import { useEndSessions } from '#web/features/sessions/api/sessions.ts';
import { SessionsCard } from '#web/features/sessions/components/sessions-card.tsx';
import { DatedWordsCard } from '#web/features/settings/components/dated-words-card.tsx';
import { MiningSettingsCard } from '#web/features/settings/components/mining-settings-card.tsx';
import { PushSettingsCard } from '#web/features/settings/components/push-settings-card.tsx';
import { SignUpProtectionCard } from '#web/features/settings/components/sign-up-protection-card.tsx';
import { StreakSettingsCard } from '#web/features/settings/components/streak-settings-card.tsx';
import { AdminTwoFactorPolicyCard } from '#web/features/two-factor/components/admin-policy-card.tsx';
import { TwoFactorCard } from '#web/features/two-factor/components/two-factor-card.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/**
 * Two columns on a wide screen, one on a phone: the admin's own account on the left (then the
 * dated words), the platform's rules on the right. Each column stacks its own cards, so a tall card
 * never leaves a gap beside a short one, and the reading (and tab) order is one column, then the
 * other.
 */
export function Component() {
  useDocumentTitle(pageTitles.adminSettings);
  const endSessions = useEndSessions('admin');
  return (
    <>
      <PageHeader title="Settings" description="Your admin account and the mining rules." />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid min-w-0 gap-6">
          <ChangePasswordForm />
          <TwoFactorCard owner="admin" onSignOutOthers={() => endSessions.mutateAsync(null)} />
          <SessionsCard owner="admin" />
          <AdminsCard />
          {/* The tallest card, under the shorter group, so the two columns end close together. */}
          <DatedWordsCard />
        </div>
        <div className="grid min-w-0 gap-6">
          <AdminTwoFactorPolicyCard />
          <MiningSettingsCard />
          <StreakSettingsCard />
          <SignUpProtectionCard />
          <PushSettingsCard />
          <ProofAdminCard />
        </div>
      </div>
    </>
  );
}
