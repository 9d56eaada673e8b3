import type { DatedWords } from '@btcp/shared/dated-words';
import { DatedWordsSchema, DEFAULT_DATED_WORDS } from '@btcp/shared/dated-words-schemas';
import { auditedSetting } from './service.ts';

/**
 * The `system_settings` row of the admin's "Dated words" card (D30, decision 056): a missing row
 * (nothing saved yet) or an unreadable one reads as the spec's words. A trigger (migration 0021)
 * tells every process that the landing and community pages showing it are stale.
 */
export const datedWords = auditedSetting<DatedWords>({
  key: 'dated_words',
  schema: DatedWordsSchema,
  defaults: DEFAULT_DATED_WORDS,
  action: 'settings.dated_words.update',
});
