import { DEFAULT_PUSH_SETTINGS, type PushSettings, PushSettingsSchema } from '@btcp/shared';
import { auditedSetting } from '#server/modules/settings/index.ts';

/** The admin's push on/off (decision 063), one JSON row, audited as settings.push.update. */
export const PUSH_SETTING_KEY = 'web_push';

export const pushSettings = auditedSetting<PushSettings>({
  key: PUSH_SETTING_KEY,
  schema: PushSettingsSchema,
  defaults: DEFAULT_PUSH_SETTINGS,
  action: 'settings.push.update',
});
