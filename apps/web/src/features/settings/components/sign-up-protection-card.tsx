import {
  type SignUpProtection,
  SignUpProtectionSchema,
  signUpMessages,
} from '@btcp/shared/sign-up';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSignUpProtection, useUpdateSignUpProtection } from '../api/sign-up-protection.ts';
import { SettingsCard, SettingsForm, useSettingsForm, WholeNumberField } from './settings-card.tsx';

const fieldNames = ['proofOfWorkAttempts', 'registrationsPerNetworkPerDay'] as const;

function SignUpProtectionForm({ settings }: { settings: SignUpProtection }) {
  const form = useSettingsForm({
    settings,
    resolver: zodResolver(SignUpProtectionSchema),
    update: useUpdateSignUpProtection(),
    fieldNames,
    savedMessage: signUpMessages.settingsSaved,
  });
  return (
    <SettingsForm form={form} className="grid gap-5">
      <WholeNumberField
        form={form}
        name="proofOfWorkAttempts"
        label="Proof of work (attempts at most)"
        hint="Work a browser does before registering or asking for a link. 2000 takes about a second on a phone; double it to double the cost."
        range={[1, 1_000_000]}
      />
      <WholeNumberField
        form={form}
        name="registrationsPerNetworkPerDay"
        label="Registrations per network per day"
        hint="Accounts one home or office network (IPv4 /24, IPv6 /64) may register in 24 hours."
        range={[1, 10_000]}
      />
    </SettingsForm>
  );
}

/** Decision 031: what registering costs a browser, and how many accounts a network may make a day. */
export function SignUpProtectionCard() {
  return (
    <SettingsCard
      title="Sign-up protection"
      description="Makes mass registration costly without asking anyone who they are."
      settings={useSignUpProtection()}
      loadingLabel="Loading sign-up protection"
      fields={2}
    >
      {(settings) => <SignUpProtectionForm settings={settings} />}
    </SettingsCard>
  );
}
