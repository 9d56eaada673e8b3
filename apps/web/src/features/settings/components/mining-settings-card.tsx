import { type MiningSettings, MiningSettingsSchema } from '@btcp/shared/settings';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { type Control, Controller, type UseFormReturn } from 'react-hook-form';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { useMiningSettings } from '../api/get-mining-settings.ts';
import { useUpdateMiningSettings } from '../api/update-mining-settings.ts';
import {
  CoinField,
  fieldError,
  SettingsCard,
  SettingsForm,
  useSettingsForm,
  WholeNumberField,
} from './settings-card.tsx';

const fieldNames = [
  'activePhase',
  'earlyRate',
  'transitionRate',
  'rewardIntervalSeconds',
  'referralBonus',
  'referralQualifyingMinutes',
] as const;

const phases: { value: MiningSettings['activePhase']; label: string }[] = [
  { value: 'early', label: 'Early Phase' },
  { value: 'transition', label: 'Transition Phase' },
];

// zod's own words for a number out of range ('Too small: expected number to be >=1') are not for people.
const resolver = zodResolver(MiningSettingsSchema, {
  error: (issue) =>
    issue.path?.[0] === 'rewardIntervalSeconds'
      ? 'Enter a whole number of seconds from 1 to 3600'
      : issue.path?.[0] === 'referralQualifyingMinutes'
        ? 'Enter a whole number of minutes from 0 to 10080'
        : undefined,
});

/** The phase whose rate miners earn now, as a radio group named by its visible label. */
function PhaseField({ control, error }: { control: Control<MiningSettings>; error?: string }) {
  const phaseLabelId = useId();
  return (
    <div className="grid gap-3">
      <p id={phaseLabelId} className="text-sm leading-none font-medium">
        Active phase
      </p>
      <Controller
        control={control}
        name="activePhase"
        render={({ field }) => (
          <RadioGroup
            ref={field.ref}
            aria-labelledby={phaseLabelId}
            value={field.value}
            onValueChange={field.onChange}
            className="sm:flex sm:gap-8"
          >
            {phases.map(({ value, label }) => (
              <div key={value} className="flex items-center gap-3">
                <RadioGroupItem value={value} id={`${phaseLabelId}-${value}`} />
                <Label htmlFor={`${phaseLabelId}-${value}`} className="leading-5 font-normal">
                  {label}
                </Label>
              </div>
            ))}
          </RadioGroup>
        )}
      />
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

/** Decision 033: the mining a referred user must do before the referrer's bonus is paid. */
function QualifyingField({ form }: { form: UseFormReturn<MiningSettings> }) {
  return (
    <WholeNumberField
      form={form}
      name="referralQualifyingMinutes"
      label="Referral qualifying time (minutes)"
      hint="Mining a referred user must do, in total, after verifying their email; 0 pays at verification."
      range={[0, 10_080]}
    />
  );
}

/** The first of the server's field errors, which the toast names too. */
function failureDescription(error: Error): string {
  const fieldError =
    error instanceof ApiRequestError
      ? fieldNames.map((name) => error.fields[name]).find(Boolean)
      : undefined;
  return fieldError ?? requestErrorMessage(error);
}

function MiningSettingsForm({ settings }: { settings: MiningSettings }) {
  const form = useSettingsForm({
    settings,
    resolver,
    update: useUpdateMiningSettings(),
    fieldNames,
    savedMessage: 'Settings saved',
    failureDescription,
  });

  return (
    <SettingsForm form={form} className="grid gap-6">
      <PhaseField control={form.control} error={fieldError(form, 'activePhase')} />
      <div className="grid gap-5">
        <CoinField
          form={form}
          name="earlyRate"
          label="Early phase hourly rate (BTCP)"
          hint="BTCP per hour of mining while the early phase is active."
        />
        <CoinField
          form={form}
          name="transitionRate"
          label="Transition phase hourly rate (BTCP)"
          hint="BTCP per hour of mining while the transition phase is active."
        />
        <WholeNumberField
          form={form}
          name="rewardIntervalSeconds"
          label="Reward interval (seconds)"
          hint="How often miners are credited, from 1 to 3600 seconds."
          range={[1, 3600]}
        />
        <CoinField
          form={form}
          name="referralBonus"
          label="Referral bonus (BTCP)"
          hint="Credited to the referrer once a referred user qualifies."
        />
        <QualifyingField form={form} />
      </div>
    </SettingsForm>
  );
}

/** The mining rules the server applies (D11, D12); saving them is audited on the server. */
export function MiningSettingsCard() {
  return (
    <SettingsCard
      title="Mining and Rewards"
      description="The hourly rate miners earn, how often they are credited, and the referral bonus."
      settings={useMiningSettings()}
      loadingLabel="Loading mining settings"
      fields={fieldNames.length}
    >
      {(settings) => <MiningSettingsForm settings={settings} />}
    </SettingsCard>
  );
}
