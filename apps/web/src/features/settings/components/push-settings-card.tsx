import { type PushSettings, PushSettingsSchema, pushMessages } from '@btcp/shared/push';
import { zodResolver } from '@hookform/resolvers/zod';
import { CheckboxField } from '#web/components/forms/checkbox-field.tsx';
import { usePushSettings, useUpdatePushSettings } from '../api/push-settings.ts';
import { SettingsCard, SettingsForm, useSettingsForm } from './settings-card.tsx';

const fieldNames = ['enabled'] as const;

function PushSettingsForm({ settings }: { settings: PushSettings }) {
  const form = useSettingsForm({
    settings,
    resolver: zodResolver(PushSettingsSchema),
    update: useUpdatePushSettings(),
    fieldNames,
    savedMessage: pushMessages.adminSaved,
  });
  return (
    <SettingsForm form={form} className="grid gap-5">
      <CheckboxField control={form.control} name="enabled" label={pushMessages.adminEnabledLabel} />
    </SettingsForm>
  );
}

/** Decision 063: whether the site sends Web Push at all; members choose the kinds themselves. */
export function PushSettingsCard() {
  return (
    <SettingsCard
      title={pushMessages.adminCardTitle}
      description={pushMessages.adminCardDescription}
      settings={usePushSettings()}
      loadingLabel="Loading push settings"
      fields={1}
    >
      {(settings) => <PushSettingsForm settings={settings} />}
    </SettingsCard>
  );
}
