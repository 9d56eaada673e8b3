import type { Staff } from '@btcp/shared';
import type { DatedWords } from '@btcp/shared/dated-words';
import { DatedWordsSchema, DEFAULT_DATED_WORDS } from '@btcp/shared/dated-words-schemas';
import type { Database, DatabaseOrTransaction } from '#server/db/client.ts';
import { loadSettingRow, saveAuditedSetting } from './service.ts';

/**
 * The `system_settings` row of the admin's "Dated words" card (D30, decision 056). A trigger
 * (migration 0021) tells every process that the landing and community pages showing it are stale.
 */
const SETTINGS_KEY = 'dated_words';

/** The stored words; a missing row (nothing saved yet) or an unreadable one reads as the spec's. */
export const loadDatedWords = (db: DatabaseOrTransaction): Promise<DatedWords> =>
  loadSettingRow(db, SETTINGS_KEY, DatedWordsSchema, DEFAULT_DATED_WORDS);

/** An admin changes them: audited with what they were and what they became. */
export function updateDatedWords(
  db: Database,
  staff: Staff,
  next: DatedWords,
): Promise<DatedWords> {
  return saveAuditedSetting(
    db,
    staff,
    { key: SETTINGS_KEY, action: 'settings.dated_words.update', load: loadDatedWords },
    next,
  );
}
