import { type StreakSettings, StreakSettingsSchema, streakMessages } from '@btcp/shared/streaks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStreakSettings, useUpdateStreakSettings } from '../api/streak-settings.ts';
import {
  CoinField,
  SettingsCard,
  SettingsForm,
  useSettingsForm,
  WholeNumberField,
} from './settings-card.tsx';

const fieldNames = ['qualifyingMinutes', 'milestoneBonus'] as const;

function StreakSettingsForm({ settings }: { settings: StreakSettings }) {
  const form = useSettingsForm({
    settings,
    resolver: zodResolver(StreakSettingsSchema),
    update: useUpdateStreakSettings(),
    fieldNames,
    savedMessage: streakMessages.settingsSaved,
  });
  return (
    <SettingsForm form={form} className="grid gap-5 sm:grid-cols-2">
      <WholeNumberField
        form={form}
        name="qualifyingMinutes"
        label="Mining day (minutes)"
        hint="Mining a member must be paid for on a UTC day for it to count toward their streak."
        range={[1, 1440]}
      />
      <CoinField
        form={form}
        name="milestoneBonus"
        label="Streak bonus (BTCP)"
        hint={streakMessages.bonusHint}
      />
    </SettingsForm>
  );
}

/** Decision 060: what makes a mining day, and what each 7 days of a streak pay. */
export function StreakSettingsCard() {
  return (
    <SettingsCard
      title={streakMessages.settingsTitle}
      description={streakMessages.settingsDescription}
      settings={useStreakSettings()}
      loadingLabel="Loading streak settings"
      fields={2}
    >
      {(settings) => <StreakSettingsForm settings={settings} />}
    </SettingsCard>
  );
}
